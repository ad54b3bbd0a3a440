import { expect, type Locator, type Page } from '@playwright/test';

/**
 * A form panel at the foot of a page (Add Event, Add Club), scrolled to as a
 * person would: its form loads once the page's list is up and the panel
 * comes near the screen, not at start. The panel's frame is drawn anew when
 * the form starts loading, so scrolling is tried again until the form shows.
 */
export async function formPanel(page: Page, title: string): Promise<Locator> {
  const region = page.getByRole('region', { name: title, exact: true });
  await expect(async () => {
    await region.scrollIntoViewIfNeeded({ timeout: 5000 });
    await expect(region.locator('form')).toBeVisible({ timeout: 5000 });
  }).toPass({ timeout: 30_000 });
  return region;
}
