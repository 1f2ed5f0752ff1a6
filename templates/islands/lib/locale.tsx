// The page's language inside an island. Island.tsx gives every island on a translated page
// a `locale` prop (and nothing on English pages, whose markup stays as it was); these helpers
// turn it into what an island writes and sends. A prop, not document.documentElement.lang: the
// server renders islands too (their markup must be French for hydration to match and for
// visitors without JavaScript), and render.ts caches an island's markup by its props.
// Pure modules only: generator/content/locales.ts and generator/transform/format.ts use no Node API.
import { localizeHref, locales } from '../../../generator/content/locales.ts';
import { fillNumbers } from '../../../generator/transform/format.ts';
import type { Locale } from '../../../common/lead/rules.ts';

export type { Locale };

/** What every island receives besides its own props: the page's language, absent on English pages. */
export interface LocaleProp { locale?: Locale }

/** The BCP 47 tag numbers are formatted with: 'en-CA', 'fr-CA' (never bare 'fr', which is France's spacing). */
export function tagOf(locale: Locale = 'en'): string {
  return locales[locale].tag;
}

/** A page of the site in `locale` (/Thanks → /fr/Thanks; a path already French stays); other links unchanged. */
export function pageIn(href: string, locale: Locale = 'en'): string {
  return localizeHref(href, locale);
}

/** `template` with each {name} of `values` as a number written in `locale` ("Page 2 de 1 334"). */
export function fillCounts(template: string, values: Readonly<Record<string, number>>, locale: Locale = 'en'): string {
  return fillNumbers(template, values, tagOf(locale));
}

/**
 * What separates a label from the name it introduces, for screen readers ("Apply: UX Designer").
 * Typography, like the number formats: French puts a no-break space before the colon.
 */
export function colon(locale: Locale = 'en'): string {
  return locale === 'fr' ? '\u00a0: ' : ': ';
}

/** The lead's language as the lead function reads it (`locale`); English is its default, so an English lead says nothing. */
export function leadLocale(locale: Locale | undefined): Record<string, string> {
  return locale && locale !== 'en' ? { locale } : {};
}

/** The hidden field that tells the lead function a plain (no-JavaScript) post is French; none on English pages. */
export function LocaleInput({ locale }: LocaleProp) {
  return locale && locale !== 'en' ? <input type="hidden" name="locale" value={locale} /> : null;
}
