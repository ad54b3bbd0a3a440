import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The home screen's Submit Supermatch Result panel, scrolled to as a person
 * would: its form loads once the first rows are up and the panel comes near
 * the screen, not at start.
 */
export async function supermatchForm(page: Page): Promise<Locator> {
  const region = page.getByRole('region', { name: 'Submit Supermatch Result' });
  // The panel's frame is drawn again when the form arrives: scroll until the form itself is there.
  await expect(async () => {
    await region.scrollIntoViewIfNeeded({ timeout: 5000 });
    await expect(region.locator('form')).toBeVisible({ timeout: 5000 });
  }).toPass({ timeout: 60_000 });
  return region;
}
