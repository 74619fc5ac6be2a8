import type { Client, Ledger, Server } from './load';
import type { Proc } from './processes';

/** What every phase shares: the servers, their processes, the clock's fault windows, results. */
export interface Ctx {
  repoRoot: string;
  logDir: string;
  adminUrl: string;
  dbName: string;
  dbUrl: string;
  redisPort: number;
  serverEnv: NodeJS.ProcessEnv;
  listLimit: number;
  client: Client;
  servers: { A: Server; B: Server };
  procs: { A: Proc; B: Proc; redis: Proc };
  /** Every process started (crash check at the end). */
  all: Proc[];
  live: Set<Server>;
  /** Fault windows (test clock, ms): errors are allowed only inside one (+5 s recovery). */
  windows: { name: string; start: number; end: number }[];
  results: { check: string; pass: boolean; figure: string }[];
  ledger: () => Ledger;
  pauseLoad: (on: boolean) => void;
  /** Members made for the checks (not the load). */
  token: (name: string) => Promise<{ token: string; id: number }>;
  showIds: number[];
}

export const RECOVERY_MS = 5000;
export const ok = (s: number) => s >= 200 && s < 300;

export function record(ctx: Ctx, check: string, pass: boolean, figure: string) {
  ctx.results.push({ check, pass, figure });
  console.log(`${pass ? 'PASS' : 'FAIL'}  ${check}: ${figure}`);
}

export async function alive(ctx: Ctx, server: Server): Promise<boolean> {
  const res = await ctx.client.call(server, 'health', 'GET', '/api/health', { record: false });
  return res.status === 200;
}

export async function readiness(ctx: Ctx, server: Server) {
  const res = await ctx.client.call(server, 'ready', 'GET', '/api/ready', { record: false });
  return {
    status: res.status,
    checks: (res.json as { checks?: Record<string, unknown> } | null)?.checks,
  };
}

export const statuses = (list: { status: number }[]) => {
  const counts = new Map<number, number>();
  for (const s of list) counts.set(s.status, (counts.get(s.status) ?? 0) + 1);
  return [...counts].map(([s, n]) => `${n}×${s || 'conn'}`).join(' ') || 'none';
};
