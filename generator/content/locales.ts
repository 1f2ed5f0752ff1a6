// The site's languages, as data. English is the default and lives at the root of content/ and of
// the site; every other language mirrors the English tree under its own folder (content/fr/blog/x.md
// translates content/blog/x.md) and is served under its URL prefix. A language is a dimension of
// the model, not a copy of the site: adding one is an entry here plus its folder of copy.

export interface LocaleDef {
  /** BCP 47 tag: <html lang>, number and date formats. */
  tag: string;
  /** The language a page falls back to when it has no translation; exactly one. */
  default: boolean;
  /** Folder of its copy, relative to content/ ('' for the default: content/ itself). */
  contentRoot: string;
  /** What its URLs start with ('' for the default). */
  urlPrefix: string;
}

export const locales = {
  en: { tag: 'en-CA', default: true, contentRoot: '', urlPrefix: '' },
  fr: { tag: 'fr-CA', default: false, contentRoot: 'fr', urlPrefix: '/fr' },
} as const satisfies Record<string, LocaleDef>;

export type Locale = keyof typeof locales;

/** The default language: the one the other languages translate. */
export const DEFAULT_LOCALE = 'en' satisfies Locale;

/** Every language but the default, in a stable order: the ones with a folder of translations. */
export const translatedLocales: readonly Exclude<Locale, typeof DEFAULT_LOCALE>[] = ['fr'];

/**
 * The language of a content-relative path and the path inside that language's tree:
 * fr/blog/x.md → { locale: 'fr', rel: 'blog/x.md' }; blog/x.md → { locale: 'en', rel: 'blog/x.md' }.
 */
export function splitLocale(relPath: string): { locale: Locale; rel: string } {
  for (const locale of translatedLocales) {
    const root = `${locales[locale].contentRoot}/`;
    if (relPath.startsWith(root)) return { locale, rel: relPath.slice(root.length) };
  }
  return { locale: DEFAULT_LOCALE, rel: relPath };
}

/** The content-relative path of `rel` (a path inside a language's tree) in `locale`'s tree. */
export function inLocale(locale: Locale, rel: string): string {
  const root = locales[locale].contentRoot;
  return root ? `${root}/${rel}` : rel;
}

/** A language other than the default. */
export type TranslatedLocale = (typeof translatedLocales)[number];

/**
 * A route's URL in `locale`: the English path under the language's prefix. / → /fr,
 * /solutions/eld → /fr/solutions/eld. Query and hash are kept (/blogs?category=x → /fr/blogs?category=x).
 */
export function localePath(path: string, locale: Locale): string {
  const prefix = locales[locale].urlPrefix;
  if (!prefix) return path;
  if (path === '/') return prefix;
  if (path.startsWith('/?') || path.startsWith('/#')) return prefix + path.slice(1);
  return prefix + path;
}

/** A URL path's language and the English path it is the counterpart of: /fr/blogs → { fr, /blogs }; /fr → { fr, / }. */
export function pathLocale(path: string): { locale: Locale; path: string } {
  for (const locale of translatedLocales) {
    const prefix = locales[locale].urlPrefix;
    if (path === prefix) return { locale, path: '/' };
    if (path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`) || path.startsWith(`${prefix}#`)) {
      const rest = path.slice(prefix.length);
      return { locale, path: rest.startsWith('/') ? rest : `/${rest}` };
    }
  }
  return { locale: DEFAULT_LOCALE, path };
}

/**
 * Whether a link target is a page of this site that has a counterpart in every language: a
 * root-relative path (not `//host`) whose last segment has no extension, the site's URL rule
 * for "a page" (functions/url-rule/index.js). /solutions/eld, /blogs?category=x and / are
 * pages; /feed.xml, /assets/… and https://… are not.
 */
export function isPagePath(href: string): boolean {
  if (!href.startsWith('/') || href.startsWith('//') || href.startsWith('/\\')) return false;
  const path = href.replace(/[?#].*$/, '');
  const last = path.split('/').pop() ?? '';
  return !last.includes('.');
}

/** A link as it appears on a page in `locale`: a page of the site goes to its counterpart; anything else is unchanged. */
export function localizeHref(href: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE || !isPagePath(href)) return href;
  // Already in a language (an author who wrote /fr/… by hand): left as written.
  if (pathLocale(href).locale !== DEFAULT_LOCALE) return href;
  return localePath(href, locale);
}

/** Every language, default first. */
export const allLocales: readonly Locale[] = [DEFAULT_LOCALE, ...translatedLocales];
