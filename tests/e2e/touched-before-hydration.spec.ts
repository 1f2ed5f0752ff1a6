// A field the visitor left before its form's script had run is touched, as it would have been
// with the script there: its error shows once the island has hydrated. Only the islands'
// scripts are held back here; the shell script in the head arrives with the page, as it does on
// a slow connection where the island bundles follow the first paint.
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';

const HYDRATION = { timeout: 15_000 };

/** Opens `path` with every script but the shell's waiting for `release()`. */
async function openWithIslandsHeld(page: Page, path: string): Promise<{ release: () => void }> {
  const html = await (await page.request.get(path)).text();
  const shell = /<script type="module" src="([^"]+)"/.exec(html)?.[1];
  expect(shell, 'the page names its shell script').toBeTruthy();
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/*.js', async (route) => {
    if (new URL(route.request().url()).pathname !== shell) await gate;
    await route.continue().catch(() => undefined);
  });
  await page.goto(path, { waitUntil: 'commit' });
  return { release };
}

async function notHydrated(island: Locator) {
  await expect(island).toBeAttached();
  expect(await island.getAttribute('data-hydrated')).toBeNull();
}

/** Waits until the shell script has run: it adds the islands' scripts (still held back) after the first paint. */
const shellReady = (page: Page) => page.waitForFunction(() => document.head.querySelectorAll('script[type="module"][src]').length > 1);

test.describe('left before hydration', () => {
  test('the newsletter e-mail focused and left at once shows "Email is required" once hydrated', async ({ page }) => {
    const scripts = await openWithIslandsHeld(page, '/blog-details/1');
    await shellReady(page);
    const island = page.locator('.newsletter [data-island="LeadForm"]');
    const email = island.getByLabel('Email', { exact: true });
    await email.focus();
    await page.keyboard.press('Tab');
    await notHydrated(island);
    scripts.release();
    await expect(island).toHaveAttribute('data-hydrated', '', HYDRATION);
    await expect(email).toHaveAccessibleDescription('Email is required');
    await expect(email).not.toBeFocused();
  });

  test('the newsletter e-mail typed wrong and left shows "Invalid email address" once hydrated', async ({ page }) => {
    const scripts = await openWithIslandsHeld(page, '/blog-details/1');
    await shellReady(page);
    const island = page.locator('.newsletter [data-island="LeadForm"]');
    const email = island.getByLabel('Email', { exact: true });
    await email.click();
    await page.keyboard.type('not-an-email');
    await page.keyboard.press('Tab');
    await notHydrated(island);
    scripts.release();
    await expect(island).toHaveAttribute('data-hydrated', '', HYDRATION);
    await expect(email).toHaveValue('not-an-email');
    await expect(email).toHaveAccessibleDescription('Invalid email address');
  });

  test('on the contact form only the fields tabbed through before hydration show their errors', async ({ page }) => {
    const scripts = await openWithIslandsHeld(page, '/contact-us');
    await shellReady(page);
    const island = page.locator('[data-island="LeadForm"]');
    const [name, phone, email] = ['Name', 'Phone', 'Email'].map((l) => island.getByLabel(l, { exact: true }));
    await name!.focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await notHydrated(island);
    scripts.release();
    await expect(island).toHaveAttribute('data-hydrated', '', HYDRATION);
    await expect(name!).toHaveAccessibleDescription('Name Required');
    await expect(phone!).toHaveAccessibleDescription('phone number Required');
    await expect(email!).toHaveAccessibleDescription('');
  });

  test('on the partner form a business name left empty before hydration shows its error', async ({ page }) => {
    const scripts = await openWithIslandsHeld(page, '/partnership');
    await shellReady(page);
    const island = page.locator('[data-island="LeadForm"]');
    const business = island.getByLabel('Business name', { exact: true });
    await business.focus();
    await page.keyboard.press('Tab');
    await notHydrated(island);
    scripts.release();
    await expect(island).toHaveAttribute('data-hydrated', '', HYDRATION);
    await expect(business).toHaveAccessibleDescription('Business name is required');
    await expect(island.getByLabel('Website', { exact: true })).toHaveAccessibleDescription('');
  });

  test('in the wizard a first name left empty before hydration shows its error at the contact step', async ({ page }) => {
    const scripts = await openWithIslandsHeld(page, '/get-started');
    await shellReady(page);
    const wizard = page.locator('[data-island="GetStartedWizard"]');
    await wizard.getByLabel('30 - 399').check();
    await wizard.getByLabel('Trucking & Logistics').check();
    const first = wizard.getByLabel('First name', { exact: true });
    await first.focus();
    await page.keyboard.press('Tab');
    await notHydrated(wizard);
    scripts.release();
    await expect(wizard).toHaveAttribute('data-hydrated', '', HYDRATION);
    await expect(wizard.locator('[aria-current="step"]')).toContainText('Contact details');
    await expect(first).toHaveAccessibleDescription('First name is required');
    await expect(wizard.getByLabel('Last name', { exact: true })).toHaveAccessibleDescription('');
  });
});
