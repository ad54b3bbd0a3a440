import type { Browser, Page } from '@playwright/test';
import { axeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { ownServer, type OwnServer } from './support/own-server.ts';
import { signInAs } from './support/sign-in.ts';
import { formPanel } from './support/form-panel.ts';

/**
 * The account page and name verification: claim, approve, deny and claim again.
 * The journeys that change an account's claim run on a server of their own
 * (fresh database), so the shared server's demo accounts stay as they start.
 */

const VERIFIED_HINT = 'Your name has been approved and is now locked.';
const REJECTED_HINT = 'Your previous submission was rejected. Please correct your name and submit again.';
const CONFIRM_TEXT = 'Please confirm your name is correct. You will not be able to change it after it is approved.';
const INTRO = 'Select your name to verify your identity and unlock all features.';

const profileToggle = (page: Page) => page.getByRole('button', { name: /^Profile/ });
const nameField = (page: Page) => page.getByLabel('Name on leaderboards', { exact: true });
const confirmDialog = (page: Page) => page.getByRole('dialog', { name: 'Confirm your name' });

/** Types into the athlete select and picks the option (a known name, or the 'Add "…"' entry). */
async function pickName(page: Page, typed: string, option: string) {
  const field = page.getByRole('combobox', { name: 'Name on leaderboards' });
  await field.fill('');
  await field.pressSequentially(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(field).toHaveValue(option.replace(/^Add "(.*)"$/, '$1'));
}

async function submitAndConfirm(page: Page) {
  await page.getByRole('button', { name: 'Submit for verification' }).click();
  const dialog = confirmDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(CONFIRM_TEXT)).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Submitted for approval.')).toBeVisible();
}

async function expectPending(page: Page, name: string) {
  await expect(profileToggle(page)).toContainText('Pending approval');
  await expect(page.getByText(`Pending approval: ${name}`, { exact: true })).toBeVisible();
  await expect(nameField(page)).toHaveValue(name);
  await expect(nameField(page)).toHaveAttribute('readonly', '');
  await expect(page.getByRole('button', { name: 'Submitted', exact: true })).toBeDisabled();
}

/**
 * The admin's decision through the API, as the admin screen will make it: the
 * admin signs in (a browser of their own) and the call carries their token.
 */
async function adminDecides(browser: Browser, baseUrl: string, name: string, status: 'approved' | 'denied') {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await admin.goto(`${baseUrl}/`);
  await signInAs(admin, 'Morgan Vance');
  const result = await admin.evaluate(
    async ({ name, status }) => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'))!;
      const { access_token } = JSON.parse(localStorage.getItem(key)!) as { access_token: string };
      const headers = { Authorization: `Bearer ${access_token}`, 'Content-Type': 'application/json' };
      const list = (await (await fetch('/api/v1/admin/name-submissions?status=pending', { headers })).json()) as {
        name_submissions: { id: number; athleteName: string }[];
      };
      const claim = list.name_submissions.find((c) => c.athleteName === name);
      if (!claim) return { status: 0, body: list };
      const res = await fetch(`/api/v1/admin/name-submissions/${claim.id}/status`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ status }),
      });
      return { status: res.status, body: (await res.json()) as unknown };
    },
    { name, status },
  );
  await context.close();
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  expect(result.body).toMatchObject({
    name_submission: {
      athleteName: name,
      claimerEmail: 'athlete@demo.armwrestling.test',
      claimerName: 'Jordan Reyes',
      status,
      decidedBy: 'admin@demo.armwrestling.test',
    },
  });
}

/** The athlete's own token may not reach the admin side. */
async function adminListStatusAs(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'))!;
    const { access_token } = JSON.parse(localStorage.getItem(key)!) as { access_token: string };
    return (await fetch('/api/v1/admin/name-submissions', { headers: { Authorization: `Bearer ${access_token}` } }))
      .status;
  });
}

test.describe('claiming a name, on a server of its own', () => {
  let server: OwnServer;
  test.beforeEach(async () => {
    test.setTimeout(90_000);
    server = await ownServer();
  });
  test.afterEach(async () => {
    await server.dispose();
  });

  test('claim, confirm, pending and locked; the admin approves; verified for good, also in the supermatch form', async ({
    page,
    browser,
  }) => {
    await page.goto(`${server.url}/`);
    await signInAs(page, 'Jordan Reyes');
    await expect(page).toHaveURL(/#\/account$/);
    await expect(profileToggle(page)).toContainText('Action needed');
    await expect(profileToggle(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText(INTRO)).toBeVisible();
    await expect(page.getByText('Verification may take a few days.')).toBeVisible();
    await expect(nameField(page)).toHaveAttribute('placeholder', 'Full name');
    await expect(page.getByRole('button', { name: 'Submit for verification' })).toBeDisabled();

    await pickName(page, 'Jordan Re', 'Jordan Reyes');
    // Escape cancels the confirmation: nothing is sent.
    await page.getByRole('button', { name: 'Submit for verification' }).click();
    await expect(confirmDialog(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(confirmDialog(page)).toBeHidden();
    await expect(profileToggle(page)).toContainText('Action needed');

    await submitAndConfirm(page);
    await expectPending(page, 'Jordan Reyes');
    await page.reload();
    await expectPending(page, 'Jordan Reyes');
    expect(await adminListStatusAs(page)).toBe(403);

    await adminDecides(browser, server.url, 'Jordan Reyes', 'approved');

    await page.reload();
    await expect(profileToggle(page)).toContainText('Verified');
    await expect(page.getByText(VERIFIED_HINT)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Locked', exact: true })).toBeDisabled();
    await expect(nameField(page)).toHaveValue('Jordan Reyes');
    await expect(nameField(page)).toHaveAttribute('readonly', '');
    await expect(page.getByText(INTRO)).toHaveCount(0);

    // The home screen's supermatch form takes the verified name as the submitter, locked.
    await page.goto(`${server.url}/#/leaderboards`);
    const form = await formPanel(page, 'Submit Supermatch Result');
    const submitter = form.getByLabel('Your name', { exact: true });
    await expect(submitter).toHaveValue('Jordan Reyes');
    await expect(submitter).toHaveAttribute('readonly', '');
    await expect(form.getByText('Locked to your verified name.')).toBeVisible();
  });

  test('the admin denies: the rejected hint shows, the field opens again and the athlete resubmits', async ({
    page,
    browser,
  }) => {
    await page.goto(`${server.url}/`);
    await signInAs(page, 'Jordan Reyes');
    await expect(profileToggle(page)).toContainText('Action needed');
    await pickName(page, 'Jordan Reyez', 'Add "Jordan Reyez"');
    await submitAndConfirm(page);
    await expectPending(page, 'Jordan Reyez');

    await adminDecides(browser, server.url, 'Jordan Reyez', 'denied');

    await page.reload();
    await expect(profileToggle(page)).toContainText('Rejected');
    await expect(page.getByText(REJECTED_HINT)).toBeVisible();
    await expect(page.getByText(INTRO)).toBeVisible();
    const field = page.getByRole('combobox', { name: 'Name on leaderboards' });
    await expect(field).toBeEditable();
    await expect(field).toHaveValue('Jordan Reyez');
    await expect(page.getByRole('button', { name: 'Submit for verification' })).toBeEnabled();

    await pickName(page, 'Jordan Rey', 'Jordan Reyes');
    await submitAndConfirm(page);
    await expectPending(page, 'Jordan Reyes');
    await expect(page.getByText(REJECTED_HINT)).toHaveCount(0);
  });
});

test.describe('the account page', () => {
  test('the verified demo account sees Verified at once, locked', async ({ page }) => {
    await page.goto('/');
    await signInAs(page, 'Casey Morrow');
    await expect(profileToggle(page)).toContainText('Verified');
    await expect(nameField(page)).toHaveValue('Casey Morrow');
    await expect(nameField(page)).toHaveAttribute('readonly', '');
    await expect(page.getByRole('button', { name: 'Locked', exact: true })).toBeDisabled();
    await expect(page.getByText(VERIFIED_HINT)).toBeVisible();
  });

  test('signed out, it says it is redirecting and goes to sign-in with the login hint and /account to return to', async ({
    page,
  }) => {
    await page.goto('/');
    await signInAs(page, 'Jordan Reyes');
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/#\/leaderboards$/);

    // Note, in this tab, whenever the page shows the text (it is gone once the provider's page loads).
    await page.evaluate(() => {
      new MutationObserver(() => {
        if (document.querySelector('main')?.textContent?.includes('Redirecting to secure sign-in…')) {
          sessionStorage.setItem('saw-redirect-text', '1');
        }
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    const auth = page.waitForRequest((r) => r.url().includes('/oidc/auth?'));
    await page.goto('/#/account');
    const authUrl = (await auth).url();
    expect(authUrl).toContain('login_hint=athlete%40demo.armwrestling.test');
    expect(authUrl).toContain('prompt=login');
    expect(decodeURIComponent(authUrl)).toContain('redirect_uri=http://localhost');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('saw-redirect-text'))).toBe('1');
    // And back to the account page after signing in.
    await page.getByRole('button', { name: /Jordan Reyes/ }).click();
    await expect(page).toHaveURL(/#\/account$/);
  });

  test('contacts: labelled fields, the rules of §5, saved on this device under one key', async ({ page }) => {
    await page.goto('/');
    await signInAs(page, 'Jordan Reyes');
    await expect(profileToggle(page)).toContainText(/Action needed|Pending approval|Verified|Rejected/);
    const phone = page.getByLabel('Phone', { exact: true });
    await phone.fill('555 0100');
    await page.getByLabel('Instagram', { exact: true }).fill('instagram.com/jr');
    await page.getByRole('button', { name: 'Save locally' }).click();
    await expect(page.getByText('Enter a valid phone number.')).toBeVisible();
    await expect(page.getByText('Enter a valid URL starting with http(s)://')).toBeVisible();
    await expect(phone).toBeFocused();
    expect(await page.evaluate(() => localStorage.getItem('aw.localProfile'))).toBeNull();

    await phone.fill('(555) 010-0199');
    await page.getByLabel('Instagram', { exact: true }).fill('https://instagram.com/jr');
    await page.getByLabel('Instagram visibility').selectOption('organizers');
    await page.getByRole('button', { name: 'Save locally' }).click();
    await expect(page.getByText('Contacts saved to this device.')).toBeVisible();
    const stored = await page.evaluate(() => localStorage.getItem('aw.localProfile'));
    expect(JSON.parse(stored!)).toMatchObject({
      phone: '(555) 010-0199',
      links: { instagram: { url: 'https://instagram.com/jr', visibility: 'organizers' } },
    });
    await page.reload();
    await expect(page.getByLabel('Instagram visibility')).toHaveValue('organizers');
    await expect(page.getByLabel('Phone', { exact: true })).toHaveValue('(555) 010-0199');
    await expect(page.getByRole('heading', { name: /Challenges/ })).toContainText('Coming soon');
  });

  test('axe finds nothing on the signed-in account page, nor with the confirm dialog open', async ({ page }) => {
    await page.goto('/');
    await signInAs(page, 'Jordan Reyes');
    await expect(profileToggle(page)).toContainText('Action needed');
    expect(await axeViolations(page)).toEqual([]);

    await pickName(page, 'Jordan Re', 'Jordan Reyes');
    await page.getByRole('button', { name: 'Submit for verification' }).click();
    await expect(confirmDialog(page)).toBeVisible();
    // Focus stays in the modal.
    await expect(confirmDialog(page).getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(confirmDialog(page).getByRole('button', { name: 'Confirm' })).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
    await confirmDialog(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(confirmDialog(page)).toBeHidden();
    await expect(profileToggle(page)).toContainText('Action needed');
  });
});
