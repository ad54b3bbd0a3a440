import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { startServerProcess, type ServerProcess } from '../src/server/test/process.ts';
import { axeViolations } from './support/axe.ts';
import { addCategory, adminAuth, ok } from './support/tournaments.ts';

/**
 * A real deployment's first run: the production server (`src/server/main.ts`, NODE_ENV=production) on an empty
 * database without demo data, whose demo sign-in is allowed but whose demo accounts hold no roles. The only way
 * to an admin is the setup link the server writes to its log.
 */
let server: ServerProcess | undefined;
let dataDir: string | undefined;
test.afterEach(async () => {
  if (server && server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test('the setup link from the log makes whoever signs in with it the first admin, once', async ({ page }) => {
  // Generous: tsx compiles the server on a busy 2-core machine before it answers.
  test.setTimeout(360_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aw-first-run-'));
  server = await startServerProcess({
    NODE_ENV: 'production',
    DEMO_DATA: 'false',
    ALLOW_DEMO_SIGN_IN_IN_PRODUCTION: 'true',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    STATIC_DIR: path.resolve(process.env.STATIC_DIR ?? 'dist'),
  });
  await server.waitForOutput(/to set up this association\./);
  const links = [...server.output().matchAll(/Open (\S+) to set up this association\./g)].map((m) => m[1]!);
  expect(links).toHaveLength(1);
  const link = links[0]!;
  expect(link).toMatch(/^http:\/\/localhost:\d+\/#\/setup\?token=[\w-]{43}$/);

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Set up this association' })).toBeVisible();
  await expect(page.getByText("Setting up makes you the association's first admin.")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // One button: it signs in with the embedded provider, and the sign-in brings the person back to go on.
  await page.getByRole('button', { name: 'Sign in and set up' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByRole('button', { name: /Jordan Reyes/ }).click();

  // Admin now: the admin screen opens at the association's panel.
  await expect(page.getByText('You are the admin of this association. Set it up here.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Verify Submissions' })).toBeVisible();
  await expect(page.getByText('Signed in as Jordan Reyes (admin).')).toBeVisible();
  await expect(page).toHaveURL(/#\/admin\?panel=association$/);
  // The association form, open and in view, filled with the defaults.
  await expect(page.locator('#association')).toBeInViewport();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Arm-wrestling Rankings');
  await expect(page.getByLabel("Men's classes (lbs)", { exact: true })).toHaveValue('154, 176, 198, 220, 242, 243+');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' })).toBeVisible();

  // The same link again: refused, in the server's words.
  await page.goto(link);
  await expect(page.getByText(/You are signed in as Jordan Reyes\./)).toBeVisible();
  await page.getByRole('button', { name: 'Set up this association' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This setup link has already been used.' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await setUpKilogramFederation(page, new URL(link).origin);
});

/** WAF's classes, as a kilogram federation weighs in. */
const MEN_KG = '55, 60, 65, 70, 75, 80, 85, 90, 100, 110, 110+';
const WOMEN_KG = '50, 55, 60, 65, 70, 80, 80+';
const BALTIC = { name: 'Baltic Arm Wrestling Federation', short: 'Baltic AW', colour: '#7a1f2b' };

/**
 * The new admin makes the association a kilogram federation on the Association panel (name, short name, colour,
 * unit, WAF classes, talent categories in the new classes, a logo), and every face of the app follows: the top bar
 * and the title, the leaderboards' chips, a new tournament's category and its weigh-in, the manifest.
 */
async function setUpKilogramFederation(page: Page, base: string) {
  await page.goto(`${base}/#/admin?panel=association`);
  const form = page.getByRole('form', { name: 'Profile' });
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue('Arm-wrestling Rankings');
  await form.getByLabel('Name', { exact: true }).fill(BALTIC.name);
  await form.getByLabel('Short name', { exact: true }).fill('Baltic Arm Wrestling');
  await form.getByLabel('Region', { exact: true }).fill('Lithuania');
  await form.getByLabel('Units', { exact: true }).selectOption({ label: 'Kilograms (kg)' });
  await form.getByLabel('Time zone', { exact: true }).fill('Europe/Vilnius');
  await form.getByLabel('Colour', { exact: true }).fill(BALTIC.colour);
  await form.getByLabel("Men's classes (kg)", { exact: true }).fill(MEN_KG);
  await form.getByLabel("Women's classes (kg)", { exact: true }).fill(WOMEN_KG);
  await form.getByRole('button', { name: 'Save' }).click();
  // Each bad value beside its own field: a short name over 12 characters, talent counted in classes that are gone.
  await expect(form.getByText('At most 12 characters.')).toBeVisible();
  await expect(form.getByText('Not a class of the profile: 154, 176.')).toBeVisible();
  await form.getByLabel('Short name', { exact: true }).fill(BALTIC.short);
  const talent = [
    ['55, 60, 65', '50, 55'],
    ['70, 75, 80', '60, 65'],
    ['85, 90', '70'],
    ['100, 110, 110+', '80, 80+'],
  ];
  for (const [i, [men, women]] of talent.entries()) {
    await form.getByLabel(`Talent category ${i + 1} men's classes`).fill(men!);
    await form.getByLabel(`Talent category ${i + 1} women's classes`).fill(women!);
  }
  await form.getByRole('button', { name: 'Save' }).click();
  // A change of the unit and the classes is previewed before it is applied (this new association has no athletes).
  const preview = page.getByRole('dialog', { name: 'Apply the new classes?' });
  await expect(preview.getByText(/0 athletes move to another class; 0 stay in theirs\./)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await preview.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Association saved.')).toBeVisible();

  // The logo, cropped square and sent; the home-screen icons are made from it.
  const logo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#f5c518' } })
    .png()
    .toBuffer();
  await page.getByLabel('Choose a logo…').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
  const crop = page.getByRole('dialog', { name: 'Crop the logo' });
  await crop.getByRole('button', { name: 'Save logo' }).click();
  await expect(page.getByText('Logo saved: the home-screen icons are made from it.')).toBeVisible();
  await expect(page.getByRole('img', { name: "The association's logo" })).toBeVisible();

  // The top bar and the title, at once and after a reload.
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: BALTIC.name, exact: true })).toBeVisible();
  await expect(page).toHaveTitle(BALTIC.name);
  await page.goto(`${base}/#/leaderboards`);
  await page.reload();
  await expect(banner.getByRole('link', { name: BALTIC.name, exact: true })).toBeVisible();
  await expect(page).toHaveTitle(BALTIC.name);
  // The logo's icon in the top bar and on the tab.
  await expect(banner.locator('.brand img')).toHaveAttribute(
    'src',
    /^\/api\/v1\/association\/icons\/icon_192\.png\?v=\d+$/,
  );
  await expect.poll(() => banner.locator('.brand img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(192);
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', /icon_192\.png/);
  const men = page.getByRole('region', { name: 'Men', exact: true });
  await expect(men.getByRole('button', { name: '80 kg', exact: true })).toBeVisible();
  await expect(men.getByRole('button', { name: '110+ kg', exact: true })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Women', exact: true }).getByRole('button', { name: '80+ kg' }),
  ).toBeVisible();

  // A new tournament: its category offers the kilogram classes and reads in kg, and so does its weigh-in.
  const auth = await adminAuth(page);
  await ok(base, 'POST', '/events', auth, { name: 'Baltic Cup', date: '2027-03-06', location: 'Vilnius' });
  await page.goto(`${base}/#/head-table`);
  await page.getByRole('button', { name: 'New tournament' }).click();
  await page.getByRole('combobox', { name: 'Event' }).selectOption({ label: 'Baltic Cup (2027-03-06)' });
  await page.getByRole('textbox', { name: 'Name' }).fill('Baltic Cup 2027');
  await page.getByRole('button', { name: 'Create tournament' }).click();
  await addCategory(page, { sex: 'Men', hand: 'Right Hand', weightClass: '80 kg', division: 'Pro' });
  const category = 'Men · Right Hand · 80 kg · Pro';
  await expect(page.getByText(`${category} added.`)).toBeVisible();
  const enter = page.getByRole('region', { name: category }).getByRole('form', { name: 'Enter an athlete' });
  await enter.getByRole('combobox', { name: 'Athlete' }).fill('Jonas Petraitis');
  await enter.getByRole('radio', { name: 'Men', exact: true }).check();
  await enter.getByRole('textbox', { name: 'Weight', exact: true }).fill('81.2');
  await enter.getByRole('button', { name: 'Enter athlete' }).click();
  await expect(enter.getByText('Over the limit: 81.2 kg in 80 kg.')).toBeVisible();

  // What a phone reads to install the app, or to update an installed one.
  const manifest = await page.request.get(`${base}/manifest.webmanifest`);
  expect(manifest.status()).toBe(200);
  const app = (await manifest.json()) as {
    name: string;
    short_name: string;
    theme_color: string;
    icons: { src: string }[];
  };
  expect(app).toMatchObject({ name: BALTIC.name, short_name: BALTIC.short, theme_color: BALTIC.colour });
  expect(app.icons.map((i) => i.src)).toEqual([
    expect.stringMatching(/^\/api\/v1\/association\/icons\/icon_192\.png\?v=\d+$/),
    expect.stringMatching(/icon_512\.png/),
    expect.stringMatching(/maskable_512\.png/),
  ]);
  for (const icon of app.icons) expect((await page.request.get(`${base}${icon.src}`)).status()).toBe(200);
}
