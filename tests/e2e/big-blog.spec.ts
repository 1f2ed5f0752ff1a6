// A big blog's list (templates/pages/Blog.tsx, LIST_INLINE): the page holds the newest 100 posts,
// the island loads the whole list (/blog-list.json) only when the visitor asks for more than
// those, and then pages, filters and counts every post. A real `site preview` on a copy of
// content/ with 130 posts; the pages must look and count as they do on a small blog.
import { readFileSync } from 'node:fs';
import { test, expect } from './fixtures.ts';
import { startPreviewProcess, type PreviewProcess } from './preview-process.ts';
import { unpackList } from '../../templates/islands/BlogList.tsx';

test.describe.configure({ mode: 'serial' });

const EXTRA = 120;
const CATEGORIES = ['eld', 'technology', 'industry'] as const;
let preview: PreviewProcess;
let total: number;
const counts = new Map<string, number>();

test.beforeAll(async () => {
  preview = await startPreviewProcess((box) => {
    const model = box.read('blog/adas-driver-safety-programs.md');
    for (let i = 1; i <= EXTRA; i++) {
      // Older than every shipped post (the list is newest first): these are the posts past the page's 100.
      const day = new Date(Date.UTC(2019, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
      const text = model
        .replace(/^id: \d+$/m, `id: ${7000 + i}`)
        .replace(/^title: .*$/m, `title: "Archive post ${i}"`)
        .replace(/^description: .*$/m, `description: "Archive post number ${i}, generated to make the blog bigger than its list page."`)
        .replace(/^date: .*$/m, `date: ${day}`)
        .replace(/^category: .*$/m, `category: ${CATEGORIES[i % 3]}`);
      box.write(`blog/archive-post-${i}.md`, text);
    }
  });
  const files = (await import('node:fs')).readdirSync(`${preview.box.content}/blog`).filter((f) => f.endsWith('.md'));
  const posts = files.map((f) => readFileSync(`${preview.box.content}/blog/${f}`, 'utf8')).filter((t) => !/^draft: true$/m.test(t));
  total = posts.length;
  for (const t of posts) {
    const slug = /^category: (\w+)$/m.exec(t)![1]!;
    counts.set(slug, (counts.get(slug) ?? 0) + 1);
  }
});
test.afterAll(() => preview?.stop());

test('the page holds the newest 100 posts and fetches nothing for its first page; the pager counts every post', async ({ page }) => {
  const html = await (await page.request.get(`${preview.base}/blogs`)).text();
  expect(html.match(/<li><article class="card post-card"/g)).toHaveLength(100);
  expect(html).not.toContain('Archive post 1"');
  const fetched: string[] = [];
  page.on('request', (r) => void (r.url().includes('blog-list.json') && fetched.push(r.url())));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${preview.base}/blogs`);
  const island = page.locator('[data-island="BlogList"]');
  await expect(island).toHaveAttribute('data-hydrated', '');
  await expect(island.locator('.blog-list__grid > li')).toHaveCount(9);
  await expect(island.locator('.pager__status')).toHaveText(`Page 1 of ${Math.ceil(total / 9)}`);
  await page.waitForTimeout(500);
  expect(fetched).toEqual([]);
});

test('the last page, a category and All show posts past the page\'s 100, once the whole list has come', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const pages = Math.ceil(total / 9);
  await page.goto(`${preview.base}/blogs?page=${pages}`);
  const island = page.locator('[data-island="BlogList"]');
  await expect(island.locator('.pager__status')).toHaveText(`Page ${pages} of ${pages}`);
  // The oldest post is the last one listed.
  await expect(island.getByRole('heading', { name: 'Archive post 1', exact: true })).toBeVisible();
  await expect(island.locator('.blog-list__grid > li')).toHaveCount(total - (pages - 1) * 9);
  await expect(island).not.toHaveAttribute('aria-busy');
  // A category counts every post in it, those past the page's 100 included.
  await island.getByRole('link', { name: 'ELD', exact: true }).click();
  await expect(island.locator('.pager__status')).toHaveText(`Page 1 of ${Math.ceil(counts.get('eld')! / 9)}`);
  await island.getByLabel('Posts per page').selectOption({ label: 'All' });
  await expect(island.locator('.blog-list__grid > li')).toHaveCount(counts.get('eld')!);
  await island.getByRole('link', { name: 'All', exact: true }).click();
  await expect(island.locator('.blog-list__grid > li')).toHaveCount(total);
});

test('on a phone the pager counts every post, and Next goes on past the page\'s 100; without JavaScript the newest 100 are listed', async ({ page, browser }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`${preview.base}/blogs`);
  const island = page.locator('[data-island="BlogList"]');
  await expect(island.locator('.pager__status')).toHaveText(`Page 1 of ${total}`);
  // One post a page on a phone: page 100 is the last the page holds, 101 the first it does not.
  await page.goto(`${preview.base}/blogs?page=100`);
  await expect(island).toHaveAttribute('data-hydrated', '');
  await expect(island.locator('.pager__status')).toHaveText(`Page 100 of ${total}`);
  await island.getByRole('button', { name: 'Next' }).click();
  await expect(island.locator('.pager__status')).toHaveText(`Page 101 of ${total}`);
  await expect(island.locator('.blog-list__grid > li')).toHaveCount(1);
  await expect(island.getByRole('heading', { name: `Archive post ${EXTRA - (101 - (total - EXTRA)) + 1}`, exact: true })).toBeVisible();
  await page.goto(`${preview.base}/blogs?page=${total}`);
  await expect(island.getByRole('heading', { name: 'Archive post 1', exact: true })).toBeVisible();
  await expect(island.locator('.pager__status')).toHaveText(`Page ${total} of ${total}`);

  const context = await browser.newContext({ javaScriptEnabled: false });
  const plain = await context.newPage();
  await plain.goto(`${preview.base}/blogs`);
  await expect(plain.locator('.blog-list__grid > li:visible')).toHaveCount(100);
  await context.close();
});

test('the whole list is the one the page starts: the same posts, newest first, in French too', async ({ request }) => {
  for (const [path, list] of [['/blogs', '/blog-list.json'], ['/fr/blogs', '/fr/blog-list.json']]) {
    const html = await (await request.get(`${preview.base}${path}`)).text();
    // The list island's props: the first props script after its element.
    const after = html.slice(html.indexOf('data-island="BlogList"'));
    const props = JSON.parse(/<script type="application\/json" data-island-props="[^"]*">(.*?)<\/script>/s.exec(after)![1]!);
    const whole = unpackList(await (await request.get(`${preview.base}${list}`)).json());
    expect(whole).toHaveLength(total);
    expect(props.total).toBe(total);
    expect(props.more).toBe(list);
    expect(whole.slice(0, 100)).toEqual(props.posts);
  }
});

test('a list that fails to come leaves the posts the page holds, and the next choice tries again', async ({ page, consoleErrors }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  let refused = 0;
  await page.route('**/blog-list.json', (route) => (refused++ === 0 ? route.abort() : route.continue()));
  await page.goto(`${preview.base}/blogs`);
  const island = page.locator('[data-island="BlogList"]');
  await expect(island).toHaveAttribute('data-hydrated', '');
  await island.getByRole('link', { name: 'Industry', exact: true }).click();
  // Refused: the Industry posts among the page's 100, nothing busy, no error.
  await expect.poll(() => refused).toBe(1);
  await expect(island).not.toHaveAttribute('aria-busy');
  const held = await island.locator('.blog-list__grid > li').count();
  expect(held).toBeGreaterThan(0);
  // The next choice asks again. Waiting on the answer keeps a slow server under CI's load (it
  // once took longer than the count's 5 s) apart from a choice that does not ask at all (this
  // wait then fails at the test's timeout).
  const answer = page.waitForResponse('**/blog-list.json');
  await island.getByLabel('Posts per page').selectOption({ label: 'All' });
  const response = await answer;
  expect(response.ok()).toBe(true);
  // The answer is the whole list (a body that does not parse is also a quiet failure in the island).
  expect(unpackList(await response.json())).toHaveLength(total);
  await expect(island.locator('.blog-list__grid > li')).toHaveCount(counts.get('industry')!);
  expect(refused).toBe(2);
  // The refused request is the only thing the browser complained of.
  expect(consoleErrors).toEqual(['Failed to load resource: net::ERR_FAILED']);
  consoleErrors.length = 0;
});
