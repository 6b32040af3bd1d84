// Compiles the server (and the parts of packages/shared it uses) to JavaScript with esbuild: one self-contained ES
// module per entry directly under apps/server/dist (config.ts and db/migrate.ts find the repository and the
// migrations relative to it; server.js starts the traces when they are on, then imports main.js), the npm dependencies left as imports (installed with `npm ci --omit=dev`), and the
// SQL migrations copied beside them. `node apps/server/dist/server.js` then runs without tsx or TypeScript.
import { cpSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const server = join(root, 'apps/server');
const out = join(server, 'dist');
const { dependencies } = JSON.parse(readFileSync(join(server, 'package.json'), 'utf8'));

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
await build({
  entryPoints: {
    server: join(server, 'src/server.ts'),
    main: join(server, 'src/main.ts'),
    migrate: join(server, 'src/migrate-cli.ts'),
    keys: join(server, 'src/keys-cli.ts'),
  },
  outdir: out,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  sourcemap: true,
  // Every npm dependency of the server stays an import; @portico/shared (TypeScript sources) is compiled in.
  external: Object.keys(dependencies),
  logLevel: 'warning',
});
cpSync(join(server, 'src/db/migrations'), join(out, 'migrations'), { recursive: true });
console.log(`compiled the server to ${out}`);
