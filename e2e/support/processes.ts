import { type ChildProcess, spawn } from 'node:child_process';

export interface Started {
  stop(): Promise<void>;
}

/**
 * Starts a process of its own (a second provider, a second portal) and waits until `readyUrl` answers 200. Its
 * output is kept and shown if it never gets ready.
 */
export async function startProcess(args: string[], env: Record<string, string>, readyUrl: string, timeoutMs: number): Promise<Started> {
  const child: ChildProcess = spawn('npx', ['tsx', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output = (output + d).slice(-4000);
  });
  child.stderr?.on('data', (d) => {
    output = (output + d).slice(-4000);
  });
  const stop = async () => {
    if (child.exitCode !== null || !child.pid) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid, 'SIGTERM');
    await exited;
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}:\n${output}`);
    const ready = await fetch(readyUrl)
      .then((res) => res.ok)
      .catch(() => false);
    if (ready) return { stop };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error(`${readyUrl} did not answer within ${timeoutMs} ms:\n${output}`);
}
