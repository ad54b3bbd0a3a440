import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { AssociationSettings } from '../../src/shared/association.ts';
import { writeSettings } from '../../src/server/association/store.ts';
import { openDatabase } from '../../src/server/db/connection.ts';
import { freePort, waitForHealth } from '../../src/server/test/process.ts';

/**
 * A server of the test's own, for outages: the same production server as the
 * shared one, on its own port and data folder, that the test can kill
 * (SIGKILL, like a crash) and start again on the same origin, so the page's
 * service worker and IndexedDB stay.
 */
export interface OwnServer {
  url: string;
  dataDir: string;
  staticDir: string;
  start: () => Promise<void>;
  kill: () => Promise<void>;
  /** Reads the server's database directly (read-only, with `?` parameters), e.g. to count stored submissions. */
  query: <T>(sql: string, params?: unknown[]) => T[];
  /**
   * Sets the association profile in the server's database, through the store an admin's change goes through, while
   * the server runs: as a command-line tool on the same database would (the server sees it at its next request).
   */
  writeAssociation: (settings: AssociationSettings) => void;
  dispose: () => Promise<void>;
}

/** `env`: more settings for the server, e.g. `{ DEMO_ASSOCIATION: 'kg' }`. */
export async function ownServer(opts: { copyStatic?: boolean; env?: Record<string, string> } = {}): Promise<OwnServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aw-own-'));
  let staticDir = path.resolve('dist');
  // The same build as the shared test server when one is named (a run with its own STATIC_DIR).
  if (process.env.STATIC_DIR) staticDir = path.resolve(process.env.STATIC_DIR);
  if (opts.copyStatic) {
    staticDir = path.join(dataDir, 'dist');
    fs.cpSync(path.resolve('dist'), staticDir, { recursive: true });
  }
  const url = `http://localhost:${port}`;
  let child: ChildProcess | undefined;
  let log = '';

  const start = async () => {
    log = '';
    child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/test-server.ts'], {
      env: { ...process.env, ...opts.env, E2E_SERVER_PORT: String(port), E2E_DATA_DIR: dataDir, STATIC_DIR: staticDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
    // Generous: on a busy 2-core machine compiling the server (tsx) and seeding the demo can take half a minute.
    await waitForHealth(url, child, () => log, 90_000);
  };
  const kill = async () => {
    const c = child;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      c.once('exit', () => resolve());
      c.kill('SIGKILL');
    });
  };
  const query = <T>(sql: string, params: unknown[] = []): T[] => {
    const db = new Database(path.join(dataDir, 'app.db'), { readonly: true, fileMustExist: true });
    try {
      return db.prepare(sql).all(...params) as T[];
    } finally {
      db.close();
    }
  };
  const writeAssociation = (settings: AssociationSettings) => {
    const db = openDatabase(path.join(dataDir, 'app.db'));
    try {
      writeSettings(db, settings, 'browser test');
    } finally {
      db.close();
    }
  };
  await start();
  return {
    url,
    dataDir,
    staticDir,
    start,
    kill,
    query,
    writeAssociation,
    dispose: async () => {
      await kill();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
