// The files every build writes besides its pages: the build manifest (.site-build.json), the
// sitemap (an index of parts past the protocol's limits), robots.txt and each language's web
// manifest. Each is bytes made from the routes and the model; output/write.ts writes them.
import type { Site } from '../content/model.ts';
import type { Route } from '../render/routes.ts';
import { DEFAULT_LOCALE, localePath, locales, type Locale } from '../content/locales.ts';
import { escapeHtml as xml } from '../../common/html.ts';

/** One output file as the build manifest records it. */
export interface FileDigest {
  bytes: number;
  /** SHA-256 of the bytes, lowercase hex: `site publish` refuses a file whose bytes changed since. */
  sha256: string;
}

export interface BuildManifest {
  generator: string;
  valid: true;
  mode: 'production' | 'preview';
  routes: { path: string; file: string; status: number; title: string; sources: string[]; islands: string[] }[];
  /** Every output file (the manifest itself aside), with its size and content hash. */
  files: Record<string, FileDigest>;
}

/** `digests`: every output file (the manifest itself aside), its length and SHA-256. Keys sorted, so equal builds give equal bytes. */
export function manifestFor(routes: Route[], islands: Map<string, string[]>, digests: Map<string, FileDigest>, mode: BuildManifest['mode'], version: string): Buffer {
  // Written entry by entry, exactly as JSON.stringify(manifest, null, 1) writes it, into pieces
  // of a few dozen KB (TextPieces): a big site's manifest as one text (and its entries' texts
  // joined) would be strings too large for V8's young generation, alive until a full collection
  // at the end of the build, where its peak is. (`files` by hand: an object of a key per file
  // is slower to make.)
  const out = new TextPieces();
  out.add(`{\n "generator": ${JSON.stringify(`site ${version}`)},\n "valid": true,\n "mode": ${JSON.stringify(mode)},\n "routes": [`);
  routes.forEach((r, i) => {
    const entry = { path: r.path, file: r.file, status: r.status, title: r.title, sources: r.sources, islands: islands.get(r.path) ?? [] };
    out.add(`${i ? ',' : ''}\n  ${JSON.stringify(entry, null, 1).replaceAll('\n', '\n  ')}`);
  });
  out.add(routes.length ? '\n ],\n "files": {' : '],\n "files": {');
  const names = [...digests.keys()].sort();
  names.forEach((file, i) => {
    const { bytes, sha256 } = digests.get(file)!;
    out.add(`${i ? ',' : ''}\n  ${JSON.stringify(file)}: {\n   "bytes": ${JSON.stringify(bytes)},\n   "sha256": ${JSON.stringify(sha256)}\n  }`);
  });
  out.add(names.length ? '\n }\n}\n' : '}\n}\n');
  return out.bytes();
}

/**
 * A long text made of many short ones, encoded a few dozen KB at a time: no string of the whole
 * is ever made. A string over ~128 KB is allocated where V8 frees it only in a full collection,
 * and the files that list every page (the build manifest, the sitemap) are tens of MB on a big
 * site, made at the end of a build, where its peak memory is.
 */
export class TextPieces {
  private static readonly PIECE = 64 * 1024;
  private readonly pieces: Buffer[] = [];
  private texts: string[] = [];
  private length = 0;

  add(text: string): void {
    this.texts.push(text);
    this.length += text.length;
    if (this.length >= TextPieces.PIECE) this.encode();
  }

  bytes(): Buffer {
    this.encode();
    return Buffer.concat(this.pieces);
  }

  private encode(): void {
    if (!this.texts.length) return;
    this.pieces.push(Buffer.from(this.texts.join('')));
    this.texts = [];
    this.length = 0;
  }
}


/**
 * The sitemap protocol's bounds for one file (sitemaps.org): 50,000 URLs and 50 MB (52,428,800
 * bytes) uncompressed. Search engines refuse a sitemap past either, and a bilingual site passes
 * 50,000 URLs at 25,000 posts.
 */
export const SITEMAP_LIMITS = { urls: 50_000, bytes: 52_428_800 };

/** A part of a sitemap too big for one file: sitemap-1.xml, sitemap-2.xml… */
export const isSitemapPart = (file: string): boolean => /^sitemap-[1-9][0-9]*\.xml$/.test(file);

/**
 * Every page in every language, each with its language versions as xhtml:link alternates
 * (itself included, and x-default: the English page), so search engines pair them.
 */
export function sitemap(site: Site, routes: Route[]): Buffer {
  return sitemaps(site, routes).get('sitemap.xml')!;
}

/**
 * The sitemap's files: `sitemap.xml` alone while every page fits the protocol's bounds (`limits`),
 * else `sitemap.xml` is a sitemap index naming `sitemap-1.xml`, `sitemap-2.xml`… (pages in the
 * routes' order), each within the bounds, with the newest `lastmod` of its pages. robots.txt
 * names `sitemap.xml` either way.
 */
export function sitemaps(site: Site, routes: Route[], limits = SITEMAP_LIMITS): Map<string, Buffer> {
  const listed = routes.filter((r) => r.sitemap && r.status === 200);
  const byKey = new Map<string, Route[]>();
  for (const r of listed) {
    const versions = byKey.get(r.key);
    if (versions) versions.push(r);
    else byKey.set(r.key, [r]);
  }
  const url = (path: string) => xml(site.config.url + path);
  const head = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';
  const foot = '</urlset>\n';
  // In pieces (TextPieces): a big site's sitemap is too long for one string.
  interface Part { out: TextPieces; urls: number; bytes: number; lastmod?: string }
  const parts: Part[] = [];
  const open = (): Part => {
    const out = new TextPieces();
    out.add(head);
    const part = { out, urls: 0, bytes: Buffer.byteLength(head) + foot.length };
    parts.push(part);
    return part;
  };
  let part = open();
  if (!listed.length) part.out.add('\n');
  for (const r of listed) {
    const versions = byKey.get(r.key)!;
    const links = versions.length > 1
      ? [...versions.map((v) => `<xhtml:link rel="alternate" hreflang="${locales[v.locale].tag}" href="${url(v.path)}"/>`),
        `<xhtml:link rel="alternate" hreflang="x-default" href="${url(r.alternates[0]!.path)}"/>`].join('')
      : '';
    const entry = `<url><loc>${url(r.path)}</loc>${r.lastmod ? `<lastmod>${r.lastmod}</lastmod>` : ''}${links}</url>\n`;
    const size = Buffer.byteLength(entry);
    if (part.urls > 0 && (part.urls >= limits.urls || part.bytes + size > limits.bytes)) part = open();
    part.out.add(entry);
    part.urls++;
    part.bytes += size;
    if (r.lastmod && (!part.lastmod || r.lastmod > part.lastmod)) part.lastmod = r.lastmod;
  }
  for (const p of parts) p.out.add(foot);
  if (parts.length === 1) return new Map([['sitemap.xml', parts[0]!.out.bytes()]]);
  const files = new Map<string, Buffer>();
  const index = parts.map((p, i) => `<sitemap><loc>${url(`/sitemap-${i + 1}.xml`)}</loc>${p.lastmod ? `<lastmod>${p.lastmod}</lastmod>` : ''}</sitemap>\n`);
  files.set('sitemap.xml', Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${index.join('')}</sitemapindex>\n`));
  parts.forEach((p, i) => files.set(`sitemap-${i + 1}.xml`, p.out.bytes()));
  return files;
}

export function robots(site: Site): Buffer {
  return Buffer.from(`User-agent: *\nAllow: /\n\nSitemap: ${site.config.url}/sitemap.xml\n`);
}

/** The web app manifest of one language: /manifest.webmanifest, /fr/manifest.webmanifest (its name, language and start page). */
export function webManifest(site: Site, icon: string, locale: Locale = DEFAULT_LOCALE): Buffer {
  const manifest = {
    name: site.config.legalName,
    short_name: site.config.brand,
    // site.yaml is shared: another language describes itself with its home page's description.
    description: locale === DEFAULT_LOCALE ? site.config.description : site.pages.home.description,
    lang: locales[locale].tag,
    start_url: localePath('/', locale),
    display: 'browser',
    background_color: '#ffffff',
    theme_color: site.config.themeColor ?? '#0B1F33',
    icons: [{ src: icon, sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
  };
  return Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
}

/** Where each language's manifest is. */
export const manifestPath = (locale: Locale) => localePath('/manifest.webmanifest', locale);
