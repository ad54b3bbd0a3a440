import { expect, test } from './support/fixtures.ts';
import { openMenuIfNarrow, signInAs } from './support/sign-in.ts';

test.describe('sign-in through the embedded provider', () => {
  test('the login page lists the five demo accounts', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    for (const label of ['Athlete ·', 'Athlete with a verified name', 'Club leader', 'Admin ·', 'Developer']) {
      await expect(page.getByRole('button', { name: new RegExp(label) })).toBeVisible();
    }
  });

  test('an athlete signs in, lands on the account page with a clean address, sees no Admin link and logs out', async ({
    page,
  }) => {
    await page.goto('/#/events');
    await signInAs(page, 'Jordan Reyes');
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/#\/account$/);
    await expect(page.getByText('athlete@demo.armwrestling.test')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Account' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' })).toHaveCount(0);

    // Still signed in after a reload.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Welcome, Jordan Reyes' })).toBeVisible();

    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/#\/leaderboards$/);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });

  test('the admin sees the Admin link and the admin screen', async ({ page }) => {
    await page.goto('/');
    await signInAs(page, 'Morgan Vance');
    const admin = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' });
    await expect(admin).toBeVisible();
    await admin.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Verify Submissions' })).toBeVisible();
    await expect(page.getByText(/Signed in as Morgan Vance \(admin\)/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Admins Only' })).toHaveCount(0);
  });

  test('the developer sees the Admin link too', async ({ page }) => {
    await page.goto('/');
    await signInAs(page, 'Sam Lindqvist');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' })).toBeVisible();
  });

  test('the club leader and the verified athlete sign in as themselves without the Admin link', async ({ page }) => {
    for (const name of ['Riley Okafor', 'Casey Morrow']) {
      await page.goto('/');
      await signInAs(page, name);
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' })).toHaveCount(0);
      await page.getByRole('button', { name: 'Log out' }).click();
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    }
  });

  test('when the role request fails the admin is treated as a user', async ({ page }) => {
    await page.route('**/api/v1/me/role', (route) => route.fulfill({ status: 500, body: '{}' }));
    await page.goto('/');
    await signInAs(page, 'Morgan Vance');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' })).toHaveCount(0);
    await page.goto('/#/admin');
    await expect(page.getByRole('heading', { name: 'Admins Only' })).toBeVisible();
  });

  test('cancelling on the login page comes back with a message', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('status').getByText('Sign-in was cancelled.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/#\/$|#\/leaderboards$/);
  });

  test('the account page, signed out, redirects to sign-in', async ({ page }) => {
    await page.goto('/#/account');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await page.getByRole('button', { name: /Jordan Reyes/ }).click();
    await expect(page.getByRole('heading', { name: 'Welcome, Jordan Reyes' })).toBeVisible();
  });

  test('an expired access token is renewed with the refresh token, and through the iframe when that is gone', async ({
    page,
  }) => {
    await page.goto('/');
    await signInAs(page, 'Morgan Vance');
    type RefreshToken = 'keep' | 'invalid' | 'missing';
    // The expiry is applied by the reloaded page before the app runs: done on the live page, any call
    // the app made before the reload would start a renewal of its own and be counted too.
    await page.addInitScript(() => {
      const refresh = sessionStorage.getItem('e2e.expire');
      if (!refresh || window !== window.top) return;
      sessionStorage.removeItem('e2e.expire');
      const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'))!;
      const user = JSON.parse(localStorage.getItem(key)!) as Record<string, unknown>;
      user.expires_at = Math.floor(Date.now() / 1000) - 5;
      if (refresh === 'invalid') user.refresh_token = 'no-longer-valid';
      if (refresh === 'missing') delete user.refresh_token;
      localStorage.setItem(key, JSON.stringify(user));
      // The role read just before may be saved on the device and still fresh, and then it is not asked again:
      // without the saved cache the reloaded page asks for it, with whatever token the renewal gives.
      indexedDB.deleteDatabase('aw-query-cache');
    });
    const tokenNow = () =>
      page.evaluate(() => {
        const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'))!;
        return (JSON.parse(localStorage.getItem(key)!) as { access_token: string }).access_token;
      });
    const expireToken = async (refresh: RefreshToken) => {
      await page.evaluate((refresh) => sessionStorage.setItem('e2e.expire', refresh), refresh);
      return tokenNow();
    };

    const silentRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/oidc/auth?') && r.url().includes('prompt=none')) silentRequests.push(r.url());
    });
    for (const refresh of ['keep', 'invalid', 'missing'] as const) {
      const old = await expireToken(refresh);
      const role = page.waitForResponse((r) => r.url().endsWith('/api/v1/me/role'));
      await page.reload();
      expect((await role).status()).toBe(200);
      // The iframe request is the fallback only: used when the refresh token is invalid or missing.
      expect(silentRequests).toHaveLength(refresh === 'keep' ? 0 : refresh === 'invalid' ? 1 : 2);
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' })).toBeVisible();
      expect(await tokenNow()).not.toBe(old);
    }
  });
});

test.describe('narrow screens @phone', () => {
  test('the hamburger menu holds the links and the signed-in name', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await signInAs(page, 'Jordan Reyes');
    await openMenuIfNarrow(page);
    const menu = page.getByRole('navigation', { name: 'Menu' });
    for (const name of ['Leaderboards', 'Events', 'Supermatches', 'Clubs']) {
      await expect(menu.getByRole('link', { name: new RegExp(name) })).toBeVisible();
    }
    await expect(page.getByText('Signed in as Jordan Reyes')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await openMenuIfNarrow(page);
    await menu.getByRole('link', { name: /Clubs/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Find a club to train with' })).toBeVisible();
    await expect(menu).toBeHidden();
  });
});
