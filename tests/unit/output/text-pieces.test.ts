// The files that list every page (the build manifest, the sitemap) are made in pieces, never as
// one text (generator/output/write.ts, TextPieces): the bytes must be those of the one text, whatever
// falls on a piece's edge.
import { describe, expect, test } from 'vitest';
import { manifestFor, TextPieces, type BuildManifest, type FileDigest } from '../../../generator/output/site-files.ts';
import type { Route } from '../../../generator/render/routes.ts';

describe('TextPieces', () => {
  test('gives the bytes of the texts joined, with multi-byte characters across many pieces', () => {
    const texts = Array.from({ length: 20_000 }, (_, i) => `${i}: « é » 🚚 \u2028 ${'x'.repeat(i % 97)}\n`);
    const pieces = new TextPieces();
    for (const text of texts) pieces.add(text);
    const bytes = pieces.bytes();
    expect(bytes.length).toBeGreaterThan(10 * 64 * 1024);
    expect(bytes.equals(Buffer.from(texts.join('')))).toBe(true);
  });

  test('gives nothing for nothing, and one text as it is', () => {
    expect(new TextPieces().bytes().length).toBe(0);
    const one = new TextPieces();
    one.add('ok');
    expect(one.bytes().toString()).toBe('ok');
  });
});

describe('the build manifest, written entry by entry', () => {
  const route = (i: number): Route => ({
    path: `/blog-details/${i}`, file: `blog-details/${i}/index.html`, status: 200,
    title: `Post ${i}: "quotes", </script>, é, \u2028 and 🚚`, sources: i % 3 ? [`content/blog/post-${i}.md`] : [],
  }) as unknown as Route;
  /** What JSON.stringify(manifest, null, 1) writes: the bytes the manifest has always had. */
  const expected = (routes: Route[], islands: Map<string, string[]>, digests: Map<string, FileDigest>) => {
    const manifest: BuildManifest = {
      generator: 'site 9.9.9', valid: true, mode: 'production',
      routes: routes.map((r) => ({ path: r.path, file: r.file, status: r.status, title: r.title, sources: r.sources, islands: islands.get(r.path) ?? [] })),
      files: Object.fromEntries([...digests].sort(([a], [b]) => (a < b ? -1 : 1))),
    };
    return Buffer.from(`${JSON.stringify(manifest, null, 1)}\n`);
  };

  test.each([
    ['no route and no file', 0, 0],
    ['routes and no file', 3, 0],
    ['files and no route', 0, 3],
    ['thousands of both, over many pieces', 3000, 6000],
  ])('is what JSON.stringify writes: %s', (_, routeCount, fileCount) => {
    const routes = Array.from({ length: routeCount }, (_, i) => route(i));
    const islands = new Map(routes.filter((_, i) => i % 2).map((r) => [r.path, ['BlogSearch', 'LeadForm']]));
    const digests = new Map<string, FileDigest>(Array.from({ length: fileCount }, (_, i) => [`assets/${(fileCount - i).toString(36)}/é-${i}.html`, { bytes: i * 7, sha256: i.toString(16).padStart(64, '0') }]));
    const bytes = manifestFor(routes, islands, digests, 'production', '9.9.9');
    expect(bytes.toString()).toBe(expected(routes, islands, digests).toString());
    expect(JSON.parse(bytes.toString()).routes).toHaveLength(routeCount);
  });
});
