// The admin's Photos section (generator/preview/admin/images.ts): on a real preview build of a
// copy of content/ with a post whose hero is a 2000 px phone photo and whose text shows a 900 px
// one, each photo comes with its source, the bytes of every delivered file (the very files the
// build wrote), what a phone and a laptop download per role, its pages, and the body photo's
// "too small" warning located at the Markdown line that names it.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Builder } from '../../../generator/build/build.ts';
import { encodeImage } from '../../../generator/assets/images/encode.ts';
import { displayPath } from '../../../generator/content/paths.ts';
import { adminState } from '../../../generator/preview/admin/state.ts';
import type { AdminState, PhotoInfo } from '../../../generator/preview/admin/types.ts';
import { lineOf, root, sandbox, type Sandbox } from '../../helpers.ts';
import { phonePhoto, photoPost, writeContent } from '../../photo-fixtures.ts';

let box: Sandbox;
let builder: Builder;
let state: AdminState;
const photo = (path: string) => state.photos.find((p) => p.path === path)!;
/** The bytes of the output file a download names. */
const output = (stem: string, f: { format: string; width: number }) => {
  const ext = f.format === 'jpeg' ? 'jpg' : f.format;
  const name = [...builder.outputs.keys()].find((k) => new RegExp(`^assets/img/${stem}-${f.width}-[A-Za-z0-9]+\\.${ext}$`).test(k));
  return builder.outputs.get(name!)!.length;
};

beforeAll(async () => {
  box = sandbox();
  writeContent(box.content, 'images/blog/yard.jpg', await phonePhoto({ width: 2000, height: 1500, seed: 4 }));
  writeContent(box.content, 'images/blog/lights.jpg', await phonePhoto({ width: 900, height: 600, seed: 8 }));
  writeContent(box.content, 'blog/winter-yard.md', photoPost({ slug: 'winter-yard', image: 'images/blog/yard.jpg', bodyImage: 'images/blog/lights.jpg' }));
  // AVIF effort 0 keeps the test quick; what is shown does not depend on it.
  const encode = (bytes: Buffer, transform: Parameters<typeof encodeImage>[1]) => encodeImage(bytes, { ...transform, avifEffort: 0 });
  builder = new Builder({ root, contentDir: box.content, mode: 'preview', includeDrafts: true, imageCache: { dir: join(box.dir, 'cache'), encode } });
  await builder.full();
  state = adminState({ builder, contentDir: box.content, problems: [], builds: [] });
}, 120_000);
afterAll(() => box.remove());

describe('the admin Photos section', () => {
  test('lists each photo the content names, by path, with its source file, format, upright size and bytes', () => {
    // The shipped brand PNG (site.yaml's sharing image) is a photo too, only linked: no use, no page.
    expect(state.photos.map((p) => p.path)).toEqual(['images/blog/lights.jpg', 'images/blog/yard.jpg', 'images/brand/social-card.png']);
    expect(photo('images/brand/social-card.png')).toMatchObject({ uses: [], pages: [], warnings: [] });
    const yard = photo('images/blog/yard.jpg');
    expect(yard.file.file).toBe(displayPath(join(box.content, 'images/blog/yard.jpg')));
    expect(yard.source).toEqual({ format: 'jpeg', width: 2000, height: 1500, bytes: readFileSync(join(box.content, 'images/blog/yard.jpg')).length });
  });

  test('gives the bytes of every format and width, which are the files the build delivers', () => {
    const check = (p: PhotoInfo, stem: string, widths: number[]) => {
      expect(p.widths).toEqual(widths);
      expect(p.formats.map((f) => f.format)).toEqual(['avif', 'webp', 'jpeg']);
      for (const f of p.formats) expect(f.bytes, f.format).toEqual(widths.map((width) => output(stem, { format: f.format, width })));
    };
    check(photo('images/blog/yard.jpg'), 'blog/yard', [360, 720, 960, 1280, 1920]);
    check(photo('images/blog/lights.jpg'), 'blog/lights', [360, 720, 900]);
  });

  test('says what a phone (375 px at 2×) and a laptop (1280 px at 1×) download for each use', () => {
    const hero = photo('images/blog/yard.jpg').uses.find((u) => u.role === 'hero')!;
    // The hero is 343 CSS px on the phone (686 device px: the 720 file) and 1020 on the laptop (the 1280 file), in AVIF.
    expect(hero.phone).toEqual({ format: 'avif', width: 720, bytes: output('blog/yard', { format: 'avif', width: 720 }) });
    expect(hero.desktop).toEqual({ format: 'avif', width: 1280, bytes: output('blog/yard', { format: 'avif', width: 1280 }) });
    expect(photo('images/blog/lights.jpg').uses.map((u) => u.role)).toEqual(['article']);
  });

  test('names the pages that show each photo', () => {
    // The English post, and the French one that shows it until it is translated.
    const posts = builder.routes.filter((r) => r.sources.includes(displayPath(join(box.content, 'blog/winter-yard.md')))).map((r) => r.path);
    expect(posts).toEqual(['/blog-details/901', '/fr/blog-details/901']);
    expect(photo('images/blog/lights.jpg').pages).toEqual(posts);
    const post = { path: posts[0]! };
    const yard = photo('images/blog/yard.jpg').pages;
    expect(yard).toContain(post.path);
    for (const path of yard) {
      const html = builder.outputs.get(builder.routes.find((r) => r.path === path)!.file)!.toString('utf8');
      expect(html, path).toMatch(/<picture>[\s\S]*?\/assets\/img\/blog\/yard-\d+-/);
    }
  });

  test('locates a photo narrower than its widest use at the Markdown line that names it; a wide enough one has no warning', () => {
    const lights = photo('images/blog/lights.jpg');
    const line = lineOf(box.read('blog/winter-yard.md'), '](images/blog/lights.jpg)');
    expect(lights.namedAt).toMatchObject({ file: displayPath(join(box.content, 'blog/winter-yard.md')), line });
    expect(lights.warnings).toEqual([expect.objectContaining({ code: 'image-too-small', severity: 'warning', at: expect.objectContaining({ line }) })]);
    expect(lights.warnings[0]!.message).toContain('900 px wide but is shown up to 1344 px');
    expect(photo('images/blog/yard.jpg').warnings).toEqual([]);
  });
});
