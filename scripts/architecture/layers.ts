import { cycles, type ImportEdge, importGraph } from './import-graph';

/**
 * Portico's layers and doors (docs/architecture.md, decision 1030), as data a test can check.
 *
 * Web, from the bottom: `ui` (presentational) < `core` (API client, auth, member, refresh, forms) < `features` <
 * `app` (router, shell, providers). A layer imports only its own layer and the ones below. A server module or a web
 * feature is entered through its `index.ts` only; `packages/shared` imports nothing of the apps.
 */

const WEB_LAYERS = ['web:ui', 'web:core', 'web:feature', 'web:app'] as const;

export interface Violation {
  rule: 'skips-index' | 'up-a-layer' | 'shared-imports-app' | 'routes-skip-service' | 'cycle';
  where: string;
  detail: string;
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.startsWith('apps/server/test/');

/** The unit a file belongs to: a server module or folder, a web feature or layer, the shared package. */
export function unitOf(file: string): string {
  let m = /^apps\/server\/src\/modules\/([^/]+)\//.exec(file);
  if (m) return `server:${m[1]}`;
  m = /^apps\/server\/src\/([^/]+)\//.exec(file);
  if (m) return `server:${m[1]}`;
  if (file.startsWith('apps/server/src/')) return 'server:app';
  if (file.startsWith('apps/server/')) return 'server:test';
  m = /^apps\/web\/src\/features\/([^/]+)\//.exec(file);
  if (m) return `web:feature:${m[1]}`;
  m = /^apps\/web\/src\/(ui|core)\//.exec(file);
  if (m) return `web:${m[1]}`;
  if (file.startsWith('apps/web/')) return 'web:app';
  if (file.startsWith('packages/shared/')) return 'shared';
  return 'other';
}

/** The folder whose `index.ts` is the only door in, for a file inside a server module or a web feature. */
function doorOf(file: string): string | null {
  const m = /^(apps\/server\/src\/modules\/[^/]+|apps\/web\/src\/features\/[^/]+)\//.exec(file);
  return m ? m[1] : null;
}

/** A server module's route file (`routes.ts`, `admin-routes.ts`, ...) and a repository (`repository.ts`, `*-repository.ts`). */
const isRoutes = (file: string) => /^apps\/server\/src\/modules\/[^/]+\/([a-z-]+-)?routes\.ts$/.test(file);
const isRepository = (file: string) => /^apps\/server\/src\/modules\/[^/]+\/([a-z-]+-)?repository\.ts$/.test(file);

const isDoor = (file: string, folder: string) => file === `${folder}/index.ts` || file === `${folder}/index.tsx`;

function webLayer(unit: string): number {
  const layer = unit.startsWith('web:feature:') ? 'web:feature' : unit;
  return WEB_LAYERS.indexOf(layer as (typeof WEB_LAYERS)[number]);
}

function edgeViolations(edge: ImportEdge): Violation[] {
  if (!edge.to) return [];
  const where = `${edge.from}:${edge.line}`;
  const from = unitOf(edge.from);
  const to = unitOf(edge.to);
  const found: Violation[] = [];
  if (from === 'shared' && to !== 'shared') {
    found.push({ rule: 'shared-imports-app', where, detail: `packages/shared imports ${edge.to}` });
  }
  const door = doorOf(edge.to);
  // A lazy page in the router may load the page's own file: that is how the bundler splits it (decision 1030).
  const isLazyPage = edge.isDynamic && from === 'web:app';
  if (door && doorOf(edge.from) !== door && !isDoor(edge.to, door) && !isLazyPage && !isTest(edge.from)) {
    found.push({ rule: 'skips-index', where, detail: `imports ${edge.to} instead of ${door}/index.ts` });
  }
  // A route calls its service; SQL and row types stay behind it (docs/architecture.md, "A module's anatomy").
  if (isRoutes(edge.from) && isRepository(edge.to)) {
    found.push({ rule: 'routes-skip-service', where, detail: `routes import ${edge.to}: call a service function instead` });
  }
  if (from.startsWith('web:') && to.startsWith('web:') && webLayer(to) > webLayer(from)) {
    found.push({ rule: 'up-a-layer', where, detail: `${from} imports ${to} (${edge.to})` });
  }
  return found;
}

/**
 * What a loop is counted between: server modules, web features, and the parts of `identity/` (a folder of separate
 * parts, not a module: its provider, sign-in pages, credentials, sessions, passkeys). The shared infrastructure
 * (`lib`, `plugins`, `db`, the web layers) is held by the layer rules instead.
 */
export function loopNodeOf(file: string): string | null {
  let m = /^apps\/server\/src\/modules\/([^/]+)\//.exec(file);
  if (m) return `server:${m[1]}`;
  m = /^apps\/server\/src\/identity\/([^/.]+)/.exec(file);
  if (m) return `server:identity/${m[1]}`;
  m = /^apps\/web\/src\/features\/([^/]+)\//.exec(file);
  return m ? `web:${m[1]}` : null;
}

/** The graph between modules and features, from product code only (a test may reach across to set a world up). */
export function loopGraph(edges: ImportEdge[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const edge of edges) {
    if (!edge.to || isTest(edge.from)) continue;
    const from = loopNodeOf(edge.from);
    const to = loopNodeOf(edge.to);
    if (!from || !to || from === to) continue;
    // The parts of identity/ call each other freely: one folder, not modules of their own.
    if (from.startsWith('server:identity/') && to.startsWith('server:identity/')) continue;
    if (!graph.has(from)) graph.set(from, new Set());
    graph.get(from)!.add(to);
  }
  return graph;
}

function cycleViolations(edges: ImportEdge[]): Violation[] {
  return cycles(loopGraph(edges)).map((component) => {
    const members = new Set(component);
    const inLoop = (file: string | null) => (file ? members.has(loopNodeOf(file) ?? '') : false);
    const through = edges
      .filter((e) => !isTest(e.from) && inLoop(e.from) && inLoop(e.to) && loopNodeOf(e.from) !== loopNodeOf(e.to ?? ''))
      .map((e) => `${e.from}:${e.line} -> ${e.to}`);
    return { rule: 'cycle' as const, where: component.join(' <-> '), detail: through.join('\n  ') };
  });
}

export const CHECKED_DIRS = ['apps/server/src', 'apps/server/test', 'apps/web/src', 'packages/shared/src'];

/** Every breach of the layers, doors and loops rules in the repository at `root`. */
export function layerViolations(root: string, edges: ImportEdge[] = importGraph(root, CHECKED_DIRS)): Violation[] {
  return [...edges.flatMap(edgeViolations), ...cycleViolations(edges)];
}

export const describeViolation = (v: Violation) => `[${v.rule}] ${v.where}\n  ${v.detail}`;
