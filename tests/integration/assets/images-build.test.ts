// Photos through the whole build, with real sharp and a real cache folder: a phone JPEG
// with GPS as a post's hero, in its text and as a leader's portrait comes out as AVIF, WebP and
// JPEG at the widths the roles need, never wider than the source, upright, without metadata;
// the pages carry <picture>s whose sizes match each role; a second build encodes nothing and
// writes the same bytes; a corrupt photo is a located problem and leaves dist/ as it was.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { Builder } from '../../../generator/build/build.ts';
import { encodeImage, type Encoded, type Transform } from '../../../generator/assets/images/encode.ts';
import { roles } from '../../../generator/assets/images/roles.ts';
import { runChecks } from '../../../generator/checks/checks.ts';
import { checkInput } from '../../../generator/checks/check-input.ts';
import { root, sandbox, type Sandbox } from '../../helpers.ts';
import { phonePhoto, photoPost, writeContent } from '../../photo-fixtures.ts';

const node = join(root, 'node_modules/.bin/node');
const site = (args: string[], cwd: string) => spawnSync(node, [join(root, 'bin/site.js'), ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });

let box: Sandbox;
let cacheDir: string;
let encodes = 0;
const countingEncode = (bytes: Buffer, transform: Transform): Promise<Encoded> => {
  encodes++;
  return encodeImage(bytes, transform);
};
const builder = () => new Builder({ root, contentDir: box.content, mode: 'production', includeDrafts: false, imageCache: { dir: cacheDir, encode: countingEncode } });
let first: Map<string, Buffer>;
let firstBuilder: Builder;

beforeAll(async () => {
  box = sandbox();
  cacheDir = join(box.dir, 'cache');
  // The hero: 4000×3000 as a phone takes it. The portrait: stored sideways (orientation 6),
  // 1200×900 stored, so 900×1200 upright. The body photo: 1000 px, narrower than the ladder's top.
  writeContent(box.content, 'images/blog/yard.jpg', await phonePhoto({ width: 4000, height: 3000 }));
  writeContent(box.content, 'images/blog/lights.jpg', await phonePhoto({ width: 1000, height: 750, seed: 7 }));
  writeContent(box.content, 'images/people/sophie.jpg', await phonePhoto({ width: 1200, height: 900, orientation: 6, seed: 3 }));
  writeContent(box.content, 'blog/winter-yard.md', photoPost({ slug: 'winter-yard', image: 'images/blog/yard.jpg', bodyImage: 'images/blog/lights.jpg' }));
  box.edit('team/01-sophie-lavoie.yaml', 'photo: images/people/team-1.svg', 'photo: images/people/sophie.jpg');
  firstBuilder = builder();
  try {
    first = await firstBuilder.full();
  } catch (error) {
    // Name the problems: "1 content problem" alone says nothing.
    throw new Error(JSON.stringify((error as { problems?: unknown }).problems ?? String(error)));
  }
}, 180_000);
afterAll(() => box.remove());

const outputsOf = (stem: string) => [...first.keys()].filter((f) => f.startsWith(`assets/img/${stem}-`)).sort();
const page = (file: string) => first.get(file)!.toString('utf8');
const postPage = () => {
  const file = [...first.keys()].find((f) => /^blog-details\/[^/]+\/index\.html$/.test(f) && page(f).includes('A Winter Morning in the Yard'));
  return page(file!);
};

describe('a phone JPEG with GPS as a hero, a body photo and a portrait', () => {
  test('each becomes AVIF, WebP and JPEG at the ladder widths up to its own, never wider', async () => {
    const widths = (stem: string, ext: string) => outputsOf(stem).filter((f) => f.endsWith(ext)).map((f) => Number(/-(\d+)-[A-Za-z0-9]+\.\w+$/.exec(f)![1])).sort((a, b) => a - b);
    for (const ext of ['.avif', '.webp', '.jpg']) {
      expect(widths('blog/yard', ext)).toEqual([360, 720, 960, 1280, 1920]);
      expect(widths('blog/lights', ext)).toEqual([360, 720, 960, 1000]);
      expect(widths('people/sophie', ext)).toEqual([360, 720, 900]);
    }
    for (const file of outputsOf('blog/lights')) expect((await sharp(first.get(file)!).metadata()).width).toBeLessThanOrEqual(1000);
    // The sources themselves are never published.
    expect([...first.keys()].filter((f) => /(yard|lights|sophie)-[A-Za-z0-9]{10}\.jpg$/.test(f))).toEqual([]);
  });

  test('no output carries EXIF, GPS, XMP, IPTC or a colour profile; the portrait is upright', async () => {
    const files = [...outputsOf('blog/yard'), ...outputsOf('blog/lights'), ...outputsOf('people/sophie')];
    expect(files.length).toBe(15 + 12 + 9);
    for (const file of files) {
      const bytes = first.get(file)!;
      const meta = await sharp(bytes).metadata();
      expect(meta.exif, file).toBeUndefined();
      expect(meta.xmp, file).toBeUndefined();
      expect(meta.iptc, file).toBeUndefined();
      expect(meta.orientation ?? 1, file).toBe(1);
      expect(bytes.includes('Jane Driver'), file).toBe(false);
      expect(bytes.includes('Pocket 12'), file).toBe(false);
      if (file.includes('sophie')) expect(meta.height!, file).toBeGreaterThan(meta.width!);
    }
  });

  test("the post's hero is a <picture> sized as a hero, fetched first, with its size and placeholder", () => {
    const html = postPage();
    const hero = /<picture><source type="image\/avif"[^]*?<\/picture>/.exec(html.slice(html.indexOf('article__hero')))![0];
    expect(hero).toContain(`sizes="${roles.hero.sizes}"`);
    expect(hero).toMatch(/<source type="image\/avif" srcSet="\/assets\/img\/blog\/yard-360-\w+\.avif 360w, [^"]*yard-1920-\w+\.avif 1920w"/);
    expect(hero).toMatch(/<source type="image\/webp" srcSet="[^"]*yard-360-\w+\.webp 360w/);
    const img = /<img [^>]*>/.exec(hero)![0];
    expect(img).toMatch(/ src="\/assets\/img\/blog\/yard-1280-\w+\.jpg"/);
    expect(img).toContain('width="1920" height="1440"');
    expect(img).toContain('fetchPriority="high"');
    // The hero is the page's one high-priority image: the header's small logo loads eagerly
    // but does not compete with it (it had fetchPriority too).
    expect(html.match(/fetchPriority="high"/g)).toHaveLength(1);
    expect(img).toContain('loading="eager"');
    expect(img).toMatch(/style="background-color:#[0-9a-f]{6}"/);
    expect(img).toContain('alt="Trucks lined up in the yard at dawn"');
  });

  test('the photo in the text is a lazy <picture> sized for the article column', () => {
    const html = postPage();
    const body = html.slice(html.indexOf('article__body'));
    const picture = /<picture>[^]*?<\/picture>/.exec(body)![0];
    expect(picture).toContain('lights-360-');
    expect(picture).toContain(`sizes="${roles.article.sizes}"`);
    expect(picture).toContain('loading="lazy"');
    expect(picture).toContain('decoding="async"');
    expect(picture).not.toMatch(/fetchpriority/i);
    expect(picture).toContain('alt="A driver checking the lights of a trailer"');
  });

  test('the leader portrait is a portrait-sized <picture> in the island, upright in its size', () => {
    const html = page('leadership/index.html');
    const picture = /<picture>(?:(?!<\/picture>)[^])*?sophie(?:(?!<\/picture>)[^])*<\/picture>/.exec(html)![0];
    expect(picture).toContain(`sizes="${roles.portrait.sizes}"`);
    expect(picture).toContain('width="900" height="1200"');
    expect(picture).toContain('class="leaders__photo"');
  });

  test('the checks count what a visitor downloads, and warn about a photo too small for its role', () => {
    const input = checkInput(firstBuilder, box.content);
    const yard = input.images.find((i) => i.rel === 'images/blog/yard.jpg')!;
    expect(yard.bytes).toBeGreaterThan(1_000_000);
    expect(yard.delivered!.phone).toBeLessThan(yard.bytes / 10);
    expect(yard.delivered!.desktop).toBeLessThan(yard.bytes / 5);
    const warnings = runChecks(input);
    expect(warnings.filter((w) => w.code === 'heavy-image' && w.file.endsWith('yard.jpg'))).toEqual([]);
    // The body photo is 1000 px; the article column wants 1344 at 2×.
    const small = warnings.find((w) => w.code === 'image-too-small');
    expect(small).toMatchObject({ path: 'body', severity: 'warning' });
    expect(small!.file).toMatch(/\/content\/blog\/winter-yard\.md$/);
    expect(small!.message).toContain('images/blog/lights.jpg" is 1000 px wide');
  });
});

describe('the persistent cache', () => {
  test('a second build encodes nothing and writes the same bytes', async () => {
    // The three photos and the shipped social card (a PNG), each once.
    expect(encodes).toBe(4);
    const second = await builder().full();
    expect(encodes).toBe(4);
    expect([...second.keys()].sort()).toEqual([...first.keys()].sort());
    for (const [file, bytes] of first) expect(bytes.equals(second.get(file)!), file).toBe(true);
  }, 60_000);
});

describe('the preview', () => {
  test('an edited photo is encoded again, alone; its page gets the new files', async () => {
    const before = encodes;
    const preview = builder();
    await preview.full();
    expect(encodes).toBe(before);
    writeContent(box.content, 'images/blog/lights.jpg', await phonePhoto({ width: 1000, height: 750, seed: 99 }));
    const update = await preview.update([join(box.content, 'images/blog/lights.jpg')]);
    expect(update.problems).toEqual([]);
    expect(encodes).toBe(before + 1);
    const changed = update.changedFiles.filter((f) => f.startsWith('assets/img/'));
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.every((f) => f.startsWith('assets/img/blog/lights-')), changed.join()).toBe(true);
    const post = [...preview.outputs.keys()].find((f) => /^blog-details\/\d+\/index\.html$/.test(f) && preview.outputs.get(f)!.includes('A Winter Morning'))!;
    const html = preview.outputs.get(post)!.toString('utf8');
    const avif = /lights-360-(\w+)\.avif/.exec(html)![0];
    expect(preview.outputs.has(`assets/img/blog/${avif}`)).toBe(true);
    expect(first.has(`assets/img/blog/${avif}`)).toBe(false);
  }, 60_000);
});

describe('the preview, a damaged photo', () => {
  // The image stage keeps the last edit's references and puts in place those an edit replaced
  // (ImageStage.run): a problem must be located where the reference is now, not where it was.
  test('is located where its post names it, and follows the line when the post is edited', async () => {
    const [post, photo] = [join(box.content, 'blog/winter-yard.md'), join(box.content, 'images/blog/lights.jpg')];
    const [postText, photoBytes] = [readFileSync(post, 'utf8'), readFileSync(photo)];
    try {
      // The photos are in the cache already (the builds above): nothing is encoded here.
      const preview = new Builder({ root, contentDir: box.content, mode: 'preview', includeDrafts: true, imageCache: { dir: cacheDir, encode: countingEncode } });
      await preview.full();
      writeContent(box.content, 'images/blog/lights.jpg', photoBytes.subarray(0, Math.floor(photoBytes.length / 3)));
      const damaged = await preview.update([photo]);
      expect(damaged.problems.map((p) => `${p.code} ${p.line}`)).toEqual(['image-corrupt 20']);
      box.edit('blog/winter-yard.md', 'The first trucks leave at six.', 'Two lines more.\n\nThe first trucks leave at six.');
      const moved = await preview.update([post]);
      expect(moved.problems.map((p) => `${p.code} ${p.line}`)).toEqual(['image-corrupt 22']);
    } finally {
      writeContent(box.content, 'blog/winter-yard.md', postText);
      writeContent(box.content, 'images/blog/lights.jpg', photoBytes);
    }
  }, 60_000);
});

describe('a photo that cannot be delivered', () => {
  function snapshot(dir: string): Map<string, string> {
    const files = new Map<string, string>();
    const walk = (d: string) => {
      for (const name of readdirSync(d)) {
        const p = join(d, name);
        if (statSync(p).isDirectory()) walk(p);
        else files.set(p.slice(dir.length + 1), readFileSync(p, 'base64'));
      }
    };
    walk(dir);
    return files;
  }

  test('a truncated JPEG and a HEIC are located problems: exit 1, dist/ untouched', async () => {
    const broken = sandbox();
    try {
      const out = join(broken.dir, 'dist');
      const ok = site(['build', '--out', out], broken.dir);
      expect(ok.status, ok.stderr).toBe(0);
      const before = snapshot(out);
      const whole = await phonePhoto({ width: 1600, height: 1200, seed: 11 });
      writeContent(broken.content, 'images/blog/half.jpg', whole.subarray(0, Math.floor(whole.length / 3)));
      writeContent(broken.content, 'images/blog/IMG_0042.heic', Buffer.from('ftypheic'));
      writeContent(broken.content, 'blog/half.md', photoPost({ slug: 'half', id: 902, image: 'images/blog/half.jpg', bodyImage: 'images/blog/IMG_0042.heic' }));
      const result = site(['build', '--out', out], broken.dir);
      expect(result.status).toBe(1);
      const lines = result.stderr.split('\n').filter((l) => /^\s+content\//.test(l)).map((l) => l.trim());
      expect(lines).toEqual([
        expect.stringMatching(/^content\/blog\/half\.md:13:\d+ {2}image: image "images\/blog\/half\.jpg" cannot be decoded \(.+\); the file is damaged/),
        expect.stringMatching(/^content\/blog\/half\.md:20:1 {2}body: image "images\/blog\/IMG_0042\.heic" is in a format the site cannot deliver \(HEIC\)/),
      ]);
      expect(snapshot(out)).toEqual(before);
    } finally {
      broken.remove();
    }
  }, 120_000);
});
