import { devices, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { axeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { BASE_URL } from './support/ports.ts';

/**
 * Installing to the home screen: what the browser reads (the web app
 * manifest, its icons, the Apple tags) and what a person sees (the Install
 * button where the browser offers a prompt, the Share hint on iOS Safari).
 */

interface ManifestIcon {
  src: string;
  sizes: string;
  type?: string;
  purpose?: string;
}
interface Manifest {
  name?: string;
  short_name?: string;
  description?: string;
  display?: string;
  start_url?: string;
  scope?: string;
  theme_color?: string;
  background_color?: string;
  icons?: ManifestIcon[];
}

const IOS_HINT = 'Install this app: tap Share, then Add to Home Screen.';

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString('hex'), 'PNG signature').toBe('89504e470d0a1a0a');
  expect(bytes.subarray(12, 16).toString('latin1'), 'first chunk').toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test.describe('what the browser reads', () => {
  test('the manifest linked from the page has what an install needs, and its icons are real PNGs of their size', async ({
    page,
  }) => {
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const manifestUrl = new URL(href!, page.url()).href;
    const res = await page.request.get(manifestUrl);
    expect(res.status()).toBe(200);
    const manifest = (await res.json()) as Manifest;

    expect(manifest).toMatchObject({
      name: 'Arm-wrestling Rankings',
      short_name: 'AW Rankings',
      display: 'standalone',
      scope: '/',
    });
    expect(manifest.description?.length).toBeGreaterThan(10);
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    // The start address is in scope and opens the app.
    const start = new URL(manifest.start_url!, manifestUrl);
    expect(start.origin).toBe(new URL(manifestUrl).origin);
    expect(start.pathname.startsWith(new URL(manifest.scope!, manifestUrl).pathname)).toBe(true);
    // The page's theme colour is the manifest's, so the browser bar matches the splash screen.
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', manifest.theme_color!);

    const icons = manifest.icons ?? [];
    const purposes = (i: ManifestIcon) => (i.purpose ?? 'any').split(/\s+/);
    expect(icons.some((i) => i.sizes.split(/\s+/).includes('192x192') && purposes(i).includes('any'))).toBe(true);
    expect(icons.some((i) => i.sizes.split(/\s+/).includes('512x512') && purposes(i).includes('any'))).toBe(true);
    expect(icons.some((i) => purposes(i).includes('maskable'))).toBe(true);

    for (const icon of icons) {
      const r = await page.request.get(new URL(icon.src, manifestUrl).href);
      expect(r.status(), icon.src).toBe(200);
      expect(r.headers()['content-type'], icon.src).toMatch(/^image\/png\b/);
      expect(icon.type ?? 'image/png', icon.src).toBe('image/png');
      const { width, height } = pngSize(await r.body());
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }
  });

  test('index.html has the Apple home-screen icon and tags', async ({ page }) => {
    await page.goto('/');
    const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    expect(touchIcon).toBeTruthy();
    const r = await page.request.get(new URL(touchIcon!, page.url()).href);
    expect(r.status()).toBe(200);
    expect(r.headers()['content-type']).toMatch(/^image\/png\b/);
    // iOS draws the home-screen icon at 180 x 180.
    expect(pngSize(await r.body())).toEqual({ width: 180, height: 180 });

    const meta = (name: string) => page.locator(`meta[name="${name}"]`);
    await expect(meta('apple-mobile-web-app-capable')).toHaveAttribute('content', 'yes');
    await expect(meta('mobile-web-app-capable')).toHaveAttribute('content', 'yes');
    await expect(meta('apple-mobile-web-app-status-bar-style')).toHaveAttribute(
      'content',
      /^(default|black|black-translucent)$/,
    );
    await expect(meta('apple-mobile-web-app-title')).toHaveAttribute('content', 'AW Rankings');
  });
});

/** What Chromium fires when the app can be installed: an Event with prompt() and userChoice. */
async function offerInstall(page: Page, outcome: 'accepted' | 'dismissed' = 'accepted'): Promise<boolean> {
  return page.evaluate((outcome) => {
    const w = window as { promptCalls?: number };
    w.promptCalls ??= 0;
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      platforms: ['web'],
      prompt: () => {
        w.promptCalls! += 1;
        return Promise.resolve({ outcome, platform: 'web' });
      },
      userChoice: Promise.resolve({ outcome, platform: 'web' }),
    });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  }, outcome);
}

const promptCalls = (page: Page) => page.evaluate(() => (window as { promptCalls?: number }).promptCalls ?? 0);

test.describe('the Install button', () => {
  test('appears when the browser offers an install, prompts once when pressed, then goes away', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Leaderboards' })).toBeVisible();
    const install = page.getByRole('button', { name: 'Install app' });
    await expect(install).toHaveCount(0);
    // Not on a desktop browser: the iOS hint.
    await expect(page.getByText(IOS_HINT)).toHaveCount(0);

    // The app keeps the event (no browser mini-infobar) and offers its own button.
    expect(await offerInstall(page)).toBe(true);
    await expect(install).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await install.click();
    await expect(install).toHaveCount(0);
    expect(await promptCalls(page)).toBe(1);
  });

  test('a dismissed prompt cannot be shown twice; the button goes, and a new offer brings it back', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Leaderboards' })).toBeVisible();
    const install = page.getByRole('button', { name: 'Install app' });
    await offerInstall(page, 'dismissed');
    await install.click();
    await expect(install).toHaveCount(0);
    expect(await promptCalls(page)).toBe(1);

    await offerInstall(page);
    await expect(install).toBeVisible();
    // Installed some other way (the browser's menu): the button has nothing left to do.
    await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
    await expect(install).toHaveCount(0);
    expect(await promptCalls(page)).toBe(1);
  });
});

test.describe('the iOS Safari hint', () => {
  const iphone = devices['iPhone 15'];
  /** An iPhone's Safari as far as the page can tell, in Chromium. */
  const iphoneContext = (browser: Browser): Promise<BrowserContext> =>
    browser.newContext({
      baseURL: BASE_URL,
      userAgent: iphone.userAgent,
      viewport: iphone.viewport,
      deviceScaleFactor: iphone.deviceScaleFactor,
      isMobile: iphone.isMobile,
      hasTouch: iphone.hasTouch,
    });
  const watchErrors = (page: Page, problems: string[]) => page.on('pageerror', (err) => problems.push(err.message));

  test('shows the Share hint until it is dismissed, and for good', async ({ browser }) => {
    const context = await iphoneContext(browser);
    const page = await context.newPage();
    const problems: string[] = [];
    watchErrors(page, problems);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Leaderboards' })).toBeVisible();

    const hint = page.getByRole('complementary', { name: 'Install this app' });
    await expect(hint).toContainText(IOS_HINT);
    await expect(hint).toBeVisible();
    await expect(page.getByRole('button', { name: 'Install app' })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);

    await hint.getByRole('button', { name: 'Dismiss the install hint' }).click();
    await expect(page.getByText(IOS_HINT)).toHaveCount(0);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Leaderboards' })).toBeVisible();
    await expect(page.getByText(IOS_HINT)).toHaveCount(0);
    // A new visit in the same browser: still dismissed.
    const again = await context.newPage();
    await again.goto('/#/events');
    await expect(again.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(again.getByText(IOS_HINT)).toHaveCount(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('is not shown once the app runs from the home screen', async ({ browser }) => {
    const context = await iphoneContext(browser);
    // Safari started from a home-screen icon says so with navigator.standalone.
    await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'standalone', { get: () => true }));
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Leaderboards' })).toBeVisible();
    await expect(page.getByText(IOS_HINT)).toHaveCount(0);
    await context.close();
  });
});
