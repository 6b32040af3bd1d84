// Types of scripts/cluster.mjs for the TypeScript that uses it (the bench's cluster section).
export interface PorticoCluster {
  publicUrl: string;
  ports: number[];
  pg: { dir: string; data: string; bin: string; url: string };
  pid(i: number): number | undefined;
  kill(i: number): Promise<void>;
  start(i: number): Promise<void>;
  stop(): Promise<void>;
}

export function startPorticoCluster(options?: {
  basePort?: number;
  pgPort?: number;
  instances?: number;
  env?: Record<string, string>;
}): Promise<PorticoCluster>;
