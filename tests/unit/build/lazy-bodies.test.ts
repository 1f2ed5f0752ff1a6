// `site build` renders a post's body when its page reads it and does not keep it
// (transform.ts, MarkdownCache.lazyBlock): its output is byte for byte that of a build that
// renders every body up front and keeps it (the preview's way), feeds included; and a body that
// shows an image still brings its files when its page is reused from the page cache.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Builder, type BuildOptions } from '../../../generator/build/build.ts';
import { OutputDir } from '../../../generator/output/write.ts';
import { filesUnder, sandbox, root, type Sandbox } from '../../helpers.ts';
import { phonePhoto, photoPost, writeContent } from '../../photo-fixtures.ts';

let box: Sandbox;
let scratch: string;
beforeAll(async () => {
  box = sandbox();
  scratch = mkdtempSync(join(tmpdir(), 'lazy-bodies-'));
  writeContent(box.content, 'images/blog/lazy-hero.jpg', await phonePhoto({ width: 1600, height: 1000, seed: 11 }));
  writeContent(box.content, 'images/blog/lazy-lights.jpg', await phonePhoto({ width: 1400, height: 900, seed: 12 }));
  // An SVG shown only in a body: its file is written when a render asks for it (a photo's files
  // are all written by the image stage, asked or not).
  writeContent(box.content, 'images/blog/lazy-diagram.svg', '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360"><rect width="640" height="360" fill="#0b3d2e"/></svg>');
  // An old post: the feed (the 20 newest, with their bodies) does not render its body, only its
  // page does. Twenty newer posts fill the feed.
  for (let i = 0; i < 20; i++) {
    writeContent(box.content, `blog/lazy-filler-${i}.md`, photoPost({ slug: `lazy-filler-${i}`, id: 960 + i, title: `A newer filler post ${i}`, image: 'images/blog/lazy-hero.jpg' }).replace('date: 2024-12-02', `date: 2019-01-${String(i + 1).padStart(2, '0')}`));
  }
  const post = photoPost({ slug: 'lazy-photo', id: 951, image: 'images/blog/lazy-hero.jpg', bodyImage: 'images/blog/lazy-lights.jpg' }).replace('date: 2024-12-02', 'date: 2001-03-05');
  writeContent(box.content, 'blog/lazy-photo.md', `${post}\n![The yard's layout](images/blog/lazy-diagram.svg)\n`);
}, 120_000);
afterAll(() => {
  box.remove();
  rmSync(scratch, { recursive: true, force: true });
});

const options = (pageCache?: string): BuildOptions => ({
  root, contentDir: box.content, mode: 'production', includeDrafts: false,
  pageCache: pageCache ? { dir: pageCache } : undefined,
  imageCache: { dir: join(root, '.site/cache/images') }, cardCache: { cacheDir: join(root, '.site/cache/cards') },
});

/** As `site build` does: every page handed to an OutputDir and not kept, then the swap. */
async function siteBuild(name: string, pageCache?: string): Promise<Map<string, Buffer>> {
  const dir = join(scratch, name);
  const out = new OutputDir(dir);
  const builder = new Builder(options(pageCache));
  const outputs = await builder.full({
    onPage: (file, bytes, source) => (source && !Array.isArray(bytes) ? out.link(file, source, bytes) : out.write(file, bytes as Buffer | Buffer[])),
    retainPages: false,
    claim: (file) => out.claim(file),
  });
  await out.commit(outputs);
  return filesUnder(dir);
}

function expectSame(actual: Map<string, Buffer>, expected: Map<string, Buffer>): void {
  expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
  expect([...actual].filter(([file, bytes]) => !bytes.equals(expected.get(file)!)).map(([file]) => file)).toEqual([]);
}

describe('post bodies rendered as pages read them', () => {
  test('site build writes byte for byte what a build that keeps every rendered body makes, feeds and French pages included', async () => {
    const kept = await new Builder(options()).full();
    const streamed = await siteBuild('streamed');
    // The eager build's outputs hold every file (pages and cards in memory).
    expectSame(streamed, new Map([...kept].map(([file, bytes]) => [file, Buffer.from(bytes)])));
    const post = streamed.get('blog-details/951/index.html')!.toString();
    expect(post).toContain('By seven the yard is half empty');
    expect(streamed.get('feed.xml')!.toString()).toContain('<content:encoded>');
    // The French page of an untranslated post shows its English body.
    expect(streamed.get('fr/blog-details/951/index.html')!.toString()).toContain('By seven the yard is half empty');
  }, 180_000);

  test('a body that shows a photo or a drawing, its page reused from the page cache, still brings their files', async () => {
    const cache = join(scratch, 'page-cache');
    const first = await siteBuild('first', cache);
    expect([...first.keys()].filter((file) => file.includes('lazy-lights')).length).toBeGreaterThan(0);
    expect([...first.keys()].filter((file) => file.includes('lazy-diagram'))).toHaveLength(1);
    // Every page reused: no body is rendered, yet the photo's files are all there.
    const second = await siteBuild('second', cache);
    expectSame(second, first);
  }, 180_000);
});
