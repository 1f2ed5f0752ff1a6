// Site → Route[]: every page the build writes, with its template, props, head data and
// the content it is built from. The route table of the spec lives here as data.
import type { CollectionName, PageKey } from '../content/collections.ts';
import type { LegalDoc, Post, Site, Solution } from '../content/model.ts';
import { allLocales, DEFAULT_LOCALE, localePath, locales, pathLocale, type Locale } from '../content/locales.ts';
import { editMap, mapAlike, remembered, type Mapped } from '../speed/memo.ts';

/** What each template receives as props: the item it shows (the site model comes through context). */
export interface TemplateProps {
  Home: {}; SolutionsIndex: {}; Solution: { solution: Solution }; BlogList: {}; BlogPost: { post: Post };
  Partnership: {}; Leadership: {}; Career: {}; ContactUs: {}; GetStarted: {}; Legal: { doc: LegalDoc };
  Faqs: {}; ComingSoon: {}; Thanks: {}; NotFound: {};
}

export type TemplateName = keyof TemplateProps;

/** A route's props: those of its template (buildRoutes pairs them). */
export type RouteProps = Partial<TemplateProps['Solution'] & TemplateProps['BlogPost'] & TemplateProps['Legal']>;

/** A page's version in one language. */
export interface Alternate {
  locale: Locale;
  /** BCP 47 tag: hreflang, lang. */
  tag: string;
  path: string;
}

/** What a page's head says about its card. */
export interface SocialCard {
  /** Site-relative URL: /assets/cards/solutions-adas-<hash>.png. */
  src: string;
  width: number;
  height: number;
  type: 'image/png' | 'image/jpeg';
  /** The page's own image's alt text; a generated card is described by the page's title. */
  alt?: string;
}

export interface Route {
  /** URL path as visitors type it, e.g. /solutions/adas or /fr/solutions/adas. */
  path: string;
  /** The page's language. */
  locale: Locale;
  /** The English path this page is a version of (the same for every language): /solutions/adas. */
  key: string;
  /** This page in every language of the site, itself included, the default language first. */
  alternates: Alternate[];
  /**
   * Shown in English on a page of another language: its own copy (post, solution, legal text or
   * page copy) has no translation yet. The page says so and marks that part lang="en-CA".
   */
  untranslated: boolean;
  /** Output file relative to dist/, from permalink(). */
  file: string;
  template: TemplateName;
  status: 200 | 404;
  /** Section name: the title is '{brand} | {title}'. */
  title: string;
  description: string;
  /** The template's props: the item the page shows (the site model comes through context). */
  props: RouteProps;
  /** Page-copy key in content/pages, if the route has one. */
  page?: PageKey;
  /** Content files this route is built from (display paths). */
  sources: string[];
  /** Collections this route lists: any change in them re-renders it. */
  deps: CollectionName[];
  sitemap: boolean;
  lastmod?: string;
  ogType: 'website' | 'article';
  /** The page's own picture for when it is shared (its `socialImage`); the build draws a card when absent. */
  socialImage?: { image: string; alt: string };
  /** The part of the site the page belongs to (ui.yaml cardSections), shown on its social card. */
  section?: string;
  /** Its social card, once generator/assets/cards.ts has planned it. */
  card?: SocialCard;
}

/** Which part of the site (ui.yaml cardSections) each template's pages are in; the others are in none. */
const cardSection: Partial<Record<TemplateName, keyof Site['ui']['cardSections']>> = {
  Solution: 'solutions', BlogPost: 'blog', Partnership: 'company', Leadership: 'company', Career: 'company',
  ContactUs: 'company', GetStarted: 'company', Faqs: 'resources', Legal: 'legal',
};

/**
 * The one route → file rule: the English path of a route and a language give the file the
 * page is written to. /solutions/adas → solutions/adas/index.html (fr: fr/solutions/adas/index.html);
 * / → index.html (fr: fr/index.html); /404 → 404.html (fr: fr/404.html), the files the hosts
 * serve with status 404 (functions/url-rule/index.js, generator/preview/url-rule.ts).
 */
export function permalink(path: string, locale: Locale = DEFAULT_LOCALE): string {
  const url = localePath(path, locale);
  if (path === '/404') return `${url.slice(1)}.html`;
  if (url === '/') return 'index.html';
  return `${url.replace(/^\/|\/$/g, '')}/index.html`;
}

/** A route's URL in each of the site's languages (see `permalink` for its file). */
function alternatesOf(path: string, available: readonly Locale[]): Alternate[] {
  return allLocales.filter((l) => available.includes(l)).map((locale) => ({ locale, tag: locales[locale].tag, path: localePath(path, locale) }));
}

export const blogPath = (id: number) => `/blog-details/${id}`;

interface StaticRoute { path: string; template: TemplateName; page?: PageKey; legal?: string; deps?: CollectionName[]; status?: 404; sitemap?: false }

/** The site's route table, except the per-item routes made from collections below. */
export const staticRoutes: StaticRoute[] = [
  { path: '/', template: 'Home', page: 'home', deps: ['solutions', 'blog', 'industries', 'benefits', 'fleetFeatures', 'testimonials'] },
  { path: '/solutions', template: 'SolutionsIndex', page: 'solutions', deps: ['solutions', 'testimonials'] },
  { path: '/blogs', template: 'BlogList', page: 'blogs', deps: ['blog', 'categories'] },
  { path: '/partnership', template: 'Partnership', page: 'partnership', deps: ['ecosystem'] },
  { path: '/leadership', template: 'Leadership', page: 'leadership', deps: ['team'] },
  { path: '/career', template: 'Career', page: 'career', deps: ['jobs'] },
  { path: '/contact-us', template: 'ContactUs', page: 'contact-us', deps: ['blog'] },
  { path: '/get-started', template: 'GetStarted', page: 'get-started' },
  { path: '/terms-conditions', template: 'Legal', legal: 'terms-conditions' },
  { path: '/privacy-policies', template: 'Legal', legal: 'privacy-policies' },
  { path: '/faqs', template: 'Faqs', page: 'faqs', deps: ['faqs'] },
  { path: '/coming-soon', template: 'ComingSoon', page: 'coming-soon' },
  { path: '/Thanks', template: 'Thanks', page: 'thanks', sitemap: false },
  { path: '/404', template: 'NotFound', page: 'not-found', status: 404, sitemap: false },
];

/** Page-copy files the static routes need. */
export function pageKeysNeeded(): PageKey[] {
  return staticRoutes.flatMap((r) => (r.page ? [r.page] : []));
}

/** What a link may point to besides the static routes: each solution's path and each post's id. */
export interface LinkTargets { solutionPaths: string[]; postIds: number[] }

/** Every path a link may point to. Cheap: validation runs it before the Site exists. */
export function routePaths(targets: LinkTargets): string[] {
  return [...staticRoutes.map((r) => r.path), ...targets.solutionPaths, ...targets.postIds.map(blogPath)];
}

/**
 * The routes of one language, for a site in the `available` languages. `untranslated` names the items shown in English because they have
 * no translation yet, as collection/slug (blog/eld-mandate; validate.ts, TranslatedSite).
 */
export function buildRoutes(site: Site, locale: Locale = DEFAULT_LOCALE, untranslated: ReadonlySet<string> = new Set(), available: readonly Locale[] = [DEFAULT_LOCALE]): Route[] {
  const f = site.files;
  const routes: Route[] = [];
  // Every route is built with its English path; this adds its language's URL, file and alternates.
  const at = (key: string, source: string | undefined, template: TemplateName) => ({
    path: localePath(key, locale), key, locale, file: permalink(key, locale), alternates: alternatesOf(key, available),
    untranslated: locale !== DEFAULT_LOCALE && source !== undefined && untranslated.has(source),
    template, section: cardSection[template] && site.ui.cardSections[cardSection[template]],
  });
  for (const r of staticRoutes) {
    if (r.legal) {
      const doc = site.legal[r.legal];
      if (!doc) continue;
      routes.push({
        ...at(r.path, `legal/${r.legal}`, r.template), status: 200, title: doc.title,
        description: doc.description, props: { doc }, sources: [f.legal?.[r.legal] ?? ''], deps: [],
        sitemap: true, lastmod: doc.lastUpdated, ogType: 'website', socialImage: doc.socialImage,
      });
      continue;
    }
    if (!r.page) continue;
    const copy = site.pages[r.page];
    routes.push({
      ...at(r.path, `pages/${r.page}`, r.template), status: r.status ?? 200,
      title: copy.title, description: copy.description, props: {}, page: r.page,
      sources: [f.pages?.[r.page] ?? ''], deps: r.deps ?? [], sitemap: r.sitemap ?? true, ogType: 'website',
      socialImage: copy.socialImage,
    });
  }
  for (const solution of site.solutions) {
    routes.push({
      ...at(pathLocale(solution.path).path, `solutions/${solution.slug}`, 'Solution'), status: 200,
      title: solution.title, description: solution.description, props: { solution },
      sources: [f.solutions?.[solution.slug] ?? ''], deps: ['blog'], sitemap: true, ogType: 'website',
      socialImage: solution.socialImage,
    });
  }
  const languages = available.join();
  const section = cardSection.BlogPost && site.ui.cardSections[cardSection.BlogPost];
  // The last table's post routes of this language, when what every post route is made from
  // besides its post is the same (the same file index, language list, section and untranslated
  // items): a post at the place it had keeps its route without a lookup (memo.ts).
  const last = lastPostRoutes.get(locale);
  const same = last && last.files === f.blog && last.languages === languages && last.section === section && (last.untranslated === untranslated || (!last.untranslated.size && !untranslated.size));
  const mapped = mapAlike(site.posts, same ? last.mapped : undefined, (post) => postRoute(post));
  lastPostRoutes.set(locale, { files: f.blog, languages, section, untranslated, mapped });
  for (const route of mapped.to) routes.push(route);
  return routes;

  function postRoute(post: Post): Route {
    const item = `blog/${post.slug}`;
    return postRouteOf(post, locale, languages, untranslated.has(item), section, f.blog?.[post.slug] ?? '', at);
  }
}

/**
 * A post's route, remembered per post object (transform.ts hands an unchanged post on as the
 * same object) with what else it is made from: the preview builds the route table on every
 * edit, and would otherwise make every post's routes again. The card stage sets its `card`
 * again on every plan.
 */
const postRouteOf = remembered(
  (post: Post, _locale: Locale, _languages: string, _untranslated: boolean, _section: string | undefined, source: string, at: (key: string, source: string | undefined, template: TemplateName) => Pick<Route, 'path' | 'key' | 'locale' | 'file' | 'alternates' | 'untranslated' | 'template' | 'section'>): Route => ({
    ...at(blogPath(post.id), `blog/${post.slug}`, 'BlogPost'), status: 200, title: post.title,
    description: post.description ?? post.subheading, props: { post }, sources: [source],
    deps: [], sitemap: !post.draft, lastmod: post.updated ?? post.date, ogType: 'article',
    socialImage: post.socialImage,
  }),
  (locale, languages, untranslated, section, source) => [locale, languages, untranslated, section, source],
);

const lastPostRoutes = editMap<Locale, { files: Record<string, string> | undefined; languages: string; section: string | undefined; untranslated: ReadonlySet<string>; mapped: Mapped<Post, Route> }>();

