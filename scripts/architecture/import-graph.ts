import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** One import of one source file, resolved to a repository-relative path when it points into the repository. */
export interface ImportEdge {
  /** The importing file, relative to the repository root, with forward slashes. */
  from: string;
  /** The file it resolves to (relative, forward slashes), or null for a package outside the repository. */
  to: string | null;
  specifier: string;
  /** `import('...')`: a lazy page loads its own file so that the bundler can split it. */
  isDynamic: boolean;
  line: number;
}

const SOURCE = /\.(ts|tsx|mts)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'test-results', 'playwright-report', 'data']);

export function listSources(root: string, dir: string): string[] {
  const out: string[] = [];
  const walk = (abs: string) => {
    for (const entry of readdirSync(abs, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!SKIP_DIRS.has(entry.name)) walk(join(abs, entry.name));
      } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        out.push(toPosix(relative(root, join(abs, entry.name))));
      }
    }
  };
  walk(join(root, dir));
  return out.sort();
}

const toPosix = (path: string) => path.split('\\').join('/');

/** The specifiers a file imports or re-exports, read with TypeScript's own parser (comments and strings cannot fool it). */
export function specifiersOf(fileName: string, text: string): Array<{ specifier: string; isDynamic: boolean; line: number }> {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const found: Array<{ specifier: string; isDynamic: boolean; line: number }> = [];
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push({ specifier: node.moduleSpecifier.text, isDynamic: false, line: lineOf(node) });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments.length > 0 &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, isDynamic: true, line: lineOf(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const compilerOptions: ts.CompilerOptions = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowImportingTsExtensions: true,
  jsx: ts.JsxEmit.ReactJSX,
};

/** Every import of the given folders, resolved the way the compiler resolves it (Bundler resolution, as tsconfig says). */
export function importGraph(root: string, dirs: string[]): ImportEdge[] {
  const host = ts.sys;
  const edges: ImportEdge[] = [];
  for (const dir of dirs) {
    for (const file of listSources(root, dir)) {
      const abs = join(root, file);
      for (const { specifier, isDynamic, line } of specifiersOf(file, readFileSync(abs, 'utf8'))) {
        let to: string | null = null;
        if (specifier.startsWith('.')) {
          const resolved = ts.resolveModuleName(specifier, abs, compilerOptions, host).resolvedModule;
          // An unresolvable relative import still names a place: keep it, the compiler reports it missing.
          to = toPosix(relative(root, resolved ? resolved.resolvedFileName : resolve(dirname(abs), specifier)));
        } else if (specifier.startsWith('@portico/')) {
          const resolved = ts.resolveModuleName(specifier, abs, compilerOptions, host).resolvedModule;
          if (resolved && !resolved.resolvedFileName.includes('node_modules/.')) {
            to = toPosix(relative(root, resolved.resolvedFileName));
            if (to.startsWith('node_modules/')) to = null;
          }
        }
        edges.push({ from: file, to, specifier, isDynamic, line });
      }
    }
  }
  return edges;
}

/** Strongly connected components (Tarjan) of a graph given as adjacency sets; only components of two or more nodes. */
export function cycles(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const lowlink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (node: string) => {
    indices.set(node, index);
    lowlink.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        connect(next);
        lowlink.set(node, Math.min(lowlink.get(node)!, lowlink.get(next)!));
      } else if (onStack.has(next)) {
        lowlink.set(node, Math.min(lowlink.get(node)!, indices.get(next)!));
      }
    }
    if (lowlink.get(node) === indices.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!indices.has(node)) connect(node);
  return found;
}
