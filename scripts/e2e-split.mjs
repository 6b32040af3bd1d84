// Splits the journeys between the two database passes so that each journey runs once, in Chromium against the
// compiled server, on one of the two databases, and the two passes take about as long (decision 1065). The rules of
// both databases are the API suite's, which runs whole on each; a journey is about the browser and the built server.
// The split is by measured seconds per spec file (`e2e/durations.json`, from a CI log: `node scripts/e2e-split.mjs
// --durations-from <log>` rewrites it); a file not measured yet counts as the median. Deterministic: the same files
// and durations give the same split on every machine.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(fileURLToPath(import.meta.url), '../..');
export const DURATIONS_PATH = join(ROOT, 'e2e/durations.json');
/** Journeys that must run last on their server (they change what every member sees): they go to one pass, whole. */
export const isLast = (file) => file.endsWith('.last.spec.ts');

/**
 * Longest first, each file to the pass with fewer seconds so far (ties to the first pass). `last` files are counted in
 * the first pass's seconds but listed apart, so that a pass runs them after its journeys.
 */
export function splitJourneys(files, durations) {
  const known = files
    .map((f) => durations[f])
    .filter((s) => typeof s === 'number')
    .sort((a, b) => a - b);
  const median = known.length ? known[Math.floor(known.length / 2)] : 1;
  const seconds = (f) => durations[f] ?? median;
  const passes = [
    { files: [], last: [], seconds: 0 },
    { files: [], last: [], seconds: 0 },
  ];
  for (const f of files.filter(isLast)) {
    passes[0].last.push(f);
    passes[0].seconds += seconds(f);
  }
  const ordered = files.filter((f) => !isLast(f)).sort((a, b) => seconds(b) - seconds(a) || a.localeCompare(b));
  for (const f of ordered) {
    const pass = passes[1].seconds < passes[0].seconds ? passes[1] : passes[0];
    pass.files.push(f);
    pass.seconds += seconds(f);
  }
  for (const pass of passes) pass.files.sort();
  return passes;
}

export const journeyFiles = () =>
  readdirSync(join(ROOT, 'e2e/tests'))
    .filter((f) => f.endsWith('.spec.ts'))
    .sort();
export const readDurations = () => JSON.parse(readFileSync(DURATIONS_PATH, 'utf8'));

/**
 * Seconds per spec file from a CI log's journey lines (`[PGlite]   ✓  12 [journeys] › tests/x.spec.ts:12:3 › … (4.2s)`):
 * summed within a pass, and the longer pass's sum where a file ran in both (a log of `E2E_SPLIT=off`).
 */
export function durationsFromLog(text) {
  const plain = text.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), ''); // colours off
  const byPass = new Map();
  const line = /^(\[\w+\])?\s*[✓✘]\s+\d+ \[(?:journeys|last)\] › tests\/([\w.-]+\.spec\.ts):\d+.*\((\d+(?:\.\d+)?)(ms|s|m)\)\s*$/gm;
  for (const [, pass = '', file, value, unit] of plain.matchAll(line)) {
    const seconds = unit === 'ms' ? Number(value) / 1000 : unit === 'm' ? Number(value) * 60 : Number(value);
    const key = `${pass} ${file}`;
    byPass.set(key, (byPass.get(key) ?? 0) + seconds);
  }
  const sums = {};
  for (const [key, seconds] of byPass) {
    const file = key.slice(key.indexOf(' ') + 1);
    sums[file] = Math.max(sums[file] ?? 0, seconds);
  }
  return Object.fromEntries(
    Object.entries(sums)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([f, s]) => [f, Math.round(s)]),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--durations-from');
  if (at < 0) {
    console.log(JSON.stringify(splitJourneys(journeyFiles(), readDurations()), null, 2));
  } else {
    const durations = durationsFromLog(readFileSync(process.argv[at + 1], 'utf8'));
    writeFileSync(DURATIONS_PATH, `${JSON.stringify(durations, null, 2)}\n`);
    console.log(`${Object.keys(durations).length} spec files written to e2e/durations.json`);
  }
}
