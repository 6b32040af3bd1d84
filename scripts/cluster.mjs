// A cluster on loopback (issue 18 §4, decision 0978): a throwaway PostgreSQL, Portico instances on the compiled
// server (`npm run build` first) and nginx in front of them, round-robin without sticky sessions.
//   node scripts/cluster.mjs            starts it and stays up until Ctrl-C (http://127.0.0.1:3700 by default)
// CLUSTER_PORT (nginx; the instances take the next ports) and CLUSTER_PG_PORT (PostgreSQL, 54359) move it.
// The check (`scripts/check-cluster.mjs`) starts the same cluster through `startPorticoCluster`.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from './build-stamp.mjs';
import { findNginx } from './ensure-test-tools.mjs';
import { startCluster, stopCluster } from './pg-cluster.mjs';

function nginxConfig(dir, port, upstreams) {
  // As root (CI), the workers would run as nobody and could not write the temporary folders under the cluster's.
  return `${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 1;
worker_rlimit_nofile 20000;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections 8192; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 64m;
  upstream portico {
${upstreams.map((u) => `    server 127.0.0.1:${u} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://portico;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout http_502 http_503;
      proxy_connect_timeout 2s;
      proxy_buffering off;
      proxy_read_timeout 120s;
    }
  }
}
`;
}

async function waitReady(url, until, what) {
  while (Date.now() < until) {
    const ok = await fetch(url)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${what} did not answer ${url} in time`);
}

/**
 * Starts PostgreSQL, `instances` Portico instances (the first alone, so that it migrates and seeds the demo once) and
 * nginx. Answers the cluster: its public URL, each instance's port and process, and stop/kill/start helpers.
 */
export async function startPorticoCluster({
  basePort = Number(process.env.CLUSTER_PORT ?? 3700),
  pgPort = Number(process.env.CLUSTER_PG_PORT ?? 54359),
  instances = 3,
  env = {},
} = {}) {
  const NGINX = findNginx();
  if (!NGINX) throw new Error('nginx is not installed (apt-get install nginx-light)');
  if (!existsSync(join(ROOT, 'apps/server/dist/server.js'))) throw new Error('no build: run `npm run build` first');
  const pg = startCluster(pgPort);
  if (!pg) throw new Error('PostgreSQL is not installed (apt-get install postgresql)');
  const dir = join(pg.dir, 'cluster');
  mkdirSync(dir, { recursive: true });
  const publicUrl = `http://127.0.0.1:${basePort}`;
  const ports = Array.from({ length: instances }, (_, i) => basePort + 1 + i);
  const procs = new Map();
  const instanceEnv = (i) => ({
    ...process.env,
    ...env,
    DATABASE_URL: pg.url,
    PUBLIC_URL: publicUrl,
    PORT: String(ports[i]),
    HOST: '127.0.0.1',
    INSTANCE_NAME: `portico-${i + 1}`,
    DATA_DIR: join(dir, `instance-${i + 1}`),
    TRUST_PROXY: '127.0.0.1',
    LOG_LEVEL: env.LOG_LEVEL ?? 'warn',
  });
  const startInstance = async (i) => {
    const proc = spawn(process.execPath, [join(ROOT, 'apps/server/dist/server.js')], {
      env: instanceEnv(i),
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    procs.set(i, proc);
    await waitReady(`http://127.0.0.1:${ports[i]}/readyz`, Date.now() + 300_000, `instance ${i + 1}`);
  };
  await startInstance(0);
  await Promise.all(ports.slice(1).map((_, k) => startInstance(k + 1)));
  writeFileSync(join(dir, 'nginx.conf'), nginxConfig(dir, basePort, ports));
  const nginx = spawn(NGINX, ['-c', join(dir, 'nginx.conf'), '-p', dir], { stdio: ['ignore', 'ignore', 'inherit'] });
  await waitReady(`${publicUrl}/healthz`, Date.now() + 30_000, 'nginx');
  const stopProc = (proc, signal) =>
    new Promise((resolve) => {
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return resolve();
      proc.once('exit', resolve);
      proc.kill(signal);
    });
  return {
    publicUrl,
    ports,
    pg,
    /** Each instance's process id (0-based), e.g. to read its CPU time from /proc. */
    pid: (i) => procs.get(i)?.pid,
    /** `kill -9` of instance i (0-based). */
    kill: (i) => stopProc(procs.get(i), 'SIGKILL'),
    start: (i) => startInstance(i),
    async stop() {
      await stopProc(nginx, 'SIGQUIT');
      await Promise.all([...procs.values()].map((p) => stopProc(p, 'SIGTERM')));
      stopCluster(pg);
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const cluster = await startPorticoCluster();
  console.log(`Portico cluster at ${cluster.publicUrl}: instances on ${cluster.ports.join(', ')}, PostgreSQL ${cluster.pg.url}`);
  console.log('Ctrl-C stops it.');
  process.once('SIGINT', async () => {
    await cluster.stop();
    process.exit(0);
  });
}
