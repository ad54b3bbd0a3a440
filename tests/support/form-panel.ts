import { expect, type Locator, type Page } from '@playwright/test';

/**
 * A form panel at the foot of a page (Add Event, Add Club), scrolled to as a
 * person would: its form loads once the page's list is up and the panel
 * comes near the screen, not at start.
 */
export async function formPanel(page: Page, title: string): Promise<Locator> {
  const region = page.getByRole('region', { name: title, exact: true });
  await region.scrollIntoViewIfNeeded();
  await expect(region.locator('form')).toBeVisible();
  return region;
}
