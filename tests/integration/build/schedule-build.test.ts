// Content that publishes and retires itself on time, and URLs that never break, through the CLI:
// a build at a fixed moment (`--at`) before, between and after a post's publishAt and expiresAt;
// a deleted post failing `site build --strict` until content/redirects.yaml says where it went;
// `site serve` answering that redirect. No test waits for real time: the clock is the flag.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { startServer } from '../../../generator/preview/server.ts';
import { root, sandbox, type Sandbox } from '../../helpers.ts';
import { call } from '../http-client.ts';

const node = join(root, 'node_modules/.bin/node');
let box: Sandbox;
const site = (args: string[]) => spawnSync(node, [join(root, 'bin/site.js'), '--content', box.content, ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
const build = (out: string, ...args: string[]) => site(['build', '--no-cache', '--out', join(box.dir, out), ...args]);
const read = (out: string, file: string) => readFileSync(join(box.dir, out, file), 'utf8');
const has = (out: string, file: string) => existsSync(join(box.dir, out, file));

const POST = 'blog/winter-tires-and-eld.md';
const TITLE = 'Winter Tires and ELD: A Checklist for the Season';

beforeAll(() => {
  box = sandbox();
  const model = box.read('blog/eld-compliance-checklist-for-carriers.md');
  box.write(POST, model
    .replace(/^id: \d+$/m, 'id: 77')
    .replace(/^title: .*$/m, `title: "${TITLE}"`)
    .replace(/^date: .*$/m, 'date: 2026-11-01\npublishAt: 2026-12-07 06:00\nexpiresAt: 2026-12-14'));
}, 60_000);

afterAll(() => box.remove());

describe('a post with publishAt and expiresAt, built at three moments', () => {
  test('before its publishAt: not built, listed, in the sitemap, feed or search index; the build names the next change', () => {
    const record = box.read('published-urls.txt');
    const result = build('before', '--at', '2026-12-07 05:59');
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain(`next: '${TITLE}' publishes Mon 7 Dec 2026 06:00 Toronto time`);
    expect(has('before', 'blog-details/77/index.html')).toBe(false);
    expect(has('before', 'fr/blog-details/77/index.html')).toBe(false);
    for (const file of ['sitemap.xml', 'feed.xml', 'search-index.json', 'blogs/index.html', 'blog-list.json']) if (has('before', file)) expect(read('before', file), file).not.toContain('blog-details/77');
    // A build for another moment records nothing.
    expect(box.read('published-urls.txt')).toBe(record);
  });

  test('between: on the site in both languages, dated by its publishAt, and --json says when it expires', () => {
    const result = build('between', '--at', '2026-12-07 06:00', '--json');
    expect(result.status, result.stderr).toBe(0);
    const summary = JSON.parse(result.stdout) as { next: { title: string; change: string; at: string; local: string }; scheduled: { title: string; status: string }[] };
    expect(summary.next).toMatchObject({ title: TITLE, change: 'expires', at: '2026-12-14T05:00:00.000Z', local: 'Mon 14 Dec 2026 00:00 Toronto time' });
    expect(summary.scheduled).toContainEqual(expect.objectContaining({ title: TITLE, status: 'live' }));
    expect(read('between', 'blog-details/77/index.html')).toContain(TITLE);
    expect(read('between', 'blog-details/77/index.html')).toContain('dateTime="2026-12-07"');
    expect(has('between', 'fr/blog-details/77/index.html')).toBe(true);
    for (const file of ['sitemap.xml', 'feed.xml', 'search-index.json']) expect(read('between', file), file).toContain('blog-details/77');
  });

  test('after its expiresAt: gone again, and its URLs answer 410 Gone in both languages', () => {
    const result = build('after', '--at', '2026-12-14');
    expect(result.status, result.stderr).toBe(0);
    expect(has('after', 'blog-details/77/index.html')).toBe(false);
    expect(JSON.parse(read('after', '.site-redirects.json'))).toEqual({ '/blog-details/77': [410], '/fr/blog-details/77': [410] });
    expect(read('after', '.site-url-rule.js')).toContain('var REDIRECTS = {"/blog-details/77":[410],"/fr/blog-details/77":[410]};');
    // Never published to the bucket: publish skips the build's own records.
    expect(read('after', '.site-build.json')).toContain('.site-redirects.json');
  });

  test('a published page that links to it before its publishAt is a located problem that says when it publishes', () => {
    box.edit('blog/eld-compliance-checklist-for-carriers.md', /\n## /, '\nSee [the winter checklist](/blog-details/77).\n\n## ');
    try {
      const result = build('linked', '--at', '2026-12-01');
      expect(result.status, result.stderr).toBe(1);
      expect(result.stderr).toMatch(/content\/blog\/eld-compliance-checklist-for-carriers\.md:\d+:\d+ +body: link "\/blog-details\/77" goes to a page that publishes Mon 7 Dec 2026 06:00 Toronto time; link to it once it is on the site, or give this item the same publishAt/);
      // Once it is on the site, the link is fine.
      expect(build('linked', '--at', '2026-12-08').status).toBe(0);
    } finally {
      box.edit('blog/eld-compliance-checklist-for-carriers.md', '\nSee [the winter checklist](/blog-details/77).\n', '\n');
    }
  });
});

describe('a deleted post', () => {
  test('fails site build --strict with a located message naming the URL and the fix, until content/redirects.yaml says where it went; site serve then answers 301', async () => {
    // The real clock's build records every URL it publishes.
    const first = build('dist');
    expect(first.status, first.stderr + first.stdout).toBe(0);
    const record = box.read('published-urls.txt');
    expect(record).toContain('\n/blog-details/2\n');
    expect(record).toContain('/blog-details/77 publishes 2026-12-07T11:00:00.000Z');

    // The scheduled post taken out before it ever published: dropped from the record, no warning
    // (and with it the translation warning a post without a French copy has).
    rmSync(join(box.content, POST));
    const deleted = 'blog/eld-compliance-checklist-for-carriers.md';
    const id = /^id: (\d+)$/m.exec(box.read(deleted))![1];
    rmSync(join(box.content, deleted));
    rmSync(join(box.content, 'fr', deleted), { force: true });
    const strict = build('dist', '--strict');
    expect(strict.status).toBe(1);
    const line = record.split('\n').indexOf(`/blog-details/${id}`) + 1;
    expect(strict.stderr).toContain(`content/published-urls.txt:${line}:1  /blog-details/${id} was published and is no longer built: visitors, search engines and old links would get a 404; say in content/redirects.yaml where it went: "- from: /blog-details/${id}" with "to: /blogs"`);
    expect(strict.stderr).toContain(`/fr/blog-details/${id} was published and is no longer built`);

    box.write('redirects.yaml', `redirects:\n  - from: /blog-details/${id}\n    to: /blog-details/2\n  - from: /fr/blog-details/${id}\n    gone: true\n`);
    const fixed = build('dist', '--strict');
    expect(fixed.status, fixed.stderr).toBe(0);
    expect(box.read('published-urls.txt')).not.toContain('/blog-details/77');
    expect(box.read('published-urls.txt')).toContain(`\n/blog-details/${id}\n`);

    const server = await startServer({ dir: join(box.dir, 'dist'), port: 0, host: '127.0.0.1', log: () => {} });
    try {
      const moved = await call(server.url, `/blog-details/${id}?utm_source=newsletter`);
      expect(moved.status).toBe(301);
      expect(moved.headers.location).toBe('/blog-details/2?utm_source=newsletter');
      const gone = await call(server.url, `/fr/blog-details/${id}`);
      expect(gone.status).toBe(410);
      expect(gone.text).toContain('Cette page a été retirée');
      expect((await call(server.url, '/.site-redirects.json')).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
