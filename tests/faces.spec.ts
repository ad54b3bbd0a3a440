import { axeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { PUBLIC_URL } from './support/ports.ts';
import { signInAs } from './support/sign-in.ts';

test.describe('dev and public faces', () => {
  test('on localhost (a dev environment) the affiliate-links row shows', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Affiliate links' })).toBeVisible();
  });

  test('on a public host it does not, and sign-in still works there', async ({ page }) => {
    await page.goto(`${PUBLIC_URL}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Leaderboards' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Affiliate links' })).toHaveCount(0);
    await signInAs(page, 'Jordan Reyes');
    await expect(page).toHaveURL(`${PUBLIC_URL}/#/account`);
  });
});

test.describe('accessibility', () => {
  const screens = ['#/leaderboards', '#/events', '#/supermatches', '#/clubs', '#/admin', '#/nowhere'];
  for (const hash of screens) {
    test(`axe finds nothing on ${hash}`, async ({ page }) => {
      await page.goto(`/${hash}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  test('axe finds nothing on the signed-in account and admin screens, nor on the login page', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: /Morgan Vance/ }).click();
    await expect(page.getByRole('heading', { name: 'Welcome, Morgan Vance' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.goto('/#/admin');
    await expect(page.getByRole('main').getByText(/Signed in as Morgan Vance/)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('keyboard: the skip link moves focus to the content and focus is visible', async ({ page }) => {
    await page.goto('/#/events');
    // The app renders after it restored the saved data: press Tab once the page is there, as a person would.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
    await expect(page).toHaveURL(/#\/events$/);
    await page.keyboard.press('Tab');
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(outline).not.toBe('none');
  });
});

test.describe('phone @phone', () => {
  test('axe finds nothing with the menu open, and nothing overflows sideways', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Menu' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
