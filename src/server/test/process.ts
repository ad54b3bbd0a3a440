import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

/**
 * The real server as a child process (`node --import tsx src/server/main.ts`),
 * for what only a process shows: signals, crashes, the start line. The free
 * port and the health wait also serve the bench's servers and the browser
 * tests' own servers.
 */

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * Resolves once the server at `url` answers its health endpoint; fails at once if the process exits first, and
 * after `timeoutMs` (generous: tsx compiles the server on a busy machine), with what it printed.
 */
export async function waitForHealth(
  url: string,
  child: ChildProcess,
  output: () => string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server exited (${child.exitCode ?? child.signalCode}) before it answered:\n${output()}`);
    }
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`The server did not answer /api/v1/health within ${timeoutMs / 1000} s:\n${output()}`);
}

export interface ServerProcess {
  child: ChildProcess;
  /** Where the server answers (127.0.0.1 and its port). */
  url: string;
  /** Everything it printed so far, stdout and stderr. */
  output: () => string;
  /** Resolves when the output matches (no fixed waits: a busy machine may be slow). */
  waitForOutput: (pattern: RegExp) => Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts the server and resolves once its health endpoint answers (generous: tsx compiles on a busy machine). */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = env.PORT ?? String(await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, NODE_ENV: 'test', DEMO_DATA: 'false', SUBMISSION_RATE_LIMIT: 'off', ...env, PORT: port },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const waiters = new Set<() => void>();
  const append = (d: Buffer) => {
    log += d.toString();
    for (const check of waiters) check();
  };
  child.stdout.on('data', append);
  child.stderr.on('data', append);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      resolve({ code, signal });
      for (const check of waiters) check();
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const waitForOutput = (pattern: RegExp) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (pattern.test(log)) {
          waiters.delete(check);
          resolve();
        } else if (child.exitCode !== null || child.signalCode !== null) {
          waiters.delete(check);
          reject(new Error(`server exited before printing ${pattern}:\n${log}`));
        }
      };
      waiters.add(check);
      check();
    });

  try {
    await waitForHealth(url, child, () => log, 120_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return { child, url, output: () => log, waitForOutput, exited };
}
