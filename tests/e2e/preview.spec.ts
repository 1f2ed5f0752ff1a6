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

test('an edit saved while the page was still connecting (its event stream not open yet) reloads it once the stream opens', async ({ page }) => {
  // The page's live-reload stream is held back until the edit has been rebuilt: the rebuild's
  // reload event goes out to no one, as when an author saves just as the page loads.
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  await page.route('**/_site/events**', async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto(`${base}/faqs`);
  const marker = await page.evaluate(() => ((window as any).__marker = Math.random()));
  const rebuilt = (log.text.match(/✓ \d+ pages? rebuilt/g) ?? []).length;
  box.edit('faqs/03-data-security.yaml', /^title: .*$/m, 'title: "Who can see my fleet data, and where is it kept?"');
  await expect.poll(() => (log.text.match(/✓ \d+ pages? rebuilt/g) ?? []).length, { timeout: 10_000 }).toBe(rebuilt + 1);
  open();
  await expect(page.getByText('Who can see my fleet data, and where is it kept?')).toBeVisible({ timeout: 10_000 });
  expect(await page.evaluate(() => (window as any).__marker)).not.toBe(marker);
  await page.unroute('**/_site/events**');
});

test('saving a French file reloads its open French page with the change, and re-renders no English page', async ({ page, request }) => {
  const FR_FAQ = `fr/${FAQ}`;
  // The page as built: the live-reload tag the preview adds names the rebuild it was served from.
  const built = (html: string) => html.replace(/\/_site\/client\.js\?g=\d+/, '/_site/client.js');
  const english = built(await (await request.get(`${base}/faqs`)).text());
  await page.goto(`${base}/fr/faqs`);
  const marker = await page.evaluate(() => ((window as any).__marker = Math.random()));
  box.edit(FR_FAQ, /^title: .*$/m, 'title: "Comment la télématique réduit-elle la marche au ralenti?"');
  await expect(page.getByText('Comment la télématique réduit-elle la marche au ralenti?')).toBeVisible({ timeout: 10_000 });
  expect(await page.evaluate(() => (window as any).__marker)).not.toBe(marker);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
  await expect.poll(() => log.text).toMatch(/✓ 1 page rebuilt, \d+ files? written in \d+ ms \(content\/fr\/faqs\/05-sustainability\.yaml\)/);
  expect(built(await (await request.get(`${base}/faqs`)).text())).toBe(english);
});

test('a content error shows the overlay in the browser and the terminal, and the last good build stays served', async ({ page }) => {
  await page.goto(`${base}/faqs`);
  box.edit(FAQ, /^order: .*$/m, 'order: five');
  const overlay = page.locator('site-error-overlay');
  await expect(overlay).toBeAttached({ timeout: 10_000 });
  await expect(overlay).toContainText('content/faqs/05-sustainability.yaml:2:8');
  await expect(overlay).toContainText('order: "five" is a string, expected a whole number');
  // The overlay shows the catalogue's hint too: the words the terminal prints after the message.
  await expect(overlay).toContainText('write a whole number without quotes, e.g. 3');
  await expect.poll(() => log.text).toContain('content/faqs/05-sustainability.yaml:2:8  order: "five" is a string, expected a whole number; write a whole number without quotes, e.g. 3');
  // On a phone the panel, and each file path in it, stay inside the screen (the panel had been
  // 94vw plus its padding: 408 px wide at 375).
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await page.locator('site-error-overlay .panel').evaluate((panel) => {
    const box = panel.getBoundingClientRect();
    return box.left >= 0 && box.right <= innerWidth && [...panel.querySelectorAll('code')].every((code) => code.scrollWidth <= code.clientWidth);
  })).toBe(true);
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

test('a post with a code block stays as wide as a phone: the block scrolls in its own box (it had made a post 590 px wide at 375); code in a sentence is a tinted chip that wraps', async ({ page }) => {
  const POST = 'blog/eld-compliance-checklist-for-carriers.md';
  const line = 'curl -s "https://api.example.com/v1/logs?driver=D-1042&from=2024-03-01T00:00:00Z&to=2024-03-08T00:00:00Z&format=csv"';
  const before = log.text.length;
  box.edit(POST, /\n*$/, `\n\nAn export, for the record:\n\n\`\`\`sh\n${line}\n\`\`\`\n\nOr open \`/home/dispatch/exports/2024/hours_of_service_records_for_driver_D1042.csv\` in a spreadsheet.\n`);
  await expect.poll(() => log.text.slice(before), { timeout: 20_000 }).toMatch(/✓ \d+ pages? rebuilt[^\n]*eld-compliance-checklist-for-carriers\.md/);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`${base}/blog-details/4`);
  const block = page.locator('.prose pre', { hasText: 'D-1042' });
  await expect(block).toBeVisible({ timeout: 10_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const fits = await block.evaluate((pre) => ({ overflow: getComputedStyle(pre).overflowX, scrolls: pre.scrollWidth > pre.clientWidth, right: pre.getBoundingClientRect().right }));
  expect(fits).toEqual({ overflow: 'auto', scrolls: true, right: expect.any(Number) });
  expect(fits.right).toBeLessThanOrEqual(375);
  const chip = await page.locator('.prose p > code', { hasText: 'D1042' }).evaluate((code) => ({
    background: getComputedStyle(code).backgroundColor,
    paragraph: getComputedStyle(code.parentElement!).backgroundColor,
    lines: code.getClientRects().length,
    right: Math.max(...[...code.getClientRects()].map((r) => r.right)),
  }));
  expect(chip.background).not.toBe(chip.paragraph);
  expect(chip.lines).toBeGreaterThan(1);
  expect(chip.right).toBeLessThanOrEqual(375);
});

test('a DNS-rebinding page (attacker.example resolving to 127.0.0.1) gets 421 and can neither read nor delete the leads', async ({ playwright, launchOptions, request }) => {
  const marker = `rebinding-${Date.now()}`;
  const fields = { name: 'Ana Silva', phone: '(416) 555-0123', email: 'ana@fleet.ca', department: 'LinkedIn', additionalInfo: marker };
  const sent = await request.post(`${base}/send-email/`, { headers: { origin: base }, data: { form: 'contact', fields, submissionId: marker, fax: '' } });
  expect(sent.status()).toBe(200);
  const port = new URL(base).port;
  // The browser resolves the attacker's name to the preview's address, as after a rebinding.
  const browser = await playwright.chromium.launch({ ...launchOptions, args: [...(launchOptions.args ?? []), '--host-resolver-rules=MAP attacker.example 127.0.0.1'] });
  try {
    const page = await browser.newPage();
    const response = await page.goto(`http://attacker.example:${port}/`);
    expect(response?.status()).toBe(421);
    await expect(page.locator('body')).toContainText('DNS rebinding');
    const attempts = await page.evaluate(async () => {
      const read = await fetch('/_site/leads');
      const state = await fetch('/_admin/api/state');
      const remove = await fetch('/_site/leads', { method: 'DELETE' });
      return { read: read.status, body: await read.text(), state: state.status, remove: remove.status };
    });
    expect(attempts).toMatchObject({ read: 421, state: 421, remove: 421 });
    expect(attempts.body).not.toContain('ana@fleet.ca');
  } finally {
    await browser.close();
  }
  const { leads } = (await (await request.get(`${base}/_site/leads`)).json()) as { leads: { fields: { additionalInfo: string } }[] };
  expect(leads.map((l) => l.fields.additionalInfo)).toContain(marker);
});
