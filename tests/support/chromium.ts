import fs from 'node:fs';
import { chromium } from '@playwright/test';

/**
 * The browser is found, never downloaded: CHROME_PATH, else a browser
 * Playwright already installed, else Debian's /usr/bin/chromium.
 */
export function findChromium(): string | undefined {
  const candidates = [process.env.CHROME_PATH, safe(() => chromium.executablePath()), '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((p): p is string => !!p && fs.existsSync(p));
}

function safe(fn: () => string): string | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}

/** Running as root in CI needs --no-sandbox; the rest keep Chromium off the closed network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
