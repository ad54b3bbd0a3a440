import { expect, type Page } from '@playwright/test';

/** Signs in through the embedded provider's real login page, as a person would. */
export async function signInAs(page: Page, accountName: string) {
  await page.getByRole('button', { name: 'Sign in' }).first().click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(accountName) }).click();
  await expect(page.getByRole('heading', { name: new RegExp(`Welcome, ${accountName}`) })).toBeVisible();
}

export async function openMenuIfNarrow(page: Page) {
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
}
