// The sitemap within the protocol's bounds (generator/output/write.ts, sitemaps): past 50,000 URLs or
// 50 MB a file, sitemap.xml becomes a sitemap index of parts, each within both, listing every
// page once in the same order; the preview's deferred sitemap (refresh) follows a site that
// crosses a bound, adding and removing parts as a full build would.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { join } from 'node:path';
import { rmSync } from 'node:fs';
import { Builder } from '../../../generator/build/build.ts';
import { loadAll } from '../../../generator/content/load.ts';
import { MANIFEST } from '../../../generator/output/write.ts';
import { SITEMAP_LIMITS, sitemap, sitemaps } from '../../../generator/output/site-files.ts';
import type { Route } from '../../../generator/render/routes.ts';
import type { Site } from '../../../generator/content/model.ts';
import { contentDir, root, sandbox, type Sandbox } from '../../helpers.ts';
import { builtLanguages } from '../../languages-helpers.ts';

let en: Site;
let routes: Route[];
beforeAll(() => {
  const result = builtLanguages(loadAll(contentDir));
  en = result.sites.en!;
  routes = result.routes;
});

const urls = (xml: Buffer | undefined) => [...(xml?.toString('utf8') ?? '').matchAll(/<url>.*?<\/url>/g)].map((m) => m[0]);

describe('sitemaps', () => {
  test('a site within the bounds has one sitemap.xml, a urlset', () => {
    const files = sitemaps(en, routes);
    expect([...files.keys()]).toEqual(['sitemap.xml']);
    expect(files.get('sitemap.xml')!.toString()).toContain('<urlset ');
    expect(SITEMAP_LIMITS).toEqual({ urls: 50_000, bytes: 52_428_800 });
  });

  test('past the URL bound, sitemap.xml is an index of parts holding every page once, in order, each within the bound and dated by its newest page', () => {
    const whole = urls(sitemap(en, routes));
    expect(whole.length).toBeGreaterThan(40);
    const files = sitemaps(en, routes, { urls: 10, bytes: SITEMAP_LIMITS.bytes });
    const parts = Math.ceil(whole.length / 10);
    expect([...files.keys()]).toEqual(['sitemap.xml', ...Array.from({ length: parts }, (_, i) => `sitemap-${i + 1}.xml`)]);
    const index = files.get('sitemap.xml')!.toString();
    expect(index).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">\n/);
    const named = [...index.matchAll(/<sitemap><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/sitemap>/g)];
    expect(named.map((m) => m[1])).toEqual(Array.from({ length: parts }, (_, i) => `${en.config.url}/sitemap-${i + 1}.xml`));
    const listed: string[] = [];
    named.forEach((m, i) => {
      const part = files.get(`sitemap-${i + 1}.xml`)!;
      const entries = urls(part);
      expect(entries.length).toBeLessThanOrEqual(10);
      expect(part.toString()).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
      const dates = entries.map((e) => /<lastmod>([^<]+)</.exec(e)?.[1]).filter(Boolean).sort();
      expect(m[2]).toBe(dates.at(-1));
      listed.push(...entries);
    });
    expect(listed).toEqual(whole);
  });

  test('past the byte bound likewise: every part, head and end included, within it', () => {
    const whole = urls(sitemap(en, routes));
    const bytes = 3000;
    const files = sitemaps(en, routes, { urls: SITEMAP_LIMITS.urls, bytes });
    expect(files.size).toBeGreaterThan(3);
    const parts = [...files].filter(([file]) => file !== 'sitemap.xml');
    for (const [file, part] of parts) expect(part.length, file).toBeLessThanOrEqual(bytes);
    expect(parts.flatMap(([, part]) => urls(part))).toEqual(whole);
  });
});

describe('the preview follows a sitemap across a bound', () => {
  let box: Sandbox;
  let builder: Builder;
  let limits: { urls: number; bytes: number };
  const options = (content: string) => ({ root, contentDir: content, mode: 'preview' as const, includeDrafts: true, sitemapLimits: limits });
  beforeAll(async () => {
    box = sandbox();
    // Exactly one file's worth of URLs: one more post (two pages, English and French) passes it.
    const first = new Builder({ root, contentDir: box.content, mode: 'preview', includeDrafts: true });
    await first.full();
    limits = { urls: urls(first.outputs.get('sitemap.xml')).length, bytes: SITEMAP_LIMITS.bytes };
    builder = new Builder(options(box.content));
    await builder.full();
  }, 60_000);
  afterAll(() => box.remove());

  test('a new post makes sitemap.xml an index of two parts, a deleted one makes it one file again, as a full build does', async () => {
    expect([...builder.outputs.keys()].filter((f) => f.startsWith('sitemap'))).toEqual(['sitemap.xml']);
    const post = box.read('blog/adas-driver-safety-programs.md').replace('id: 8\n', 'id: 9108\n').replace(/^title: .*$/m, 'title: "Sitemap bound probe"');
    box.write('blog/sitemap-bound-probe.md', post);
    const added = await builder.update([join(box.content, 'blog/sitemap-bound-probe.md')]);
    expect(added.problems).toEqual([]);
    // Left as they were until edits pause; then made as a full build makes them.
    expect(builder.isStale('sitemap.xml')).toBe(true);
    expect(builder.isStale('sitemap-2.xml')).toBe(true);
    const grown = builder.refresh();
    expect([...grown.made.keys()].filter((f) => f.startsWith('sitemap')).sort()).toEqual(['sitemap-1.xml', 'sitemap-2.xml', 'sitemap.xml']);
    expect(grown.made.has(MANIFEST)).toBe(true);
    expect(grown.removed).toEqual([]);
    const full = await new Builder(options(box.content)).full();
    for (const file of ['sitemap.xml', 'sitemap-1.xml', 'sitemap-2.xml', MANIFEST]) expect(builder.outputs.get(file)?.equals(full.get(file)!), file).toBe(true);

    rmSync(join(box.content, 'blog/sitemap-bound-probe.md'));
    const gone = await builder.update([join(box.content, 'blog/sitemap-bound-probe.md')]);
    expect(gone.problems).toEqual([]);
    const shrunk = builder.refresh();
    expect(shrunk.removed.sort()).toEqual(['sitemap-1.xml', 'sitemap-2.xml']);
    expect([...builder.outputs.keys()].filter((f) => f.startsWith('sitemap'))).toEqual(['sitemap.xml']);
    const again = await new Builder(options(box.content)).full();
    for (const file of ['sitemap.xml', MANIFEST]) expect(builder.outputs.get(file)?.equals(again.get(file)!), file).toBe(true);
  }, 60_000);
});
