// The admin preview at /_admin as a content author uses it: a real `site preview` process on a
// copy of content/ (with one draft post), edited on disk while the admin is open in Chromium.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from './fixtures.ts';
import { seriousViolations } from './axe.ts';
import { startPreviewProcess, type PreviewProcess } from './preview-process.ts';
import { lineOf, root, type Sandbox } from '../helpers.ts';
import { LOCAL_CREDENTIALS, LOCAL_REGION, startLocalS3 } from '../../generator/preview/local-aws.ts';
import { use } from './form-helpers.ts';

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1280, height: 900 } });

const DRAFT = 'blog/ai-in-fleet-management-today.md';
const FAQ = 'faqs/05-sustainability.yaml';
const POST = 'blog/eld-hours-of-service-compliance-canada.md';

let preview: PreviewProcess;
let box: Sandbox;
let base: string;
let draftId: string;

test.beforeAll(async () => {
  preview = await startPreviewProcess((b) => b.edit(DRAFT, /^tags:/m, 'draft: true\ntags:'));
  box = preview.box;
  base = preview.base;
  draftId = /^id: (\d+)$/m.exec(box.read(DRAFT))![1]!;
});

test.afterAll(() => preview?.stop());

/** Runs the site CLI without blocking this process (the local S3 it talks to runs here). */
function site(args: string[], env: Record<string, string> = {}): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(join(root, 'node_modules/.bin/node'), [join(root, 'bin/site.js'), ...args], { cwd: box.dir, env: { ...process.env, NO_COLOR: '1', ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, stdout, stderr })));
}

/** Every file under `dir`, relative. */
function tree(dir: string, rel = ''): string[] {
  return readdirSync(join(dir, rel), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? tree(dir, `${rel}${e.name}/`) : [`${rel}${e.name}`]));
}

test('Pages lists every page with the files it is built from, its weight, and views at three widths', async ({ page, request }) => {
  const state = await (await request.get(`${base}/_admin/api/state`)).json();
  await page.goto(`${base}/_admin`);
  await expect(page.getByRole('heading', { level: 1, name: 'Pages' })).toBeVisible();
  await expect(page.locator('tbody tr')).toHaveCount(state.pages.length);
  const home = page.locator('tr[data-path="/"]');
  // A content file opens in the admin's own editor.
  const source = home.getByRole('link', { name: 'content/pages/home.yaml', exact: true });
  await expect(source).toHaveAttribute('href', `#edit?path=${encodeURIComponent('pages/home.yaml')}`);
  await expect(home.locator('td.num').nth(1)).toHaveText(/^\d+\.\d KB$/);
  await expect(page.getByText('130 KB gzip per page')).toBeVisible();

  await page.locator('tr[data-path="/faqs"]').getByRole('link', { name: /Phone, tablet, desktop/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: /FAQs/ })).toBeFocused();
  for (const [width, device] of [[375, 'phone'], [768, 'tablet'], [1280, 'desktop']] as const) {
    const frame = page.locator(`iframe[title="/faqs at ${width} px (${device})"]`);
    await expect(frame).toHaveAttribute('width', String(width));
    // Site pages refuse framing in production; the preview lets its admin frame them.
    await expect(frame.contentFrame().locator('main h1')).toBeVisible({ timeout: 10_000 });
  }
});

test('an address naming no page of the build (a link someone sent) shows the list, never a link or frame to what it names; a malformed one shows Pages', async ({ page }) => {
  for (const view of ['https://evil.example/login', '//evil.example/', 'javascript:alert(1)', '/no-such-page']) {
    await page.goto(`${base}/_admin#pages?view=${encodeURIComponent(view)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Pages' })).toBeVisible();
    await expect(page.locator('iframe')).toHaveCount(0);
    await expect(page.locator('a[href*="evil.example"], a[href^="javascript:"]')).toHaveCount(0);
  }
  await page.goto(`${base}/_admin#%E0%A4%A`);
  await expect(page.getByRole('heading', { level: 1, name: 'Pages' })).toBeVisible();
});

test('an edit to a content file shows in Content without a reload', async ({ page }) => {
  await page.goto(`${base}/_admin#content`);
  const row = page.locator(`tr[data-file="content/${FAQ}"]`);
  await expect(row.getByRole('rowheader')).toHaveText('How can telematics help my fleet become more sustainable?');
  const marker = await page.evaluate(() => ((window as any).__marker = Math.random()));
  box.edit(FAQ, /^title: .*$/m, 'title: "How does telematics cut idling and emissions?"');
  await expect(row.getByRole('rowheader')).toHaveText('How does telematics cut idling and emissions?', { timeout: 10_000 });
  expect(await page.evaluate(() => (window as any).__marker)).toBe(marker);
});

test('an invalid date is located in Content (file:line, field, fix) and the overlay links there', async ({ page }) => {
  await page.goto(`${base}/_admin#content`);
  const line = lineOf(box.read(POST), 'date:');
  box.edit(POST, /^date: .*$/m, 'date: "2024-13-01"');
  const panel = page.getByRole('region', { name: /1 content problem to fix/ });
  await expect(panel).toBeVisible({ timeout: 10_000 });
  const problem = panel.getByRole('listitem');
  const link = problem.getByRole('link', { name: `content/${POST}:${line}:7`, exact: true });
  await expect(link).toHaveAttribute('href', `#edit?path=${encodeURIComponent(POST)}&field=date`);
  await expect(problem).toContainText('Field date');
  await expect(problem).toContainText('"2024-13-01" is not a date');
  await expect(problem).toContainText('Fix: there are 12 months, and 13 is not one of them');
  const row = page.locator(`tr[data-file="content/${POST}"]`);
  await expect(row.getByText('Invalid')).toBeVisible();
  await page.getByRole('button', { name: /^Invalid \(1\)$/ }).click();
  await expect(page.locator('tr.item')).toHaveCount(1);

  const sitePage = await page.context().newPage();
  await sitePage.goto(`${base}/faqs`);
  await expect(sitePage.locator('site-error-overlay').getByRole('link', { name: 'Open the admin preview' })).toHaveAttribute('href', '/_admin#content');
  await sitePage.close();

  box.edit(POST, /^date: .*$/m, 'date: 2024-03-24');
  await expect(page.getByText('No content problems: every file is valid.')).toBeVisible({ timeout: 10_000 });
});

test('Checks list missing descriptions and heavy images with the file to fix, as files change', async ({ page }) => {
  await page.goto(`${base}/_admin#checks`);
  await expect(page.getByRole('heading', { level: 1, name: 'Checks' })).toBeVisible();
  box.edit(POST, /^description: .*\n/m, '');
  // An SVG is weighed as written (a photo as the width a visitor downloads: photos.spec.ts).
  writeFileSync(join(box.content, 'images/blog/huge-drawing.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${' '.repeat(400 * 1024 - 41)}</svg>`);
  const descriptions = page.locator('[data-kind="missing-description"]');
  await expect(descriptions.getByRole('link', { name: `content/${POST}:1:1` })).toBeVisible({ timeout: 10_000 });
  await expect(descriptions).toContainText('its subheading stands in');
  const images = page.locator('[data-kind="heavy-image"]');
  await expect(images.getByRole('link', { name: 'content/images/blog/huge-drawing.svg:1:1' })).toBeVisible({ timeout: 10_000 });
  await expect(images).toContainText('image is 400 KB, over the 300 KB limit');
  // The catalogue's hint, the words `site build` prints after the same message.
  await expect(images).toContainText('export it smaller (about twice its displayed width) or as WebP/JPEG at quality 80');
  await expect(page.locator('[data-kind="broken-link"]')).toContainText('Every internal link goes to a page that exists.');
});

test('Translations counts each collection in French and lists what is left to do with its file and command; Pages shows both versions of a page together', async ({ page }) => {
  const GONE = 'fr/blog/adas-driver-safety-programs.md';
  const ENGLISH = 'faqs/13-installation.yaml';
  const saved = { gone: box.read(GONE), english: box.read(ENGLISH) };
  await page.goto(`${base}/_admin#translations`);
  const french = page.getByRole('region', { name: /French \(fr-CA\)/ });
  // Columns: items, translated, out of date, missing, orphans. (Earlier tests edited English
  // files, so some translations may already be out of date.)
  const blog = french.locator('tr[data-collection="blog"] td');
  await expect(blog.nth(3)).toHaveText('0');
  const todo = french.getByRole('list', { name: 'French translations to do' });
  try {
    rmSync(join(box.content, GONE));
    box.edit(ENGLISH, /^title: .*$/m, 'title: "How does installation work, and how long does it take per vehicle?"');
    await expect(blog.nth(3)).toHaveText('1', { timeout: 10_000 });
    await expect(blog.nth(0)).toHaveText('10');
    await expect(blog.nth(1)).toHaveText('9');
    const outdated = todo.locator(`li[data-file="content/fr/${ENGLISH}"]`);
    await expect(outdated).toContainText('Out of date');
    await expect(outdated.getByRole('link', { name: `content/fr/${ENGLISH}:2:13`, exact: true })).toHaveAttribute('href', `#edit?path=${encodeURIComponent(`fr/${ENGLISH}`)}`);
    await expect(outdated.locator('code.command')).toHaveText(`npx site translate stamp content/fr/${ENGLISH}`);
    const missing = todo.locator(`li[data-file="content/${GONE}"]`);
    await expect(missing).toContainText('Missing');
    await expect(missing.locator('code.command')).toHaveText('npx site translate start content/blog/adas-driver-safety-programs.md');
    await expect(missing.getByRole('link', { name: '/fr/blog-details/8' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Translations \(\d+ translations to do\)$/ })).toBeVisible();

    await page.goto(`${base}/_admin#pages`);
    const group = page.locator('tbody[data-key="/blog-details/8"] tr');
    await expect(group).toHaveCount(2);
    await expect(group.nth(0)).toHaveAttribute('data-path', '/blog-details/8');
    await expect(group.nth(1)).toHaveAttribute('data-path', '/fr/blog-details/8');
    await expect(group.nth(1)).toContainText('English fallback');
    await expect(page.locator('tr[data-path="/fr/faqs"]')).toContainText('Translated');
    await page.getByRole('button', { name: /^Needs translation \(\d+\)$/ }).click();
    await expect(page.locator('tr[data-path="/fr/blog-details/8"]')).toBeVisible();
    await expect(page.locator('tr[data-path="/fr/faqs"], tbody tr[data-locale="en"]')).toHaveCount(0);
  } finally {
    writeFileSync(join(box.content, GONE), saved.gone);
    writeFileSync(join(box.content, ENGLISH), saved.english);
  }
  await page.goto(`${base}/_admin#translations`);
  await expect(todo.locator(`li[data-file="content/${GONE}"], li[data-file="content/fr/${ENGLISH}"]`)).toHaveCount(0, { timeout: 10_000 });
  await expect(blog.nth(3)).toHaveText('0');
});

test("Checks: a French page linking to an English page by the site's full address is located where the French copy writes it", async ({ page }) => {
  const FR_POST = 'fr/blog/eld-compliance-checklist-for-carriers.md';
  const saved = box.read(FR_POST);
  await page.goto(`${base}/_admin#checks`);
  const group = page.locator('[data-kind="link-to-english"]');
  // The shipped French pages (menus, footers, lists, the blog sidebar) link to French pages only.
  await expect(group).toContainText('French pages link to French pages (the language switch excepted).');
  try {
    writeFileSync(join(box.content, FR_POST), `${saved.trimEnd()}\n\nVoir aussi [notre solution DCE](https://www.trilliumfleet.example/solutions/eld).\n`);
    const line = saved.trimEnd().split('\n').length + 2;
    await expect(group.getByRole('link', { name: `content/${FR_POST}:${line}:33` })).toBeVisible({ timeout: 10_000 });
    await expect(group).toContainText('link "https://www.trilliumfleet.example/solutions/eld" on a French page goes to the English page; the French one is /fr/solutions/eld');
    await expect(group).toContainText('write the path /solutions/eld instead of the full address: on a French page it becomes /fr/solutions/eld');
    await expect(group.getByRole('link', { name: '/fr/blog-details/4' })).toBeVisible();
  } finally {
    writeFileSync(join(box.content, FR_POST), saved);
  }
  await expect(group).toContainText('French pages link to French pages', { timeout: 10_000 });
});

test('Build shows the stage timings and what the last edit rebuilt', async ({ page }) => {
  await page.goto(`${base}/_admin#build`);
  await expect(page.getByRole('heading', { level: 1, name: 'Build' })).toBeVisible();
  box.edit(FAQ, /^title: .*$/m, 'title: "How does telematics cut idling, fuel and emissions?"');
  const rebuilt = page.getByRole('region', { name: 'What the last edit rebuilt' });
  await expect(rebuilt).toContainText(`content/${FAQ}`, { timeout: 10_000 });
  await expect(rebuilt.getByText('1 page re-rendered')).toBeVisible();
  await rebuilt.getByText('1 page re-rendered').click();
  await expect(rebuilt.getByRole('link', { name: '/faqs' })).toBeVisible();
  const timings = page.getByRole('region', { name: 'Stage timings' });
  await expect(timings.getByRole('rowheader', { name: 'validate' })).toBeVisible();
  await expect(timings.getByRole('rowheader', { name: 'render' })).toBeVisible();
  await expect(page.getByText('✓ No errors: the last build succeeded.')).toBeVisible();
});

test('a draft post appears in the admin and the preview but not in site build output, which has no /_admin', async ({ page, request }) => {
  await page.goto(`${base}/_admin#content`);
  await expect(page.locator(`tr[data-file="content/${DRAFT}"]`).getByText('Draft', { exact: true })).toBeVisible();
  await page.goto(`${base}/_admin#pages`);
  await expect(page.locator(`tr[data-path="/blog-details/${draftId}"]`).getByText('Draft', { exact: true })).toBeVisible();
  expect((await request.get(`${base}/blog-details/${draftId}`)).status()).toBe(200);

  const result = await site(['build', '--out', 'dist']);
  expect(result.status, result.stderr).toBe(0);
  const dist = join(box.dir, 'dist');
  expect(existsSync(join(dist, `blog-details/${draftId}/index.html`))).toBe(false);
  const files = tree(dist);
  expect(files.filter((f) => f.includes('_admin'))).toEqual([]);
  expect(files.filter((f) => /\.(html|js|css|json|xml|txt)$/.test(f) && readFileSync(join(dist, f), 'utf8').includes('/_admin'))).toEqual([]);
  // Nor does the preview's own output folder hold the admin (it is served from memory).
  expect(tree(join(box.dir, 'preview')).filter((f) => f.includes('_admin'))).toEqual([]);

  const s3 = await startLocalS3({ directory: join(box.dir, 's3'), buckets: ['site'] });
  try {
    const publish = await site(['publish', '--dir', dist, '--bucket', 'site', '--endpoint', s3.url, '--dry-run', '--json'], {
      AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId, AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey, AWS_REGION: LOCAL_REGION,
    });
    expect(publish.status, publish.stderr).toBe(0);
    const summary = JSON.parse(publish.stdout);
    expect(summary.files.uploaded.length).toBeGreaterThan(10);
    expect(summary.files.uploaded.filter((f: string) => f.includes('_admin'))).toEqual([]);
  } finally {
    await s3.close();
  }
});

test('a contact form sent on the preview appears under Leads with its e-mail', async ({ page }) => {
  await page.goto(`${base}/contact-us`);
  const form = page.locator('[data-island="LeadForm"]');
  await use(form);
  await expect(form).toHaveAttribute('data-hydrated', '');
  await form.getByLabel('Name', { exact: true }).fill('Avery Tremblay');
  await form.getByLabel('Phone', { exact: true }).fill('(416) 555-0199');
  await form.getByLabel('Email', { exact: true }).fill('avery@example.com');
  await form.getByLabel('How did you find us?').selectOption({ index: 1 });
  await form.getByLabel('Message').fill('Forty trucks out of Mississauga; ELD pricing please.');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page).toHaveURL(/\/Thanks$/, { timeout: 15_000 });

  await page.goto(`${base}/_admin#leads`);
  const lead = page.getByRole('article', { name: 'Contact message from Avery Tremblay' });
  await expect(lead).toBeVisible({ timeout: 10_000 });
  await expect(lead.getByText('E-mail sent')).toBeVisible();
  await expect(lead.locator('dd').filter({ hasText: 'Contact message: Avery Tremblay' })).toBeVisible();
  const html = lead.locator('iframe[sandbox=""]');
  await expect(html).toHaveAttribute('srcdoc', /Forty trucks out of Mississauga/);
  await expect(html.contentFrame().getByText('Forty trucks out of Mississauga; ELD pricing please.')).toBeVisible();
  await expect(lead.locator('pre.email__text')).toContainText('Forty trucks out of Mississauga; ELD pricing please.');
  await lead.getByText('Archived JSON').click();
  await expect(lead.locator('pre.json')).toContainText('"form": "contact"');

  await page.getByRole('button', { name: 'Clear leads' }).click();
  await page.getByRole('button', { name: 'Delete all leads' }).click();
  await expect(page.getByText('No leads yet.')).toBeVisible({ timeout: 10_000 });
});

test('every admin section is accessible at 1280 px (axe)', async ({ page }) => {
  // Eight sections, two of them long tables of both languages' pages and files.
  test.setTimeout(60_000);
  for (const hash of ['pages', 'content', 'translations', 'leads', 'checks', 'photos', 'build', 'pages?view=/faqs']) {
    await page.goto(`${base}/_admin#${hash}`);
    await expect(page.locator('main h1')).not.toHaveText('Loading…');
    // The framed site pages are the site's own (tests/e2e/every-page.spec.ts checks them); this is the admin.
    expect((await seriousViolations(page, { exclude: 'iframe' })).map((v) => `${hash} ${v}`)).toEqual([]);
  }
});

test('in a half-screen window (800 px) no admin section scrolls sideways; Pages shows its view buttons', async ({ page }) => {
  // An author often has the editor beside the browser: the pages table's file paths had widened it to 1,210 px.
  await page.setViewportSize({ width: 800, height: 900 });
  for (const hash of ['pages', 'content', 'translations', 'leads', 'checks', 'photos', 'build']) {
    await page.goto(`${base}/_admin#${hash}`);
    await expect(page.locator('main h1')).not.toHaveText('Loading…');
    expect(await page.evaluate(() => document.documentElement.scrollWidth), hash).toBeLessThanOrEqual(800);
  }
  await page.goto(`${base}/_admin#pages`);
  const view = page.locator('tr[data-path="/faqs"]').getByRole('link', { name: /Phone, tablet, desktop/ });
  const box = (await view.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(800);
});

test('on a phone (375 and 320 px) no admin section scrolls sideways: a wide table scrolls in its own named box, reachable by keyboard', async ({ page }) => {
  // The pages table's five columns and its hidden caption had widened the page to 739 px at 375.
  for (const width of [375, 320]) {
    await page.setViewportSize({ width, height: 800 });
    for (const hash of ['pages', 'content', 'translations', 'leads', 'checks', 'photos', 'build']) {
      await page.goto(`${base}/_admin#${hash}`);
      await expect(page.locator('main h1')).not.toHaveText('Loading…');
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${hash} at ${width}`).toBeLessThanOrEqual(width);
    }
  }
  await page.goto(`${base}/_admin#pages`);
  const region = page.getByRole('region', { name: 'Table: pages' });
  await expect(region).toHaveAttribute('tabindex', '0');
  expect(await region.evaluate((e) => e.scrollWidth > e.clientWidth)).toBe(true);
  await region.focus();
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => region.evaluate((e) => e.scrollLeft)).toBeGreaterThan(0);
  // At 1280 px the same table fits: no keyboard stop for a box that does not scroll.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(region).not.toHaveAttribute('tabindex');
});
