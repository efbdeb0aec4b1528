import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * What a module loads as soon as it is loaded, read from the sources: value imports and re-exports,
 * not types and not `import()`. The tests that keep a package out of a first load (the back-office's
 * antd, the server's optional clients) walk these.
 */
export function staticImportsOf(file: string): string[] {
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

/** Every package `entry` loads, each with the chain of files (relative to `root`) that leads to it. */
export function packagesReached(entry: string, root: string): Map<string, string[]> {
  const reached = new Map<string, string[]>();
  const seen = new Set<string>();
  const walk = (file: string, chain: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of staticImportsOf(file)) {
      const next = resolve(file, specifier);
      if (next) walk(next, [...chain, path.relative(root, next)]);
      else if (!specifier.startsWith('.') && !reached.has(specifier)) reached.set(specifier, chain);
    }
  };
  walk(entry, [path.relative(root, entry)]);
  return reached;
}
