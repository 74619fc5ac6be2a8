import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * The scale test's child processes (its own redis-server and the compiled app servers): started,
 * stopped, killed and always cleaned up, also when the test fails or is interrupted.
 */
const children = new Set<ChildProcess>();

export function killAll(): void {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}
process.on('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    killAll();
    process.exit(130);
  });

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Elapsed ms since the test started (one clock for every sample and fault window). */
const origin = performance.now();
export const clock = () => Math.round(performance.now() - origin);

export interface Proc {
  name: string;
  child: ChildProcess;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  /** Set when we stopped or killed it on purpose: any other exit is a crash. */
  expectedExit: boolean;
  logFile: string;
}

function launch(
  name: string,
  command: string,
  args: string[],
  opts: { cwd: string; env: NodeJS.ProcessEnv; logDir: string },
): Proc {
  const logFile = path.join(opts.logDir, `${name}.log`);
  const out = fs.openSync(logFile, 'a');
  const child = spawn(command, args, { cwd: opts.cwd, env: opts.env, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  children.add(child);
  const proc: Proc = {
    name,
    child,
    logFile,
    expectedExit: false,
    exited: new Promise((resolve) => {
      child.on('exit', (code, signal) => {
        children.delete(child);
        resolve(code ?? signal ?? 'unknown');
      });
      child.on('error', () => resolve('spawn-error'));
    }),
  };
  return proc;
}

async function until<T>(
  what: string,
  timeoutMs: number,
  probe: () => Promise<T | null>,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(50);
  }
}

/** One PING over a fresh connection: true when Redis answers PONG. */
export function redisPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (d) => done(d.toString().startsWith('+PONG')));
  });
}

/** Our own Redis (no persistence), so the test can stop and restart it; never the shared one. */
export async function startRedis(port: number, logDir: string): Promise<Proc> {
  if (await redisPing(port)) throw new Error(`Something already answers on Redis port ${port}`);
  const proc = launch(
    `redis-${port}`,
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--daemonize',
      'no',
    ],
    { cwd: logDir, env: process.env, logDir },
  );
  await until(`redis-server on ${port}`, 10_000, async () =>
    (await redisPing(port)) ? true : null,
  );
  return proc;
}

/** Starts `node apps/api/dist/server.js` and waits until /api/ready says 200. */
export async function startServer(
  name: string,
  port: number,
  env: NodeJS.ProcessEnv,
  opts: { repoRoot: string; logDir: string },
): Promise<Proc> {
  const proc = launch(
    name,
    process.execPath,
    [path.join(opts.repoRoot, 'apps/api/dist/server.js')],
    {
      cwd: opts.repoRoot,
      env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
      logDir: opts.logDir,
    },
  );
  let exited = false;
  void proc.exited.then(() => (exited = true));
  await until(`${name} ready on ${port}`, 60_000, async () => {
    if (exited) throw new Error(`${name} exited during start (see ${proc.logFile})`);
    const res = await fetch(`http://127.0.0.1:${port}/api/ready`, {
      signal: AbortSignal.timeout(1000),
    });
    return res.status === 200 ? true : null;
  }).catch(async (err: unknown) => {
    if (exited) throw new Error(`${name} exited during start:\n${tail(proc.logFile)}`);
    throw err;
  });
  return proc;
}

/** Sends `signal` and waits (up to `timeoutMs`) for the exit; the exit code, or 'timeout'. */
export async function stop(proc: Proc, signal: NodeJS.Signals, timeoutMs = 15_000) {
  proc.expectedExit = true;
  proc.child.kill(signal);
  return Promise.race([proc.exited, sleep(timeoutMs).then(() => 'timeout' as const)]);
}

export function tail(file: string, lines = 25): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}
