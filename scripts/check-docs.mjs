// Keeps the newcomer's way through the docs walkable (issue 27 §5): docs/decisions/README.md lists every decision,
// every row of the README's screen table links a decision, and every relative link of both files reaches a file.
// Part of `npm run lint`.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DECISIONS = 'docs/decisions';
const problems = [];

const index = readFileSync(join(ROOT, DECISIONS, 'README.md'), 'utf8');
for (const file of readdirSync(join(ROOT, DECISIONS))) {
  if (/^\d{4}-.+\.md$/.test(file) && !index.includes(`](${file})`)) problems.push(`${DECISIONS}/README.md does not list ${file}`);
}

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const screens = readme.split('## What a member can do')[1]?.split('\n## ')[0] ?? '';
for (const row of screens.split('\n').filter((line) => line.startsWith('| ') && !/^\| (Screen|-)/.test(line))) {
  if (!row.includes(`](${DECISIONS}/`)) problems.push(`README.md's screen row ${row.split('|')[1].trim()} links no decision`);
}

for (const [file, text] of [
  ['README.md', readme],
  [`${DECISIONS}/README.md`, index],
]) {
  for (const [, target] of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
    if (/^[a-z]+:/.test(target)) continue;
    if (!existsSync(join(ROOT, dirname(file), target))) problems.push(`${file} links ${target}, which does not exist`);
  }
}

if (problems.length) {
  for (const problem of problems) console.error(`FAIL: ${problem}`);
  process.exit(1);
}
console.log('Docs: every decision indexed, every screen row linked to its decisions, every link found.');
