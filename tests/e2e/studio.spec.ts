// The authoring studio as an author meets it: a real `site preview` process on a copy of content/
// in its own git repository, /_admin in Chromium. Edit a post and see the pages change; a bad
// value is stopped at its field; a file changed on disk meanwhile is never overwritten; what was
// typed survives a reload; create a post, a job and a solution; add a photo; translate beside the
// English; watch the publish badge; commit. Keyboard-only, axe-clean, and usable at 375 px.
import { execFileSync } from 'node:child_process';
import { existsSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { test, expect } from './fixtures.ts';
import { seriousViolations } from './axe.ts';
import { startPreviewProcess, type PreviewProcess } from './preview-process.ts';
import type { Sandbox } from '../helpers.ts';

test.describe.configure({ mode: 'serial' });
// A conflict is answered 409 and a refused photo 422, on purpose: the browser logs both.
test.use({ viewport: { width: 1280, height: 900 }, expectedStatuses: [400, 403, 409, 413, 421, 422] });

const POST = 'blog/preparing-fleet-for-canadian-winter.md';
const FAQ = 'faqs/08-support.yaml';

let preview: PreviewProcess;
let box: Sandbox;
let base: string;
let shipped: string;
const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], { cwd: box.dir, encoding: 'utf8' });

test.beforeAll(async () => {
  preview = await startPreviewProcess((b) => {
    box = b;
    git('init', '-q');
    git('add', '-A');
    git('commit', '-qm', 'content as shipped');
    shipped = git('rev-parse', 'HEAD').trim();
  });
  base = preview.base;
});

test.afterAll(() => {
  if (process.env.STUDIO_LOG) writeFileSync(process.env.STUDIO_LOG, preview?.log() ?? '');
  preview?.stop();
});

/** The editor of a content file, once its form is there. */
async function edit(page: import('@playwright/test').Page, rel: string) {
  await page.goto(`${base}/_admin#edit?path=${encodeURIComponent(rel)}`);
  await expect(page.locator('.editor form .field').first()).toBeVisible();
}

const save = (page: import('@playwright/test').Page) => page.getByRole('button', { name: 'Save', exact: true });
const rebuilt = (page: import('@playwright/test').Page) => expect(page.locator('#save-why')).toContainText('Saved', { timeout: 15_000 });

test('a post\'s title edited in its form changes the article and the blog list; only its line changes', async ({ page, request }) => {
  await edit(page, POST);
  const before = box.read(POST);
  await expect(page.locator('#field-title')).toHaveValue('Preparing Your Fleet for a Canadian Winter');
  await page.locator('#field-title').fill('Getting a fleet through a Canadian winter');
  await expect(page.locator('#save-why')).toHaveText('1 change to save');
  await save(page).click();
  await rebuilt(page);
  const changed = box.read(POST).split('\n').filter((line, i) => line !== before.split('\n')[i]);
  expect(changed).toEqual(['title: "Getting a fleet through a Canadian winter"']);
  await expect.poll(async () => (await request.get(`${base}/blogs`)).text(), { timeout: 15_000 }).toContain('Getting a fleet through a Canadian winter');
  expect(await (await request.get(`${base}/blog-details/10`)).text()).toContain('Getting a fleet through a Canadian winter');
  // The page beside the form, at each width.
  const frame = page.frameLocator('.editor__preview iframe');
  await expect(frame.locator('h1')).toContainText('Getting a fleet through a Canadian winter', { timeout: 15_000 });
  for (const width of [768, 1280, 375]) {
    await page.getByRole('button', { name: `${width} px` }).click();
    await expect(page.locator('.editor__preview iframe')).toHaveAttribute('title', `/blog-details/10 at ${width} px`);
  }
  // Undo puts the bytes back.
  await page.getByRole('button', { name: 'Undo this save' }).click();
  await expect(page.locator('#save-why')).toContainText('undone');
  expect(box.read(POST)).toBe(before);
});

test('a cleared date shows the build\'s message at the field, Save says why it cannot, and nothing is written', async ({ page }) => {
  await edit(page, POST);
  const before = box.read(POST);
  await page.locator('#field-date').fill('');
  const field = page.locator('[data-field="date"]');
  await expect(field.locator('.field__problem')).toContainText('is not a date');
  await expect(field.locator('.field__problem')).toContainText('Fix: write YYYY-MM-DD');
  await expect(page.locator('#field-date')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#save-why')).toHaveText('Fix 1 problem first');
  // Save stays focusable (aria-disabled) so it can say why; submitting anyway writes nothing.
  await expect(save(page)).toHaveAttribute('aria-disabled', 'true');
  await page.locator('#field-title').press('Enter');
  await page.waitForTimeout(500);
  expect(box.read(POST)).toBe(before);
  await page.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page.locator('#save-why')).toHaveText('No changes to save');
});

test('what was typed survives a reload; a file changed on disk meanwhile is shown, never overwritten, and both edits are kept', async ({ page }) => {
  await edit(page, FAQ);
  await page.locator('#field-title').fill('How do I reach support, day or night?');
  await page.waitForTimeout(400);
  await page.reload();
  await expect(page.locator('#field-title')).toHaveValue('How do I reach support, day or night?');
  await expect(page.getByText('Your unsaved changes from')).toBeVisible();
  // Meanwhile, the author's code editor changes another line of the same file.
  box.edit(FAQ, /^order: (\d+)$/m, 'order: $1 # kept in order by hand');
  await page.waitForTimeout(600);
  await save(page).click();
  const conflict = page.locator('.conflict');
  await expect(conflict).toContainText('This file changed on disk since you started editing');
  await expect(conflict.locator('.diff__line--added')).toContainText('# kept in order by hand');
  expect(box.read(FAQ)).not.toContain('day or night');
  await conflict.getByRole('button', { name: 'Apply my changes to the version on disk' }).click();
  await expect(page.locator('#field-title')).toHaveValue('How do I reach support, day or night?');
  await expect(page.locator('#save-why')).toHaveText('1 change to save');
  await save(page).click();
  await rebuilt(page);
  expect(box.read(FAQ)).toContain('# kept in order by hand');
  expect(box.read(FAQ)).toContain('How do I reach support, day or night?');
  // A FAQ is no page's source, yet the form shows the pages its question is on.
  await expect(page.locator('.editor__preview')).toContainText('/faqs');
});

test('a post, a job and a solution created from Content open in the editor, numbered and named as site new does', async ({ page }) => {
  for (const [kind, title, file] of [['post', 'Winter tires for delivery vans', 'blog/winter-tires-for-delivery-vans.md'], ['job', 'Fleet data analyst', 'jobs/fleet-data-analyst.yaml'], ['solution', 'Trailer tracking', 'solutions/trailer-tracking.yaml']] as const) {
    await page.goto(`${base}/_admin#content`);
    await page.getByLabel('Kind').selectOption(kind);
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`#edit\\?path=${encodeURIComponent(file).replace(/[.]/g, '\\.')}`));
    await expect(page.locator('.editor form .field').first()).toBeVisible();
    expect(existsSync(join(box.content, file))).toBe(true);
  }
  expect(box.read('blog/winter-tires-for-delivery-vans.md')).toMatch(/^id: 11$/m);
  expect(box.read('navigation.yaml')).toContain('/solutions/trailer-tracking');
  expect(box.read('fr/navigation.yaml')).toContain('/solutions/trailer-tracking');
  // The new solution's TODOs are its problems, at their fields.
  await expect(page.locator('.field__problem').first()).toContainText('TODO');
});

test('a photo is added from the Photos tab; a text file named .png is refused before anything is kept', async ({ page }) => {
  await page.goto(`${base}/_admin#photos`);
  const png = await sharp({ create: { width: 1400, height: 800, channels: 3, background: '#0a7f5a' } }).png().toBuffer();
  await page.getByLabel('Photo', { exact: true }).setInputFiles({ name: 'Yard At Dawn.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByLabel('Name')).toHaveValue('yard-at-dawn.png');
  await page.getByRole('button', { name: 'Add as images/blog/yard-at-dawn.png' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added' })).toContainText('1400×800 px');
  await expect(page.getByRole('status').filter({ hasText: 'Added' })).toContainText('360, 720, 960, 1280 px wide');
  expect(existsSync(join(box.content, 'images/blog/yard-at-dawn.png'))).toBe(true);
  await page.getByLabel('Photo', { exact: true }).setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('only some text') });
  await page.getByRole('button', { name: 'Add as images/blog/notes.png' }).click();
  await expect(page.getByRole('alert')).toContainText('not a JPEG, PNG, WebP or AVIF photo');
  expect(existsSync(join(box.content, 'images/blog/notes.png'))).toBe(false);
  // The new photo is offered by every image field's picker.
  await edit(page, POST);
  await page.locator('[data-field="image"]').getByRole('button', { name: 'Choose…' }).click();
  await expect(page.locator('.picker__choice', { hasText: 'blog/yard-at-dawn.png' })).toBeVisible();
});

test('a French file beside its English: the field whose English changed since the stamp is marked with the change; Mark up to date', async ({ page }) => {
  box.edit('faqs/03-data-security.yaml', /^title: .*$/m, 'title: "Where is our fleet data stored, and who can see it?"');
  await page.waitForTimeout(800);
  await edit(page, 'fr/faqs/03-data-security.yaml');
  await expect(page.getByTestId('translation-bar')).toContainText('changed since this translation was stamped');
  const title = page.locator('[data-field="title"] .english--changed');
  await expect(title).toBeVisible();
  // Word by word: what the English gained, and what it lost.
  await expect(title.locator('ins').filter({ hasText: /^who$/ })).toHaveCount(1);
  await expect(title.locator('del').filter({ hasText: /^secure$/ })).toHaveCount(1);
  await expect(page.locator('[data-field="order"] .english--changed')).toHaveCount(0);
  await page.getByRole('button', { name: 'Mark up to date' }).click();
  await expect(page.getByTestId('translation-bar')).toContainText('Up to date with');
});

test('Changes lists each changed file with its diff; Commit records them with the message, never pushing', async ({ page }) => {
  await page.goto(`${base}/_admin#changes`);
  const faq = page.locator(`.change[data-path="${FAQ}"]`);
  await expect(faq).toContainText('modified');
  await expect(faq.locator('.diff__line--added').first()).toBeVisible();
  await expect(page.locator('.change[data-path="images/blog/yard-at-dawn.png"]')).toContainText('added');
  await page.getByLabel('Commit message').fill('Support FAQ reworded, a yard photo');
  await page.getByRole('button', { name: /^Commit \d+ files?$/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Committed as' })).toBeVisible();
  expect(git('log', '-1', '--format=%s').trim()).toBe('Support FAQ reworded, a yard photo');
  expect(git('status', '--porcelain', '--', 'content')).toBe('');
  await expect(page.getByText(/Nothing changed since the last commit/)).toBeVisible();
});

test('the publish badge: ready, then blocked by a broken link with a link to its field, then ready once it is fixed in the form', async ({ page }) => {
  await page.goto(`${base}/_admin#pages`);
  // The new items' TODOs and an English FAQ changed since its translation stop publishing: back to the content as shipped.
  for (const file of ['blog/winter-tires-for-delivery-vans.md', 'jobs/fleet-data-analyst.yaml', 'solutions/trailer-tracking.yaml', 'images/blog/yard-at-dawn.png']) execFileSync('rm', [join(box.content, file)]);
  git('checkout', shipped, '--', 'content');
  await expect(page.getByTestId('publish-badge').locator('summary')).toHaveText(/Ready to publish/, { timeout: 15_000 });
  box.edit(FAQ, /\]\(\/contact-us\)/, '](/contact-uss)');
  const badge = page.getByTestId('publish-badge');
  await expect(badge).toContainText('would stop publishing', { timeout: 15_000 });
  await badge.locator('summary').click();
  await badge.getByRole('link', { name: /faqs\/08-support\.yaml/ }).first().click();
  await expect(page).toHaveURL(/#edit\?path=faqs%2F08-support\.yaml&field=/);
  const content = page.locator('#field-content');
  await expect(content).toBeFocused();
  await content.fill((await content.inputValue()).replace('/contact-uss', '/contact-us'));
  await expect(page.locator('#save-why')).toHaveText('1 change to save');
  await save(page).click();
  await rebuilt(page);
  await expect(page.getByTestId('publish-badge').locator('summary')).toHaveText(/Ready to publish/, { timeout: 15_000 });
});

test('the editor is keyboard-complete and axe-clean, and fits a 375 px screen', async ({ page }) => {
  await edit(page, FAQ);
  expect(await seriousViolations(page)).toEqual([]);
  await page.locator('#field-title').focus();
  await page.keyboard.press('End');
  await page.keyboard.type(' (24/7)');
  // From the title, Tab reaches the Save button without a mouse, and Enter saves.
  for (let i = 0; i < 40 && !(await save(page).evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(save(page)).toBeFocused();
  await page.keyboard.press('Enter');
  await rebuilt(page);
  expect(box.read(FAQ)).toContain('(24/7)');
  await page.setViewportSize({ width: 375, height: 800 });
  await edit(page, POST);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the write guards, from real pages: a rebinding Host, another origin, no token, ../, a link, an oversized or fake photo are all refused', async ({ page, playwright, launchOptions }) => {
  const before = box.read(FAQ);
  symlinkSync(join(box.dir, 'outside.yaml'), join(box.content, 'faqs/98-link.yaml'));
  writeFileSync(join(box.dir, 'outside.yaml'), 'title: outside\n');
  await page.goto(`${base}/_admin#content`);
  const own = await page.evaluate(async (faq) => {
    const token = document.querySelector<HTMLMetaElement>('meta[name="site-token"]')!.content;
    const { sha256 } = await (await fetch(`/_admin/api/file?path=${faq}`)).json();
    const save = (body: unknown, headers: Record<string, string> = {}) => fetch('/_admin/api/file', { method: 'POST', headers: { 'content-type': 'application/json', 'x-site-token': token, ...headers }, body: JSON.stringify(body) }).then((r) => r.status);
    const edit = { path: faq, sha256, edits: [{ path: ['title'], value: 'Hacked' }] };
    const photo = (path: string, body: BodyInit, headers: Record<string, string> = {}) => fetch(`/_admin/api/photo?path=${encodeURIComponent(path)}`, { method: 'POST', headers: { 'content-type': 'image/png', 'x-site-token': token, ...headers }, body }).then((r) => r.status);
    return {
      noToken: await save(edit, { 'x-site-token': '' }),
      wrongToken: await save(edit, { 'x-site-token': token.replace(/./, (c) => (c === 'a' ? 'b' : 'a')) }),
      dotDot: await save({ ...edit, path: '../outside.yaml' }),
      link: await save({ ...edit, path: 'faqs/98-link.yaml' }),
      bigPhoto: await photo('images/blog/big.png', new Uint8Array(11 * 1024 * 1024)),
      fakePhoto: await photo('images/blog/fake.png', 'plain text, not a picture'),
      photoNoToken: await photo('images/blog/ok.png', 'x', { 'x-site-token': '' }),
    };
  }, FAQ);
  expect(own).toEqual({ noToken: 403, wrongToken: 403, dotDot: 400, link: 400, bigPhoto: 413, fakePhoto: 422, photoNoToken: 403 });
  // Another origin: the SES inbox the preview runs on its own port is a different site to the browser.
  const inbox = /read them at (http:\/\/127\.0\.0\.1:\d+)\//.exec(preview.log())![1]!;
  const other = await page.context().newPage();
  await other.goto(inbox);
  const foreign = await other.evaluate(async (target) => {
    const attempt = await fetch(`${target}/_admin/api/file`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ path: 'faqs/08-support.yaml', edits: [] }) }).then((r) => r.status, () => 'blocked');
    return attempt;
  }, base);
  expect(foreign === 'blocked' || foreign === 403).toBe(true);
  // A rebinding: attacker.example resolving to the preview's address.
  const browser = await playwright.chromium.launch({ ...launchOptions, args: [...(launchOptions.args ?? []), '--host-resolver-rules=MAP attacker.example 127.0.0.1'] });
  try {
    const rebound = await browser.newPage();
    const port = new URL(base).port;
    expect((await rebound.goto(`http://attacker.example:${port}/_admin`))?.status()).toBe(421);
    const status = await rebound.evaluate(() => fetch('/_admin/api/file', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).then((r) => r.status));
    expect(status).toBe(421);
  } finally {
    await browser.close();
  }
  expect(box.read(FAQ)).toBe(before);
  expect(existsSync(join(box.content, 'images/blog/fake.png'))).toBe(false);
  expect(existsSync(join(box.content, 'images/blog/big.png'))).toBe(false);
});
