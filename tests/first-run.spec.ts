import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startServerProcess, type ServerProcess } from '../src/server/test/process.ts';
import { axeViolations } from './support/axe.ts';

/**
 * A real deployment's first run: the production server (`src/server/main.ts`, NODE_ENV=production) on an empty
 * database without demo data, whose demo sign-in is allowed but whose demo accounts hold no roles. The only way
 * to an admin is the setup link the server writes to its log.
 */
let server: ServerProcess | undefined;
let dataDir: string | undefined;
test.afterEach(async () => {
  if (server && server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test('the setup link from the log makes whoever signs in with it the first admin, once', async ({ page }) => {
  // Generous: tsx compiles the server on a busy 2-core machine before it answers.
  test.setTimeout(180_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aw-first-run-'));
  server = await startServerProcess({
    NODE_ENV: 'production',
    DEMO_DATA: 'false',
    ALLOW_DEMO_SIGN_IN_IN_PRODUCTION: 'true',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    STATIC_DIR: path.resolve(process.env.STATIC_DIR ?? 'dist'),
  });
  await server.waitForOutput(/to set up this association\./);
  const links = [...server.output().matchAll(/Open (\S+) to set up this association\./g)].map((m) => m[1]!);
  expect(links).toHaveLength(1);
  const link = links[0]!;
  expect(link).toMatch(/^http:\/\/localhost:\d+\/#\/setup\?token=[\w-]{43}$/);

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Set up this association' })).toBeVisible();
  await expect(page.getByText("Setting up makes you the association's first admin.")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // One button: it signs in with the embedded provider, and the sign-in brings the person back to go on.
  await page.getByRole('button', { name: 'Sign in and set up' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByRole('button', { name: /Jordan Reyes/ }).click();

  // Admin now: the admin screen opens at the association's panel.
  await expect(page.getByText('You are the admin of this association. Set it up here.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Verify Submissions' })).toBeVisible();
  await expect(page.getByText('Signed in as Jordan Reyes (admin).')).toBeVisible();
  await expect(page).toHaveURL(/#\/admin\?panel=association$/);
  // The association form, open and in view, filled with the defaults.
  await expect(page.locator('#association')).toBeInViewport();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Arm-wrestling Rankings');
  await expect(page.getByLabel("Men's classes (lbs)")).toHaveValue('154, 176, 198, 220, 242, 243+');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' })).toBeVisible();

  // The same link again: refused, in the server's words.
  await page.goto(link);
  await expect(page.getByText(/You are signed in as Jordan Reyes\./)).toBeVisible();
  await page.getByRole('button', { name: 'Set up this association' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This setup link has already been used.' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
