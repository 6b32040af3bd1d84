import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildApp } from '../apps/server/src/app';
import { scaleSeeders } from '../apps/server/src/seed/scale';
import { authMemberGoals, runAuthMember } from './lib/auth-member';
import { startBareServer } from './lib/bare';
import { type BundleResult, ensureWebBuilt, measureBundle } from './lib/bundle';
import { clusterGoals, runCluster } from './lib/cluster';
import { prepareDatabase } from './lib/database';
import { type LighthouseRun, runLighthouse } from './lib/lighthouse';
import { runLoad } from './lib/load';
import { pipelineGoals, runPipeline } from './lib/pipeline';
import { keepProfileWhile, PROFILE_MODE } from './lib/profile';
import { fmt, machineInfo, outcomes, type SectionReport, summarize, writeReport } from './lib/report';
import type { Goal, ScenarioContext, ScenarioModule, ScenarioResult } from './lib/scenario';
import { mintTokens, tokenSigner } from './lib/tokens';

const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = join(BENCH_DIR, '..');
const whole = (name: string, fallback: number, least: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < least)
    throw new Error(`${name} must be a ${least === 0 ? 'whole number (0 or more)' : 'positive whole number'}`);
  return value;
};
const int = (name: string, fallback: number) => whole(name, fallback, 1);

// Ports 3500-3509 belong to the benchmark: the app, the bare yardstick, Chromium's debugging port, the pipeline's apps.
const PORT_BASE = int('BENCH_PORT_BASE', 3500);
const APP_PORT = PORT_BASE;
const BARE_PORT = PORT_BASE + 1;
const CHROME_PORT = PORT_BASE + 3;
const PIPELINE_PORT = PORT_BASE + 5;
// Each scale seeder's count: BENCH_MEMBERS, BENCH_LISTINGS, ... or the seeder's own benchDefault. 0 seeds none, and
// the scenarios that need that data (their `needs`) are skipped: e.g. BENCH_REGISTERED=0 skips the registered goals.
const envName = (option: string) => `BENCH_${option.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase()}`;
const counts: Record<string, number> = Object.fromEntries(
  scaleSeeders
    .filter((s) => process.env[envName(s.option)] !== undefined || s.benchDefault !== undefined)
    .map((s) => [s.option, whole(envName(s.option), s.benchDefault ?? 0, 0)]),
);
const settings = {
  ...counts,
  connections: int('BENCH_CONNECTIONS', 50),
  durationSeconds: int('BENCH_DURATION', 10),
  tokens: int('BENCH_TOKENS', 2_000),
  only: process.env.BENCH_ONLY ?? 'api,pipeline,scenarios,lighthouse,bundle,cluster',
  // The pipeline section (issue 33): rounds of the bare route and three signed-in calls at LOG_LEVEL=info and warn.
  pipelineRounds: int('BENCH_PIPELINE_ROUNDS', 3),
  // The cluster section (decision 0991): virtual members, their seconds on each set-up, think time, CPU samples per call.
  clusterMembers: int('BENCH_CLUSTER_MEMBERS', 500),
  clusterDurationSeconds: int('BENCH_CLUSTER_DURATION', 300),
  clusterThinkSeconds: int('BENCH_CLUSTER_THINK', 15),
  clusterRampSeconds: int('BENCH_CLUSTER_RAMP', 60),
  clusterCpuRequests: int('BENCH_CLUSTER_CPU_REQUESTS', 500),
};
const enabled = (part: string) =>
  settings.only
    .split(',')
    .map((s) => s.trim())
    .includes(part);
const log = (line: string) => console.log(`[bench] ${line}`);
// BENCH_SCENARIOS=dashboard-kpis,dashboard-polling runs only those files of bench/scenarios (all when unset).
const pickedScenarios = process.env.BENCH_SCENARIOS?.split(',').map((s) => s.trim().replace(/\.ts$/, ''));

async function section(
  id: string,
  name: string,
  goals: Goal | Goal[],
  work: () => Promise<ScenarioResult & { details?: unknown }>,
): Promise<SectionReport> {
  log(`${name} ...`);
  const started = Date.now();
  try {
    const load = loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ');
    const result = await work();
    const notes = [...(result.notes ?? []), `Load average of the machine when this section started: ${load}.`];
    const report = { id, name, goals: outcomes(goals, result.metrics), metrics: result.metrics, notes, details: result.details };
    for (const g of report.goals)
      log(`  ${g.label}: ${g.value === null ? 'not measured' : fmt(g.value, g.unit)} (goal ${g.op} ${fmt(g.target, g.unit)})`);
    return { ...report, seconds: (Date.now() - started) / 1000 };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log(`  failed: ${message}`);
    return { id, name, goals: outcomes(goals, {}), metrics: {}, notes: [], error: message, seconds: (Date.now() - started) / 1000 };
  }
}

async function loadScenarios(): Promise<Array<ScenarioModule & { file: string }>> {
  const dir = join(BENCH_DIR, 'scenarios');
  const files = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.ts') && (!pickedScenarios || pickedScenarios.includes(f.replace(/\.ts$/, ''))))
        .sort()
    : [];
  const modules = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(join(dir, file)).href)) as Partial<ScenarioModule>;
    if (typeof mod.name !== 'string' || !mod.goal || typeof mod.run !== 'function') {
      throw new Error(`bench/scenarios/${file} must export name, goal and run`);
    }
    modules.push({ name: mod.name, goal: mod.goal, run: mod.run, needs: mod.needs, file });
  }
  return modules;
}

/** A scenario not run because data it needs was not seeded: its goals come out NOT MEASURED, with the reason. */
function skippedSection(id: string, scenario: ScenarioModule, why: string): SectionReport {
  return { id, name: scenario.name, goals: outcomes(scenario.goal, {}), metrics: {}, notes: [`Not run (${why}).`], seconds: 0 };
}

function bundleSection(lighthouse: LighthouseRun[]): Promise<SectionReport> {
  const goal: Goal = {
    metric: 'initialJsGzipKb',
    op: '<=',
    target: 180,
    unit: 'KB',
    label: "Public dashboard's initial JavaScript, gzipped",
  };
  return section('initial-js', 'Initial JavaScript of the public dashboard', goal, async () => {
    const builtNow = ensureWebBuilt(REPO_ROOT, log);
    const dist = join(REPO_ROOT, 'apps/web/dist');
    const fromHtml: BundleResult = measureBundle(dist, builtNow);
    const loaded = lighthouse.find((r) => r.scripts.length > 0)?.scripts;
    const fromBrowser = loaded ? measureBundle(dist, builtNow, loaded) : null;
    const notes = [
      `index.html entry and its static imports / modulepreloads: ${fromHtml.jsGzipKb} KB gzipped (${fromHtml.jsRawKb} KB raw): ${fromHtml.javascript.map((f) => `${f.file} ${(f.gzipBytes / 1024).toFixed(1)} KB`).join(', ')}.`,
      fromBrowser
        ? `Scripts the browser really loaded for / (Lighthouse network records): ${fromBrowser.jsGzipKb} KB gzipped (${fromBrowser.jsRawKb} KB raw): ${fromBrowser.javascript.map((f) => `${f.file} ${(f.gzipBytes / 1024).toFixed(1)} KB`).join(', ')}. The goal is judged on this figure, as the entry imports the app shell dynamically but always.`
        : fromHtml.hasDynamicImports
          ? 'No browser measurement (Lighthouse did not run) and the entry loads chunks with import(): the static figure is only a lower bound, so the goal is NOT MEASURED.'
          : 'No browser measurement (Lighthouse did not run); the entry loads no chunk dynamically, so the static figure is complete and the goal is judged on it.',
      `CSS, gzipped: ${fromHtml.cssGzipKb} KB (not part of the goal). Each file gzipped alone at level 9, as Vite reports it.${builtNow ? ' The web app was built for this run.' : ''}`,
    ];
    return {
      metrics: {
        ...(fromBrowser || !fromHtml.hasDynamicImports ? { initialJsGzipKb: fromBrowser?.jsGzipKb ?? fromHtml.jsGzipKb } : {}),
        staticEntryJsGzipKb: fromHtml.jsGzipKb,
        ...(fromBrowser ? { browserLoadedJsGzipKb: fromBrowser.jsGzipKb, browserLoadedJsRawKb: fromBrowser.jsRawKb } : {}),
        cssGzipKb: fromHtml.cssGzipKb,
      },
      notes,
      details: { fromHtml, fromBrowser },
    };
  });
}

/** The sections that run against the app in this process, on the prepared (cached or BENCH_DATABASE_URL) database. */
async function inProcessSections(sections: SectionReport[], cacheDir: string): Promise<Record<string, string | number>> {
  const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
  const prepared = await prepareDatabase({ counts, port: APP_PORT, databaseUrl, cacheDir, log });
  log(`Database ${prepared.origin} in ${prepared.seconds.toFixed(1)} s: ${prepared.members} members, ${prepared.where}`);

  if (enabled('lighthouse') || enabled('bundle')) ensureWebBuilt(REPO_ROOT, log);
  const app = await buildApp({ config: prepared.config, db: prepared.db, serveWeb: true });
  await app.listen({ port: APP_PORT, host: '127.0.0.1' });
  const bare = await startBareServer(BARE_PORT);
  const baseUrl = `http://127.0.0.1:${APP_PORT}`;
  try {
    const { tokens, accountIds } = await mintTokens(prepared.db, prepared.config, settings.tokens);
    log(`Minted ${tokens.length} access tokens of different members`);
    const ctx: ScenarioContext = {
      baseUrl,
      tokens,
      accountIds,
      tokenFor: await tokenSigner(prepared.db, prepared.config),
      db: prepared.db,
      defaults: { connections: settings.connections, durationSeconds: settings.durationSeconds },
      load: (options) =>
        keepProfileWhile(options.label, () =>
          runLoad({ ...options, baseUrl: options.baseUrl ?? baseUrl, tokens: options.tokens ?? tokens }),
        ),
    };
    if (enabled('api')) {
      sections.push(
        await section('auth-member-dto', 'AuthMemberDto vs bare Fastify', authMemberGoals, () =>
          runAuthMember(ctx, `http://127.0.0.1:${BARE_PORT}`, PROFILE_MODE),
        ),
      );
    }
    if (enabled('pipeline')) {
      sections.push(
        await section('pipeline', "The request pipeline's own cost vs bare Fastify (issue 33)", pipelineGoals, () =>
          runPipeline(ctx, {
            config: prepared.config,
            bareUrl: bare.url,
            barePid: bare.pid,
            port: PIPELINE_PORT,
            rounds: settings.pipelineRounds,
          }),
        ),
      );
    }
    if (enabled('scenarios')) {
      for (const scenario of await loadScenarios()) {
        const missing = (scenario.needs ?? []).filter((option) => counts[option] === 0);
        if (missing.length > 0) {
          const why = `skipped: ${missing.map((option) => `${envName(option)}=0`).join(', ')}`;
          log(`${scenario.name}: ${why}`);
          sections.push(skippedSection(`scenario:${scenario.file.replace(/\.ts$/, '')}`, scenario, why));
          continue;
        }
        sections.push(
          await section(`scenario:${scenario.file.replace(/\.ts$/, '')}`, scenario.name, scenario.goal, () => scenario.run(ctx)),
        );
      }
    }
    let lighthouseRuns: LighthouseRun[] = [];
    if (enabled('lighthouse')) {
      const goals: Goal[] = [
        { metric: 'performance', op: '>=', target: 95, unit: '', label: 'Lighthouse performance of the public dashboard (mobile)' },
        { metric: 'accessibility', op: '>=', target: 100, unit: '', label: 'Lighthouse accessibility of the public dashboard (mobile)' },
      ];
      sections.push(
        await section('lighthouse', 'Lighthouse: public dashboard', goals, async () => {
          lighthouseRuns = await runLighthouse(`${baseUrl}/`, CHROME_PORT);
          const [mobile, desktop] = lighthouseRuns;
          if (mobile.error && desktop?.error) throw new Error(`Lighthouse could not run: ${mobile.error}`);
          const metrics: Record<string, number> = {};
          for (const run of lighthouseRuns) {
            const prefix = run.formFactor === 'mobile' ? '' : 'desktop';
            const key = (k: string) => (prefix ? `${prefix}${k[0].toUpperCase()}${k.slice(1)}` : k);
            if (run.performance !== null) metrics[key('performance')] = run.performance;
            if (run.accessibility !== null) metrics[key('accessibility')] = run.accessibility;
            for (const [k, v] of Object.entries(run.metrics)) if (v !== undefined) metrics[`${run.formFactor}.${k}`] = v;
          }
          const notes = lighthouseRuns.map((r) =>
            r.error
              ? `${r.formFactor}: Lighthouse failed: ${r.error}`
              : `${r.formFactor}: performance ${r.performance}, accessibility ${r.accessibility}; audits under 0.9: ${r.failedAudits.join(', ') || 'none'}${r.warnings.length ? `; warnings: ${r.warnings.join(' | ')}` : ''}`,
          );
          return { metrics, notes, details: lighthouseRuns };
        }),
      );
    }
    if (enabled('bundle')) sections.push(await bundleSection(lighthouseRuns));
  } finally {
    await app.close();
    await bare.close();
    await prepared.db.close();
  }
  return {
    kind: prepared.kind,
    where: prepared.where,
    origin: prepared.origin,
    members: prepared.members,
    seconds: Math.round(prepared.seconds * 10) / 10,
  };
}

async function main(): Promise<void> {
  const startedAt = new Date();
  const machine = machineInfo();
  const cacheDir = join(BENCH_DIR, '.cache');
  mkdirSync(cacheDir, { recursive: true });
  const sections: SectionReport[] = [];
  let database: Record<string, string | number> = {};
  if (['api', 'pipeline', 'scenarios', 'lighthouse', 'bundle'].some(enabled)) database = await inProcessSections(sections, cacheDir);
  if (enabled('cluster')) {
    sections.push(
      await section('cluster', 'Cluster: virtual members on one instance and on three behind nginx', clusterGoals, () =>
        runCluster({
          counts,
          members: settings.clusterMembers,
          seconds: settings.clusterDurationSeconds,
          thinkSeconds: settings.clusterThinkSeconds,
          rampSeconds: settings.clusterRampSeconds,
          cpuRequests: settings.clusterCpuRequests,
          log,
        }),
      ),
    );
  }

  const report = {
    generatedOn: startedAt.toISOString(),
    machine,
    settings: { ...settings, appPort: APP_PORT, barePort: BARE_PORT },
    database,
    sections,
    summary: summarize(sections),
  };
  writeReport(report, join(BENCH_DIR, 'report.json'), join(BENCH_DIR, 'report.md'));
  const s = report.summary;
  log(
    `Report: bench/report.md and bench/report.json — ${s.met} of ${s.goals} goals met, ${s.missed} missed, ${s.notMeasured} not measured.`,
  );
}

await main();
