// The Traffic tab as the marketing team meets it: visits from two campaigns in Chromium (two
// visitors), one of whom sends the contact form, on a real `site preview` that writes its access
// log; the tab then shows the visits, the lead and the conversion per campaign, as `site report
// --local` prints them.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { seriousViolations } from './axe.ts';
import { hydrated } from './form-helpers.ts';
import { startPreviewProcess, type PreviewProcess } from './preview-process.ts';
import { root } from '../helpers.ts';

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1280, height: 900 } });

let preview: PreviewProcess;
test.beforeAll(async () => {
  preview = await startPreviewProcess();
});
test.afterAll(() => preview?.stop());

// Headless Chromium says so in its user agent, which the report rightly counts as a bot: these visitors are people.
const visitor = (browser: Browser, name: string) => browser.newContext({ userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 ${name}` });

async function sendContact(page: Page) {
  const form = await hydrated(page, `${preview.base}/contact-us`, 'LeadForm');
  await form.getByLabel('Name', { exact: true }).fill('Ana Silva');
  await form.getByLabel('Phone', { exact: true }).fill('(416) 555-0123');
  await form.getByLabel('Email', { exact: true }).fill('ana@fleet.ca');
  await form.getByLabel('How did you find us?').selectOption('LinkedIn');
  await form.getByLabel('Message').fill('Forty vans, winter planning.');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page).toHaveURL(/\/Thanks$/);
}

test('two campaigns and one lead show in the Traffic tab and in site report: visits, the lead and the conversion per campaign', async ({ browser, page }) => {
  const ana = await visitor(browser, 'ana');
  const a = await ana.newPage();
  await a.goto(`${preview.base}/?utm_source=linkedin&utm_medium=social&utm_campaign=winter-eld`);
  await sendContact(a);
  const bruno = await visitor(browser, 'bruno');
  const b = await bruno.newPage();
  await b.goto(`${preview.base}/solutions/eld?utm_source=google&utm_medium=cpc&utm_campaign=eld-2026`);
  await b.reload(); // a reload is the same visit
  await ana.close();
  await bruno.close();

  await page.goto(`${preview.base}/_admin#traffic`);
  const campaigns = page.getByTestId('traffic-campaigns');
  const linkedin = campaigns.locator('tr[data-key="linkedin / social / winter-eld"]');
  await expect(linkedin.locator('td').nth(0)).toHaveText('1');
  await expect(linkedin.locator('td').nth(2)).toHaveText('1');
  await expect(linkedin.locator('td').nth(3)).toHaveText('100.0%');
  const google = campaigns.locator('tr[data-key="google / cpc / eld-2026"]');
  await expect(google.locator('td').nth(0)).toHaveText('1');
  await expect(google.locator('td').nth(2)).toHaveText('0');
  await expect(page.getByTestId('traffic-totals')).toContainText('Leads1');
  const contact = page.getByTestId('traffic-forms').locator('[data-form="contact"]');
  await expect(contact).toContainText('→ 1 → 1');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: join(preview.box.dir, 'traffic.png') });

  // The terminal says the same.
  const child = spawn(join(root, 'node_modules/.bin/node'), [join(root, 'bin/site.js'), 'report', '--local', join(preview.box.dir, 'preview-aws')], { cwd: preview.box.dir, env: { ...process.env, NO_COLOR: '1' } });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  await new Promise((resolve) => child.on('close', resolve));
  expect(out).toMatch(/linkedin \/ social \/ winter-eld\s+1\s+1\s+100\.0%/);
  expect(out).toMatch(/google \/ cpc \/ eld-2026\s+1\s+0\s+0\.0%/);
});
