import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PUBLIC_URL, TEST_PORT } from './ports.ts';

/**
 * Starts the production server for browser tests: on a fresh database by
 * default, or on E2E_DATA_DIR (kept) so a test can stop and restart it.
 */
const keep = !!process.env.E2E_DATA_DIR;
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'aw-e2e-'));
Object.assign(process.env, {
  PORT: process.env.E2E_SERVER_PORT ?? String(TEST_PORT),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  EXTRA_APP_ORIGINS: PUBLIC_URL,
  NODE_ENV: 'test',
  SUBMISSION_RATE_LIMIT: 'off',
});
if (!keep) process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
await import('../../src/server/main.ts');
