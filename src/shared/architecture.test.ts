import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The import graph of `src/`, checked: imports flow shared → server and shared → web, and no module
 * reaches itself through others. A circle makes load order decide what a module sees (a value read
 * before its module ran is undefined), and it is usually a type living in the wrong file.
 * `npm run lint:imports` runs only this file.
 */

const SRC = fileURLToPath(new URL('..', import.meta.url));

type Graph = Map<string, string[]>;

/** Tests and the test harness may reach anywhere; the app may not. */
function isAppSource(relative: string): boolean {
  if (!/\.tsx?$/.test(relative) || /\.test\.tsx?$/.test(relative)) return false;
  return !relative.startsWith('e2e/') && !relative.startsWith('server/testing/');
}

function appSources(dir = SRC): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return appSources(full);
    return isAppSource(path.relative(SRC, full).split(path.sep).join('/')) ? [full] : [];
  });
}

/** Every module a file names: imports and re-exports (types only too) and `import('…')` with a literal. */
function specifiersOf(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference) && ts.isStringLiteral(node.moduleReference.expression)) {
      found.push(node.moduleReference.expression.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) {
      found.push(node.arguments[0].text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The source file a relative specifier names (`./x.js` is `./x.ts` or `./x.tsx`); null for packages and assets. */
function resolve(from: string, specifier: string): string | null {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return null;
  const target = path.resolve(path.dirname(from), specifier);
  const stem = target.replace(/\.(js|jsx|mjs|ts|tsx|mts)$/, '');
  const candidates = /\.(ts|tsx|mts)$/.test(target) ? [target] : [`${stem}.ts`, `${stem}.tsx`, path.join(target, 'index.ts'), path.join(target, 'index.tsx')];
  return candidates.find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile()) ?? null;
}

/** Files by their path under `src/`, each with the files it imports. */
function importGraph(): Graph {
  const graph: Graph = new Map();
  for (const file of appSources()) {
    const targets = specifiersOf(file, fs.readFileSync(file, 'utf8'))
      .map((specifier) => resolve(file, specifier))
      .filter((target): target is string => target !== null)
      .map((target) => path.relative(SRC, target).split(path.sep).join('/'));
    graph.set(path.relative(SRC, file).split(path.sep).join('/'), [...new Set(targets)]);
  }
  return graph;
}

/**
 * The circles in a graph, each as the path that closes it (`a -> b -> a`), first node the smallest
 * name: one per edge that leads back into the walk, so every tangle is reported at least once.
 */
function findCycles(graph: Graph): string[][] {
  const cycles = new Map<string, string[]>();
  const done = new Set<string>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const walk = (node: string) => {
    stack.push(node);
    onStack.add(node);
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      if (onStack.has(next)) {
        const loop = stack.slice(stack.indexOf(next));
        const start = loop.indexOf([...loop].sort()[0]);
        const rotated = [...loop.slice(start), ...loop.slice(0, start)];
        cycles.set(rotated.join(' -> '), [...rotated, rotated[0]]);
      } else if (!done.has(next) && graph.has(next)) {
        walk(next);
      }
    }
    stack.pop();
    onStack.delete(node);
    done.add(node);
  };
  for (const node of [...graph.keys()].sort()) if (!done.has(node)) walk(node);
  return [...cycles.values()];
}

/** Imports that cross a layer the wrong way, as `from -> to`. */
function crossings(graph: Graph, from: string, forbidden: readonly string[]): string[] {
  return [...graph].flatMap(([file, targets]) =>
    file.startsWith(from) ? targets.filter((target) => forbidden.some((layer) => target.startsWith(layer))).map((target) => `${file} -> ${target}`) : [],
  );
}

describe('the checks themselves', () => {
  const graphOf = (edges: Record<string, string[]>): Graph => new Map(Object.entries(edges));
  const shown = (graph: Graph) => findCycles(graph).map((cycle) => cycle.join(' -> '));

  it('finds nothing in a graph without circles', () => {
    expect(shown(graphOf({ a: ['b', 'c'], b: ['c'], c: [], d: ['a'] }))).toEqual([]);
  });

  it('finds a circle wherever the walk enters it, named from its smallest node', () => {
    expect(shown(graphOf({ d: ['c'], c: ['a'], a: ['b'], b: ['c'] }))).toEqual(['a -> b -> c -> a']);
  });

  it('finds a module importing itself, and separate circles separately', () => {
    expect(shown(graphOf({ a: ['a'], b: ['c'], c: ['b', 'x'], x: [] }))).toEqual(['a -> a', 'b -> c -> b']);
  });

  it('finds two circles through one module', () => {
    expect(shown(graphOf({ a: ['b', 'c'], b: ['a'], c: ['a'] }))).toEqual(['a -> b -> a', 'a -> c -> a']);
  });

  it('names the imports that cross into a forbidden layer', () => {
    const graph = graphOf({ 'server/a.ts': ['web/b.ts', 'shared/c.ts'], 'web/b.ts': ['shared/c.ts'], 'shared/c.ts': [] });
    expect(crossings(graph, 'server/', ['web/'])).toEqual(['server/a.ts -> web/b.ts']);
    expect(crossings(graph, 'shared/', ['server/', 'web/'])).toEqual([]);
  });
});

describe('reading imports', () => {
  it('reads imports and re-exports, types only too, and import() with a literal', () => {
    const text = [
      "import { a } from './a.js';",
      "import type { B } from '../b.js';",
      "export type { C } from './c.js';",
      "export * from './d.js';",
      "import './e.css';",
      "const f = () => import('./f.js');",
      "type G = typeof import('./g.js');",
      "const h = (name: string) => import(name);",
      "import fs from 'node:fs';",
    ].join('\n');
    expect(specifiersOf('x.tsx', text)).toEqual(['./a.js', '../b.js', './c.js', './d.js', './e.css', './f.js', './g.js', 'node:fs']);
  });

  it('maps a `.js` specifier to its `.ts` or `.tsx` source, and leaves packages out', () => {
    const from = path.join(SRC, 'web/routes/public/news/detail.tsx');
    expect(resolve(from, '../../../public/news-card.js')).toBe(path.join(SRC, 'web/public/news-card.tsx'));
    expect(resolve(from, '../../../../shared/paths.js')).toBe(path.join(SRC, 'shared/paths.ts'));
    expect(resolve(from, 'react-router')).toBeNull();
  });
});

describe('the import graph of src/', () => {
  const graph = importGraph();

  it('has no import circles', () => {
    expect(findCycles(graph).map((cycle) => cycle.join(' -> '))).toEqual([]);
  });

  it('keeps the server out of the web app, and both out of shared', () => {
    expect(crossings(graph, 'server/', ['web/'])).toEqual([]);
    expect(crossings(graph, 'web/', ['server/'])).toEqual([]);
    expect(crossings(graph, 'shared/', ['server/', 'web/'])).toEqual([]);
  });
});
