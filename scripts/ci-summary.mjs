// Adds up the passed and failed counts that Vitest and Playwright printed, as one closing line.
import { readFileSync } from 'node:fs';

const [file, status] = process.argv.slice(2);
const text = readFileSync(file, 'utf8').replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '');
let passed = 0;
let failed = 0;
for (const line of text.split('\n')) {
  // Vitest's totals, behind `[api]` where npm test ran the API tests beside the production checks (decision 1174).
  const vitest = /^(?:\[\w+\])?\s*Tests\s+(?:(\d+) failed\s*\|\s*)?(\d+) passed/.exec(line);
  if (vitest) {
    failed += Number(vitest[1] ?? 0);
    passed += Number(vitest[2]);
    continue;
  }
  // Playwright's totals, behind the pass's name when scripts/test-e2e.mjs ran two passes side by side.
  const pwPassed = /^(?:\[\w+\])?\s+(\d+) passed \(/.exec(line);
  if (pwPassed) passed += Number(pwPassed[1]);
  const pwFailed = /^(?:\[\w+\])?\s+(\d+) failed$/.exec(line);
  if (pwFailed) failed += Number(pwFailed[1]);
}
if (status !== '0' && failed === 0) failed = 1;
console.log(`\n${passed} passed, ${failed} failed`);
