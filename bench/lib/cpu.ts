import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

interface Stat {
  ppid: number;
  /** utime + stime of the process itself, in ms. */
  ownMs: number;
  /** cutime + cstime: CPU of its children that have exited and were waited for, in ms. */
  reapedChildrenMs: number;
}

function stat(pid: number): Stat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: the fields after its closing parenthesis are fixed.
    const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const ticks = (i: number) => Number(f[i - 3]);
    return {
      ppid: ticks(4),
      ownMs: ((ticks(14) + ticks(15)) * 1000) / TICKS_PER_SECOND,
      reapedChildrenMs: ((ticks(16) + ticks(17)) * 1000) / TICKS_PER_SECOND,
    };
  } catch {
    return null;
  }
}

/** CPU time (user + system) a process has used so far, in ms; 0 when it is gone. */
export function processCpuMs(pid: number | undefined): number {
  return pid ? (stat(pid)?.ownMs ?? 0) : 0;
}

/**
 * CPU time a PostgreSQL server has used so far, in ms: the postmaster, its live backends and workers, and the ones
 * that have exited (the postmaster reaps them, so the kernel adds their time to its children's).
 */
export function postgresCpuMs(dataDir: string): number {
  const postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const own = stat(postmaster);
  if (!own) return 0;
  let total = own.ownMs + own.reapedChildrenMs;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const s = stat(Number(entry));
    if (s?.ppid === postmaster) total += s.ownMs;
  }
  return total;
}

/** The highest resident memory a process has had (VmHWM), in MB; 0 when it is gone. */
export function peakRssMb(pid: number | undefined): number {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : 0;
  } catch {
    return 0;
  }
}
