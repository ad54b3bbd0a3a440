import type { BrowserContext } from '@playwright/test';

/**
 * A browser's connection cut and restored, for the chaos tests. Playwright's offline switch does not reach the
 * service worker, so its API requests are refused too.
 */
export async function cutConnection(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
}

export async function restoreConnection(context: BrowserContext): Promise<void> {
  await context.unroute('**/api/**');
  await context.setOffline(false);
}
