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
