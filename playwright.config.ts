import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './tests/support/chromium.ts';
import { BASE_URL, PUBLIC_HOST, PUBLIC_URL } from './tests/support/ports.ts';

const executablePath = findChromium();
if (!executablePath) {
  throw new Error('No Chromium found: set CHROME_PATH or install Debian\'s chromium (apt-get install -y chromium).');
}

const launchOptions = {
  executablePath,
  // The public host stands for an https deployment: secure context, so PKCE's Web Crypto works there.
  args: [
    ...CHROMIUM_ARGS,
    `--host-resolver-rules=MAP ${PUBLIC_HOST} 127.0.0.1`,
    `--unsafely-treat-insecure-origin-as-secure=${PUBLIC_URL}`,
  ],
};

/** Browser tests run the production build (`npm run build` first) against the real server. */
export default defineConfig({
  testDir: 'tests',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  // Generous for a busy 2-core machine: every wait is for what the user sees, so a longer limit costs a
  // passing test nothing.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions }, grepInvert: /@phone/ },
    { name: 'phone', use: { ...devices['Pixel 7'], launchOptions }, grep: /@phone/ },
  ],
  webServer: {
    command: 'node --import tsx tests/support/test-server.ts',
    url: `${BASE_URL}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
