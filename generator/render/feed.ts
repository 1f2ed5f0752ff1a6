// The blog's RSS 2.0 feed (/feed.xml) and the search index (/search-index.json) that the
// article sidebar's search box loads. Both are plain functions of the site model.
import type { Site } from '../content/model.ts';
import { locales, localePath, DEFAULT_LOCALE, type Locale } from '../content/locales.ts';
import { escapeHtml as xml } from '../../common/html.ts';

/** One post in /search-index.json: what the sidebar's search island searches (templates/islands/lib/search.ts). */
export interface SearchEntry { id: number; url: string; title: string; subheading: string; tags: string[]; category: string }

const cdata = (s: string) => `<![CDATA[${s.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;
const rfc822 = (iso: string) => new Date(`${iso}T12:00:00Z`).toUTCString();

export const FEED_PATH = '/feed.xml';
export const SEARCH_INDEX_PATH = '/search-index.json';

/** Each language has its feed and its search index: /feed.xml, /fr/feed.xml. */
export const feedPath = (locale: Locale) => localePath(FEED_PATH, locale);
export const searchIndexPath = (locale: Locale) => localePath(SEARCH_INDEX_PATH, locale);
/**
 * The whole blog list of a language, for the list island (templates/islands/BlogList.tsx) when
 * the list page holds only the newest posts: /blog-list.json, /fr/blog-list.json.
 */
export const blogListPath = (locale: Locale) => localePath('/blog-list.json', locale);

/** Feed readers show recent items; older posts stay on the site and in the sitemap. */
export const FEED_ITEMS = 20;

/** The feed of one language's model: its posts (translated or, until they are, in English) at that language's URLs. */
export function feed(site: Site, locale: Locale = DEFAULT_LOCALE): Buffer {
  const copy = site.pages.blogs.sections.feed;
  const base = site.config.url;
  const posts = site.posts.filter((p) => !p.draft).slice(0, FEED_ITEMS);
  const items = posts.map((post) => {
    const url = `${base}${post.path}`;
    const category = site.categories.find((c) => c.slug === post.category)?.name ?? post.category;
    return [
      '<item>',
      `<title>${xml(post.title)}</title>`,
      `<link>${xml(url)}</link>`,
      `<guid isPermaLink="true">${xml(url)}</guid>`,
      `<pubDate>${rfc822(post.date)}</pubDate>`,
      `<category>${xml(category)}</category>`,
      `<author>${xml(`${site.config.email} (${post.author.name})`)}</author>`,
      `<description>${xml(post.description ?? post.subheading)}</description>`,
      `<content:encoded>${cdata(post.body.html)}</content:encoded>`,
      '</item>',
    ].join('');
  });
  const latest = posts[0]?.updated ?? posts[0]?.date;
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">\n<channel>` +
      `<title>${xml(copy.title)}</title><link>${xml(`${base}${localePath('/blogs', locale)}`)}</link>` +
      `<description>${xml(copy.description)}</description><language>${locales[locale].tag.toLowerCase()}</language>` +
      (latest ? `<lastBuildDate>${rfc822(latest)}</lastBuildDate>` : '') +
      `<atom:link href="${xml(base + feedPath(locale))}" rel="self" type="application/rss+xml"/>\n${items.join('\n')}\n</channel>\n</rss>\n`,
  );
}

/** What the search box searches: titles, subheadings and tags of every published post. */
export function searchIndex(site: Site): SearchEntry[] {
  return site.posts.filter((p) => !p.draft).map((p) => ({
    id: p.id,
    url: p.path,
    title: p.title,
    subheading: p.subheading,
    tags: p.tags,
    category: site.categories.find((c) => c.slug === p.category)?.name ?? p.category,
  }));
}
