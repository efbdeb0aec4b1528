// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The back-office's first screens draw without antd (docs/decisions/0065): the frame, and every
 * screen whose route says `handle = { plain: true }`. What they import before anything is clicked
 * (static value imports; not types, not `import()`) must not reach antd or `@ant-design/icons`,
 * or the first load carries antd's style system again, whatever the bench says on the day.
 */

const WEB = fileURLToPath(new URL('../..', import.meta.url));
const ANTD = /^(antd|@ant-design\/icons|@ant-design\/cssinjs)(\/|$)/;

/** The modules a file loads when it is loaded: value imports and re-exports, without types and `import()`. */
function staticImportsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  for (const node of source.statements) {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && !node.importClause?.isTypeOnly) {
      const named = node.importClause?.namedBindings;
      const onlyTypes = !node.importClause?.name && named && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly);
      if (!onlyTypes) found.push(node.moduleSpecifier.text);
    }
    if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) && !node.isTypeOnly) found.push(node.moduleSpecifier.text);
  }
  return found;
}

function resolve(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const stem = path.resolve(path.dirname(from), specifier).replace(/\.(js|ts|tsx)$/, '');
  return [`${stem}.ts`, `${stem}.tsx`].find((candidate) => fs.existsSync(candidate)) ?? null;
}

/** Every package the file loads, with the chain of files that leads to it. */
function packagesReached(entry: string): Map<string, string[]> {
  const reached = new Map<string, string[]>();
  const seen = new Set<string>();
  const walk = (file: string, chain: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of staticImportsOf(file)) {
      const next = resolve(file, specifier);
      if (next) walk(next, [...chain, path.relative(WEB, next)]);
      else if (!specifier.startsWith('.') && !reached.has(specifier)) reached.set(specifier, chain);
    }
  };
  walk(entry, [path.relative(WEB, entry)]);
  return reached;
}

const routeFile = (relative: string) => path.join(WEB, 'routes', relative);

/** The route modules that say they draw without antd. */
function plainRoutes(dir = path.join(WEB, 'routes', 'admin')): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return plainRoutes(full);
    if (!/\.tsx$/.test(entry.name) || entry.name.endsWith('.test.tsx')) return [];
    return /export const handle = \{ plain: true \}/.test(fs.readFileSync(full, 'utf8')) ? [full] : [];
  });
}

describe('the first load of the back-office', () => {
  it('names the landing lists of news, jobs and applications as drawn without antd', () => {
    expect(plainRoutes().map((file) => path.relative(WEB, file)).sort()).toEqual(
      expect.arrayContaining(['routes/admin/applications/list.tsx', 'routes/admin/jobs/list.tsx', 'routes/admin/news/list.tsx']),
    );
  });

  for (const entry of [routeFile('admin/security-layout.tsx'), routeFile('admin/management-layout.tsx'), ...plainRoutes()]) {
    it(`loads no antd from ${path.relative(WEB, entry)}`, () => {
      const antd = [...packagesReached(entry)].filter(([name]) => ANTD.test(name)).map(([name, chain]) => `${name} via ${chain.join(' → ')}`);
      expect(antd).toEqual([]);
    });
  }

  it('would see antd where a screen loads it', () => {
    expect([...packagesReached(routeFile('admin/news/modify.tsx')).keys()].some((name) => ANTD.test(name))).toBe(true);
  });
});
