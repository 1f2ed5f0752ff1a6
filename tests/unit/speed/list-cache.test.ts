// A big blog's whole list (/blog-list.json) kept beside the page cache (generator/speed/list-cache.ts):
// a cached build whose list page is unchanged takes it from there, byte for byte what a clean
// build makes; a change the list shows (a post's title) makes it again; a file that is not
// what it claims (damaged, another key, unsigned under SITE_CACHE_SECRET) is made again.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Builder, type BuildOptions } from '../../../generator/build/build.ts';
import { listCachePath } from '../../../generator/speed/list-cache.ts';
import { LIST_INLINE } from '../../../templates/pages/Blog.tsx';
import { root, sandbox, type Sandbox } from '../../helpers.ts';

let box: Sandbox;
let cacheDir: string;
const options = (cache: boolean, secret?: string): BuildOptions => ({ root, contentDir: box.content, mode: 'production', includeDrafts: false, pageCache: cache ? { dir: cacheDir, secret } : undefined });
const build = async (cache = true, secret?: string) => (await new Builder(options(cache, secret)).full()).get('blog-list.json');
const kept = () => listCachePath(cacheDir, 'en');
/** The kept file with its list replaced by `list`, under a check line anyone can make (no secret). */
const plant = (list: string) => {
  const data = readFileSync(kept());
  const key = data.subarray(data.indexOf(10) + 1, data.indexOf(10, data.indexOf(10) + 1)).toString();
  const rest = Buffer.from(`${key}\n${list}`);
  writeFileSync(kept(), Buffer.concat([Buffer.from(`site-blog-list 1 ${createHash('sha256').update(rest).digest('hex')}\n`), rest]));
};

beforeAll(() => {
  box = sandbox();
  cacheDir = join(box.dir, 'page-cache');
  const model = box.read('blog/adas-driver-safety-programs.md');
  for (let i = 1; i <= LIST_INLINE; i++) {
    box.write(`blog/archive-${i}.md`, model.replace(/^id: \d+$/m, `id: ${7000 + i}`).replace(/^title: .*$/m, `title: "Archive post ${i}"`).replace(/^date: .*$/m, `date: 2019-01-${String((i % 28) + 1).padStart(2, '0')}`));
  }
});
afterAll(() => box.remove());

describe('the whole blog list beside the page cache', () => {
  test('a cached build takes the kept list; it is the clean build\'s bytes; a change the list shows makes it again', async () => {
    const clean = await build(false);
    expect(clean).toBeDefined();
    expect(JSON.parse(clean!.toString()).posts).toHaveLength(LIST_INLINE + 10);
    expect(existsSync(kept())).toBe(false);
    const first = await build();
    expect(first!.equals(clean!)).toBe(true);
    expect(existsSync(kept())).toBe(true);
    expect(existsSync(listCachePath(cacheDir, 'fr'))).toBe(true);
    // Taken, not made: a list planted in the kept file (with its check line) is what ships.
    plant('["planted"]');
    expect((await build())!.toString()).toBe('["planted"]');
    // A post's body is not in the list: the key, and the kept list, stay.
    box.edit('blog/archive-7.md', 'The technology is mature.', 'The technology is mature now.');
    expect((await build())!.toString()).toBe('["planted"]');
    // Its title is: the list is made again, and kept.
    box.edit('blog/archive-7.md', 'title: "Archive post 7"', 'title: "Archive post seven"');
    const made = await build();
    expect(made!.toString()).toContain('"Archive post seven"');
    expect(made!.equals((await build(false))!)).toBe(true);
    expect(readFileSync(kept()).toString()).toContain('"Archive post seven"');
  }, 120_000);

  test('a damaged kept list, or one without SITE_CACHE_SECRET\'s signature, is made again', async () => {
    const clean = (await build(false))!;
    await build();
    const damaged = readFileSync(kept());
    damaged[damaged.length - 10]! ^= 1;
    writeFileSync(kept(), damaged);
    expect((await build())!.equals(clean)).toBe(true);
    // Planted with a plain SHA-256 check line: a build with the secret does not take it.
    plant('["planted"]');
    expect((await build(true, 's3cret'))!.equals(clean)).toBe(true);
    // What it kept is signed: taken by the next build with the secret, ignored by one without.
    expect((await build(true, 's3cret'))!.equals(clean)).toBe(true);
    expect((await build())!.equals(clean)).toBe(true);
  }, 120_000);
});

describe('the preview follows a blog across the list page\'s bound', () => {
  test('a post deleted takes the blog to 100 posts: /blog-list.json goes when edits pause, as a full build has none; a post added back brings it', async () => {
    const own = sandbox();
    try {
      const model = own.read('blog/adas-driver-safety-programs.md');
      const shipped = readdirSync(join(own.content, 'blog')).filter((f) => f.endsWith('.md')).length;
      for (let i = 1; i <= LIST_INLINE + 1 - shipped; i++) own.write(`blog/bound-${i}.md`, model.replace(/^id: \d+$/m, `id: ${8000 + i}`).replace(/^title: .*$/m, `title: "Bound post ${i}"`));
      const preview = () => new Builder({ root, contentDir: own.content, mode: 'preview', includeDrafts: true });
      const builder = preview();
      expect((await builder.full()).has('blog-list.json')).toBe(true);
      const gone = join(own.content, 'blog/bound-1.md');
      const text = own.read('blog/bound-1.md');
      rmSync(gone);
      expect((await builder.update([gone])).problems).toEqual([]);
      expect(builder.isStale('blog-list.json')).toBe(true);
      const { removed } = builder.refresh();
      expect(removed).toEqual(expect.arrayContaining(['blog-list.json', 'fr/blog-list.json']));
      expect(builder.outputs.has('blog-list.json')).toBe(false);
      const full = await preview().full();
      expect(full.has('blog-list.json')).toBe(false);
      expect(builder.outputs.get('.site-build.json')!.equals(full.get('.site-build.json')!)).toBe(true);
      own.write('blog/bound-1.md', text);
      expect((await builder.update([gone])).problems).toEqual([]);
      expect(builder.outputs.get('blog-list.json')!.equals((await preview().full()).get('blog-list.json')!)).toBe(true);
    } finally {
      own.remove();
    }
  }, 120_000);
});
