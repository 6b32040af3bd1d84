// The compiled server imports its npm dependencies as Node ESM (scripts/build-server.mjs leaves them external). A
// CommonJS package seen through `import * as ns from 'pkg'` has only the names Node's export scan finds: samlify's
// `Utility` was undefined in apps/server/dist while the sources under Vitest resolved it (issue 26 §1). This check
// imports every such package the way the bundle does (from a module beside it) and fails on any `ns.member` the
// bundle uses that the namespace lacks. Usage: node scripts/check-bundle-imports.mjs [dist directory].
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './build-stamp.mjs';

const dist = resolve(process.argv[2] ?? join(ROOT, 'apps/server/dist'));
const bundles = readdirSync(dist).filter((f) => f.endsWith('.js'));
const IDENT = '[A-Za-z_$][\\w$]*';
const probe = join(dist, `.import-probe-${process.pid}.mjs`);
writeFileSync(probe, 'export const load = (specifier) => import(specifier);\n');
const problems = [];
let checked = 0;
try {
  const { load } = await import(pathToFileURL(probe).href);
  for (const file of bundles) {
    const code = readFileSync(join(dist, file), 'utf8');
    for (const [, ns, specifier] of code.matchAll(new RegExp(`import \\* as (${IDENT}) from "([^"]+)"`, 'g'))) {
      if (specifier.startsWith('.') || specifier.startsWith('node:')) continue;
      const namespace = await load(specifier);
      const used = new Set([...code.matchAll(new RegExp(`(?<![\\w$.])${ns.replace(/\$/g, '\\$')}\\.(${IDENT})`, 'g'))].map((m) => m[1]));
      for (const member of used) {
        checked++;
        if (!(member in namespace)) problems.push(`${file}: ${ns}.${member} from "${specifier}" is undefined under Node ESM`);
      }
    }
  }
} finally {
  rmSync(probe, { force: true });
}
if (problems.length) {
  console.error(`FAIL: ${problems.length} namespace member(s) the compiled server uses are missing:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`PASS: every namespace import of the compiled server has the ${checked} member(s) it uses under Node ESM`);
