import type { Page } from '@playwright/test';
import { axeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { leaderboard } from './support/leaderboard.ts';
import { formPanel } from './support/form-panel.ts';

/** The home screen's supermatch panel and the Feedback tab. */

const SENT = 'Supermatch submitted successfully!';
const SCORE_MESSAGE = 'Enter number-number eg. 3-2';
const FEEDBACK_SENT = "Success! I've received your feedback and I might read it one day.";

const panel = (page: Page) => page.getByRole('region', { name: 'Submit Supermatch Result' });
const combobox = (page: Page, name: 'Competitor A' | 'Competitor B') =>
  panel(page).getByRole('combobox', { name, exact: true });
const feedbackTab = (page: Page) => page.getByRole('button', { name: 'Feedback', exact: true });
const sheet = (page: Page) => page.getByRole('dialog', { name: 'Feedback' });

test.describe('supermatch form', () => {
  test('fill with the keyboard and the mouse, submit, see the success toast and a fresh form', async ({
    page,
    request,
  }) => {
    const men = await leaderboard(request, 'M');
    const a = men.ranks.RH[0]!.name;
    const b = men.ranks.RH[1]!.name;
    await page.goto('/');
    const form = await formPanel(page, 'Submit Supermatch Result');
    await expect(form).toHaveAttribute('id', 'supermatch');
    const submit = form.getByRole('button', { name: 'Submit', exact: true });

    // Competitor A by keyboard: type, arrow to the suggestion, Enter.
    const compA = combobox(page, 'Competitor A');
    await compA.click();
    await compA.pressSequentially(a);
    await expect(compA).toHaveAttribute('aria-expanded', 'true');
    const listA = form.getByRole('listbox', { name: 'Competitor A suggestions' });
    await expect(listA.getByRole('option').first()).toHaveText(a);
    await page.keyboard.press('ArrowDown');
    const activeId = await compA.getAttribute('aria-activedescendant');
    expect(activeId).toBeTruthy();
    await expect(page.locator(`[id="${activeId}"]`)).toHaveText(a);
    await page.keyboard.press('Enter');
    await expect(compA).toHaveValue(a);
    await expect(compA).toHaveAttribute('aria-expanded', 'false');

    // Competitor B with the mouse: a click on the suggestion.
    const compB = combobox(page, 'Competitor B');
    await compB.click();
    await compB.pressSequentially(b.slice(0, -1));
    await form.getByRole('option', { name: b, exact: true }).click();
    await expect(compB).toHaveValue(b);

    await expect(submit).toBeDisabled();
    await form.getByRole('radio', { name: 'Right' }).check();
    // The winner by keyboard: the radio shows the chosen name.
    await form.getByRole('radio', { name: `A: ${a}` }).focus();
    await page.keyboard.press('Space');
    await expect(form.getByRole('radio', { name: `A: ${a}` })).toBeChecked();

    // The score keeps digits and one dash, no leading zeros.
    const score = form.getByLabel('Score', { exact: true });
    await score.click();
    await page.keyboard.type('03x-1');
    await expect(score).toHaveValue('3-1');
    await form.getByLabel('Weight A', { exact: true }).fill('198');
    await form.getByLabel('Location', { exact: true }).fill('Test Gym');
    await expect(form.getByText(`${a} beat ${b} 3-1`)).toBeVisible();

    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page.getByText(SENT)).toBeVisible();
    await expect(compA).toHaveValue('');
    await expect(compB).toHaveValue('');
    await expect(score).toHaveValue('');
    await expect(submit).toBeDisabled();
  });

  test('an invalid score shows the message and keeps Submit disabled', async ({ page, request }) => {
    const men = await leaderboard(request, 'M');
    await page.goto('/');
    const form = await formPanel(page, 'Submit Supermatch Result');
    await combobox(page, 'Competitor A').fill(men.ranks.LH[0]!.name);
    await combobox(page, 'Competitor B').fill(men.ranks.LH[1]!.name);
    await form.getByRole('radio', { name: 'Left' }).check();
    await form.getByRole('radio', { name: /^B: / }).check();
    const submit = form.getByRole('button', { name: 'Submit', exact: true });
    await expect(submit).toBeEnabled();

    const score = form.getByLabel('Score', { exact: true });
    await score.fill('2-2');
    await score.press('Tab');
    const error = form.getByText(SCORE_MESSAGE, { exact: true });
    await expect(error).toBeVisible();
    await expect(score).toHaveAttribute('aria-invalid', 'true');
    await expect(score).toHaveAttribute('aria-describedby', (await error.getAttribute('id'))!);
    await expect(submit).toBeDisabled();

    await score.fill('3-2');
    await expect(error).toHaveCount(0);
    await expect(submit).toBeEnabled();
  });

  test('the date cannot be later than today', async ({ page }) => {
    await page.goto('/');
    const date = (await formPanel(page, 'Submit Supermatch Result')).getByLabel('Date', { exact: true });
    const today = await page.evaluate(() => {
      const d = new Date();
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
    });
    await expect(date).toHaveAttribute('max', today);
  });

  test('axe finds nothing with the form: suggestions open and an error shown', async ({ page, request }) => {
    const men = await leaderboard(request, 'M');
    await page.goto('/');
    const form = await formPanel(page, 'Submit Supermatch Result');
    await form.getByLabel('Score', { exact: true }).fill('1-1');
    await form.getByLabel('Score', { exact: true }).press('Tab');
    await expect(form.getByText(SCORE_MESSAGE)).toBeVisible();
    const compA = combobox(page, 'Competitor A');
    await compA.click();
    await compA.pressSequentially(men.ranks.RH[0]!.name.slice(0, 2));
    await page.keyboard.press('ArrowDown');
    await expect(form.getByRole('listbox')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe('feedback', () => {
  test('the tab opens the sheet; Escape closes it; Send is disabled until there is text; send', async ({ page }) => {
    await page.goto('/');
    await feedbackTab(page).click();
    const dialog = sheet(page);
    await expect(dialog).toBeVisible();
    const text = dialog.getByLabel('Your feedback');
    await expect(text).toBeFocused();
    await expect(dialog.getByRole('button', { name: 'Send' })).toBeDisabled();

    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(feedbackTab(page)).toBeFocused();

    // Open again from the keyboard; focus stays inside the sheet.
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await expect(text).toBeFocused();
    await text.fill('   ');
    await expect(dialog.getByRole('button', { name: 'Send' })).toBeDisabled();
    await text.fill('The tables read well on my phone.');
    await expect(dialog.getByLabel('Name', { exact: true })).toHaveAttribute('placeholder', 'Anonymous');
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText(FEEDBACK_SENT)).toBeVisible();
    await expect(dialog).toHaveCount(0);
  });

  test('axe finds nothing with the sheet open', async ({ page }) => {
    await page.goto('/');
    await feedbackTab(page).click();
    await expect(sheet(page)).toBeVisible();
    await sheet(page).getByLabel('Your feedback').fill('Hello');
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the sheet slides up, but not with reduced motion', async ({ page }) => {
    await page.goto('/');
    await feedbackTab(page).click();
    await expect(sheet(page)).toBeVisible();
    expect(await sheet(page).evaluate((d) => getComputedStyle(d).animationName)).toBe('sheet-up');
    await page.keyboard.press('Escape');

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await feedbackTab(page).click();
    await expect(sheet(page)).toBeVisible();
    expect(await sheet(page).evaluate((d) => getComputedStyle(d).animationName)).toBe('none');
  });
});

test.describe('forms on a phone @phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the Feedback tab sits beside the boards, never over a row; the sheet comes from the bottom', async ({
    page,
  }) => {
    await page.goto('/');
    const tab = feedbackTab(page);
    await expect(tab).toBeVisible();
    await expect(page.getByRole('region', { name: 'Men', exact: true }).locator('tbody tr')).toHaveCount(10);
    const tabBox = (await tab.boundingBox())!;
    expect(tabBox.x + tabBox.width).toBeLessThanOrEqual(390);
    for (const title of ['Men', 'Women']) {
      const table = page.getByRole('region', { name: title, exact: true }).locator('table');
      const box = (await table.boundingBox())!;
      expect(box.x + box.width, `${title} table ends left of the tab`).toBeLessThanOrEqual(tabBox.x);
    }
    const formBox = (await (await formPanel(page, 'Submit Supermatch Result')).locator('form').boundingBox())!;
    expect(formBox.x + formBox.width).toBeLessThanOrEqual(tabBox.x);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await tab.click();
    const dialog = sheet(page);
    await expect(dialog).toBeVisible();
    await expect
      .poll(() => dialog.evaluateAll((found) => found.map((el) => Math.round(el.getBoundingClientRect().bottom))))
      .toEqual([844]);
  });
});
