import { spawn, type ChildProcess } from 'node:child_process';
import { freePort, waitForHealth } from '../../src/server/test/process.ts';

/**
 * The real server as a child process (`node --import tsx src/server/main.ts`),
 * exactly as `npm run serve` starts it, on a free port of 127.0.0.1.
 */
export interface BenchServer {
  url: string;
  port: number;
  startMs: number;
  stop: () => Promise<void>;
}

const running = new Set<ChildProcess>();

/** Last resort on a crash or Ctrl-C: no server is left behind. */
export function killAllServersNow(): void {
  for (const child of running) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  running.clear();
}

export async function startBenchServer(opts: {
  root: string;
  dataDir: string;
  staticDir: string;
  /** Load the demo state into the empty database at start, as `npm start` does (default: no, a seeded state). */
  demoData?: boolean;
}): Promise<BenchServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: opts.root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      STATIC_DIR: opts.staticDir,
      NODE_ENV: 'test',
      DEMO_DATA: opts.demoData ? 'true' : 'false',
      LOG_REQUESTS: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const stop = async () => {
    running.delete(child);
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };

  try {
    await waitForHealth(url, child, () => log, 60_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, port, startMs: performance.now() - started, stop };
}
