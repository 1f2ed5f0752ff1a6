// `site preview` as a content author meets it: a real CLI process on a copy of content/,
// edited on disk while a page is open in Chromium.
import { test, expect } from './fixtures.ts';
import { startPreviewProcess, type PreviewProcess } from './preview-process.ts';
import type { Sandbox } from '../helpers.ts';

test.describe.configure({ mode: 'serial' });

let preview: PreviewProcess;
let box: Sandbox;
let base: string;
const log = { get text() { return preview.log(); } };

test.beforeAll(async () => {
  preview = await startPreviewProcess();
  box = preview.box;
  base = preview.base;
});

test.afterAll(() => preview?.stop());

const FAQ = 'faqs/05-sustainability.yaml';

test('saving a content file reloads the open page with the change', async ({ page }) => {
  await page.goto(`${base}/faqs`);
  const marker = await page.evaluate(() => ((window as any).__marker = Math.random()));
  box.edit(FAQ, /^title: .*$/m, 'title: "How does telematics cut idling and emissions?"');
  await expect(page.getByText('How does telematics cut idling and emissions?')).toBeVisible({ timeout: 10_000 });
  expect(await page.evaluate(() => (window as any).__marker)).not.toBe(marker);
  await expect.poll(() => log.text).toMatch(/✓ 1 page rebuilt, \d+ files? written in \d+ ms \(content\/faqs\/05-sustainability\.yaml\)/);
});

test('a content error shows the overlay in the browser and the terminal, and the last good build stays served', async ({ page }) => {
  await page.goto(`${base}/faqs`);
  box.edit(FAQ, /^order: .*$/m, 'order: five');
  const overlay = page.locator('site-error-overlay');
  await expect(overlay).toBeAttached({ timeout: 10_000 });
  await expect(overlay).toContainText('content/faqs/05-sustainability.yaml:2:8');
  await expect(overlay).toContainText('order: "five" is a string, expected a whole number');
  await expect.poll(() => log.text).toContain('content/faqs/05-sustainability.yaml:2:8  order: "five" is a string, expected a whole number');
  const other = await page.context().newPage();
  const response = await other.goto(`${base}/faqs`);
  expect(response?.status()).toBe(200);
  await expect(other.getByText('How does telematics cut idling and emissions?')).toBeVisible();
  await expect(other.locator('site-error-overlay')).toBeAttached();
  box.edit(FAQ, /^order: five$/m, 'order: 5');
  await expect(overlay).not.toBeAttached({ timeout: 10_000 });
});

test('an edit re-renders only the pages built from that file', async ({ request }) => {
  const before = log.text.length;
  box.edit('blog/preparing-fleet-for-canadian-winter.md', /^subheading: .*$/m, 'subheading: "Winter checklist: tires, batteries, block heaters and the data that tells you which truck needs attention first."');
  await expect.poll(() => log.text.slice(before)).toMatch(/✓ \d+ pages? rebuilt/);
  const rebuilt = Number(/✓ (\d+) pages? rebuilt/.exec(log.text.slice(before))![1]);
  // The post itself plus the pages that list posts (home, blog list, contact, the solutions' news).
  expect(rebuilt).toBeGreaterThan(1);
  expect(rebuilt).toBeLessThan(20);
  expect(await (await request.get(`${base}/faqs`)).text()).toContain('How does telematics cut idling');
});
