import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PUBLIC_URL, TEST_PORT } from './ports.ts';

/** Starts the production server on a fresh database for one browser-test run. */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aw-e2e-'));
Object.assign(process.env, {
  PORT: String(TEST_PORT),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  EXTRA_APP_ORIGINS: PUBLIC_URL,
  NODE_ENV: 'test',
});
process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
await import('../../src/server/main.ts');
