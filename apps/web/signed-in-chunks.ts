import { build, type Plugin } from 'vite';

/** Set while the survey build runs, so that the nested build does not survey again. */
const SURVEY = 'PORTICO_CHUNK_SURVEY';

interface SurveyChunk {
  fileName: string;
  imports: string[];
  dynamicImports: string[];
  isDynamicEntry: boolean;
  facadeModuleId: string | null;
  moduleIds: string[];
}

/** The chunk and every chunk it imports statically, i.e. what the browser loads with it. */
function staticClosure(start: SurveyChunk, byFile: Map<string, SurveyChunk>): Set<SurveyChunk> {
  const seen = new Set<SurveyChunk>([start]);
  for (const chunk of seen)
    for (const file of chunk.imports) {
      const next = byFile.get(file);
      if (next) seen.add(next);
    }
  return seen;
}

export interface GroupRoots {
  /** The module the public page loads the app with (its chunk is loaded by every visit). */
  app: string;
  /** The signed-in side's first module, loaded once a member is signed in. */
  shell: string;
  /** The dashboard screen. */
  dashboard: string;
  /** Screens a signed-out visitor may open (forgot and reset password): what they load stays out of the groups. */
  signedOut: string[];
}

type Group = 'app' | 'shell' | 'dashboard';

/**
 * Which group each module belongs to, read from a build without groups. `app` keeps the chunk holding the app as it
 * was; `shell` and `dashboard` take the modules of the chunks a signed-in dashboard visit loads beyond the public
 * page's. Reading them off a real build uses Rollup's own tree-shaking: a module the public page reaches only through
 * a barrel (`@mantine/core`, `@portico/shared`) but does not use is not in the public chunks, so it may join a
 * signed-in group, and one the public page does use stays out.
 */
export function groupsFromSurvey(chunks: SurveyChunk[], roots: GroupRoots): Map<string, Group> {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const holding = (suffix: string) => {
    const chunk = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(suffix)));
    if (!chunk) throw new Error(`signed-in-chunks: no chunk holds ${suffix}`);
    return chunk;
  };
  const closureOf = (list: SurveyChunk[]) => new Set(list.flatMap((c) => [...staticClosure(c, byFile)]));
  const appChunk = holding(roots.app);
  const entries = chunks.filter((c) => !c.isDynamicEntry && c.facadeModuleId?.endsWith('.html'));
  const publicChunks = closureOf([...entries, appChunk]);
  // What the signed-out screens load stays where Rollup put it: grouped, it would make them load the signed-in shell.
  const signedOutChunks = closureOf(roots.signedOut.map(holding));
  const dashboardEntry = holding(roots.dashboard);
  // Chunks another signed-in screen loads too go with the shell, so that screen does not load the dashboard's group.
  const elsewhere = closureOf(chunks.filter((c) => c.isDynamicEntry && c !== dashboardEntry && !publicChunks.has(c)));
  const groups = new Map<string, Group>();
  const assign = (chunk: SurveyChunk, group: Group) => {
    for (const id of chunk.moduleIds) if (!groups.has(id)) groups.set(id, group);
  };
  assign(appChunk, 'app');
  const signedIn = (c: SurveyChunk) => !publicChunks.has(c) && !signedOutChunks.has(c);
  for (const chunk of staticClosure(holding(roots.shell), byFile)) if (signedIn(chunk)) assign(chunk, 'shell');
  for (const chunk of staticClosure(dashboardEntry, byFile))
    if (signedIn(chunk)) assign(chunk, elsewhere.has(chunk) ? 'shell' : 'dashboard');
  return groups;
}

/**
 * Groups the signed-in shell's and the dashboard's modules into two chunks (decision 0995): without it a signed-in
 * dashboard visit loaded 52 scripts, most of them small shared chunks Rollup splits by which screens use them.
 * Rollup's `manualChunks` sees module-level imports only, so grouping by import closure swallowed whole barrels into
 * the public chunks (decision 0992); here a first build without groups (not written) says which modules each side
 * really loads, and the real build groups exactly those, with `onlyExplicitManualChunks` so that a group does not
 * pull in its modules' other imports.
 */
export function signedInChunks(roots: GroupRoots): Plugin {
  return {
    name: 'portico-signed-in-chunks',
    apply: 'build',
    async config(config, env) {
      if (process.env[SURVEY]) return;
      process.env[SURVEY] = '1';
      let output: unknown;
      try {
        output = await build({
          root: config.root,
          mode: env.mode,
          logLevel: 'error',
          build: { write: false, emptyOutDir: false },
        });
      } finally {
        delete process.env[SURVEY];
      }
      const outputs = (Array.isArray(output) ? output : [output]) as { output: Array<SurveyChunk & { type: string }> }[];
      const chunks = outputs.flatMap((o) => o.output.filter((c) => c.type === 'chunk'));
      const groups = groupsFromSurvey(chunks, roots);
      return {
        build: {
          rollupOptions: {
            output: { manualChunks: (id: string) => groups.get(id), onlyExplicitManualChunks: true },
          },
        },
      };
    },
  };
}
