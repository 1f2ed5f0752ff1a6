// Numbers and dates as a page's language writes them, for both sites (en-CA and fr-CA).
// Pure and free of Node APIs, so a template, the generator and an island in the browser can all
// use it. ICU does the work; this module only adds what ICU leaves out (the French "1er", ranges
// and "N+" as the site writes them) and keeps English byte-identical to what the site showed
// before it existed: tests/unit/transform/format.test.ts pins that against the shipped content.
//
// French (Canada), as Node 24's ICU writes it: groups of three split by a no-break space U+00A0
// ("4 000"), a decimal comma ("4,5"), a no-break space before "%" ("98 %"), months in lower case
// ("24 mars 2024"). `locale` is always a full BCP 47 tag (locales.ts `tag`: 'fr-CA'), never the
// bare language: 'fr' is France's conventions, with a narrow no-break space U+202F in "4 000".
import { addressLines, addressText, type PostalAddress } from './address.ts';

/** How a date is spelled: `long` "March 24, 2024" / "24 mars 2024", `medium` "Mar 24, 2024" / "24 mars 2024", `short` "2024-03-24". */
export type DateStyle = 'long' | 'medium' | 'short';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

// Formatters are costly to build and dates repeat on every card: one formatter per locale and
// style, one string per date.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const dates = new Map<string, string>();

// And one string per number: pages show the same few numbers (read times, counts) thousands of
// times, and ICU's format() is slow for that. Bounded, as any number may come.
const numbers = new Map<string, Map<number, string>>();
const NUMBERS_KEPT = 4096;

/** `n` in `locale`: 4000 → "4,000" (en-CA), "4 000" (fr-CA); 4.5 → "4.5", "4,5". */
export function formatNumber(n: number, locale: string): string {
  let known = numbers.get(locale);
  if (!known) numbers.set(locale, (known = new Map()));
  let text = known.get(n);
  if (text !== undefined) return text;
  let format = numberFormats.get(locale);
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(locale)));
  text = format.format(n);
  if (known.size < NUMBERS_KEPT) known.set(n, text);
  return text;
}

const percentFormats = new Map<string, Intl.NumberFormat>();

/** `n` percent (98, not 0.98, as content stores it): "98%" (en-CA), "98 %" (fr-CA). */
export function formatPercent(n: number, locale: string): string {
  let format = percentFormats.get(locale);
  // unit: percent takes the figure as written; style: percent would multiply by 100 first.
  if (!format) percentFormats.set(locale, (format = new Intl.NumberFormat(locale, { style: 'unit', unit: 'percent' })));
  return format.format(n);
}

/**
 * From `a` to `b`, as the site's choices write a range: "400 - 3,900" (en-CA), "400 - 3 900"
 * (fr-CA). Not Intl's formatRange: that gives an en dash without spaces ("400–3,900"), and the
 * English ranges are also the values the get-started form submits and sales reads.
 */
export function formatRange(a: number, b: number, locale: string): string {
  return `${formatNumber(a, locale)} - ${formatNumber(b, locale)}`;
}

/** `n` or more, the open end of a set of ranges: "4,000+" (en-CA), "4 000+" (fr-CA). */
export function formatPlus(n: number, locale: string): string {
  return `${formatNumber(n, locale)}+`;
}

/**
 * `template` with each `{name}` of `values` replaced by that number in `locale`; other `{…}`
 * stay. For quantities only: a year is a name, not an amount ("2,024" in English, "2 024" in
 * French), so pass a year as text to a plain fill instead.
 */
export function fillNumbers(template: string, values: Readonly<Record<string, number>>, locale: string): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? formatNumber(values[name]!, locale) : whole));
}

/** A post's reading time from the copy's template (ui.readTime, `{n}` the minutes): "5 min read", "5 min de lecture". */
export function formatReadTime(minutes: number, locale: string, template: string): string {
  return fillNumbers(template, { n: minutes }, locale);
}

/** A rating as shown on a badge: 4.5 → "4.5" (en-CA), "4,5" (fr-CA). */
export function formatRating(value: number, locale: string): string {
  return formatNumber(value, locale);
}

/** A YYYY-MM-DD date in `locale`: 2024-03-24 → "March 24, 2024" (en-CA), "24 mars 2024" (fr-CA); fr writes the first "1er". */
export function formatDate(iso: string, locale: string, style: DateStyle = 'long'): string {
  const key = `${locale}\0${style}\0${iso}`;
  let text = dates.get(key);
  if (text === undefined) {
    text = spell(iso, locale, style);
    dates.set(key, text);
  }
  return text;
}

function spell(iso: string, locale: string, style: DateStyle): string {
  const m = ISO_DATE.exec(iso);
  // Noon UTC, formatted in UTC: the calendar day written in the file, whatever the machine's zone.
  const date = new Date(`${iso}T12:00:00Z`);
  if (!m || date.getUTCMonth() + 1 !== Number(m[2]) || date.getUTCDate() !== Number(m[3])) {
    throw new RangeError(`formatDate: "${iso}" is not a date (YYYY-MM-DD)`);
  }
  const parts = dateFormat(locale, style).formatToParts(date);
  // French writes the first of a month as an ordinal (Office québécois de la langue française:
  // "le 1er juillet"); ICU writes "1 juillet". Numeric dates (2024-07-01) have no day word.
  const ordinalFirst = style !== 'short' && primaryLanguage(locale) === 'fr';
  return parts.map((p) => (ordinalFirst && p.type === 'day' && Number(p.value) === 1 ? '1er' : p.value)).join('');
}

function dateFormat(locale: string, style: DateStyle): Intl.DateTimeFormat {
  const key = `${locale}\0${style}`;
  let format = dateFormats.get(key);
  if (!format) {
    // `long` spells out the fields, as the English site always has; for en-CA and fr-CA it is the
    // same text as dateStyle 'long'.
    const options: Intl.DateTimeFormatOptions = style === 'long' ? { year: 'numeric', month: 'long', day: 'numeric' } : { dateStyle: style };
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    dateFormats.set(key, format);
  }
  return format;
}

/** The language of a locale tag, lower case: "fr-CA" → "fr". */
export function primaryLanguage(locale: string): string {
  return locale.split('-')[0]!.toLowerCase();
}

/**
 * Every format of this module in one locale, plus the postal address: what a page's templates
 * use (RenderEnv.format), so a template names what it shows ("a date", "a rating") and the page's
 * language decides how it reads.
 */
export interface LocaleFormat {
  /** The BCP 47 tag the formats follow: 'en-CA', 'fr-CA'. */
  locale: string;
  date(iso: string, style?: DateStyle): string;
  number(n: number): string;
  percent(n: number): string;
  range(a: number, b: number): string;
  plus(n: number): string;
  rating(n: number): string;
  /** `template` with each `{name}` of `values` as a number in the locale (fillNumbers). */
  numbers(template: string, values: Readonly<Record<string, number>>): string;
  readTime(minutes: number, template: string): string;
  /** The site's address as a block, one line per element (generator/transform/address.ts). */
  addressLines(address: PostalAddress): string[];
  /** The site's address on one line, as running text writes it. */
  address(address: PostalAddress, options?: { country?: boolean }): string;
}

const localeFormats = new Map<string, LocaleFormat>();

/** The formats of `locale` (a full tag, 'fr-CA'), one object per locale. */
export function formatsFor(locale: string): LocaleFormat {
  let format = localeFormats.get(locale);
  if (!format) {
    format = {
      locale,
      date: (iso, style) => formatDate(iso, locale, style),
      number: (n) => formatNumber(n, locale),
      percent: (n) => formatPercent(n, locale),
      range: (a, b) => formatRange(a, b, locale),
      plus: (n) => formatPlus(n, locale),
      rating: (n) => formatRating(n, locale),
      numbers: (template, values) => fillNumbers(template, values, locale),
      readTime: (minutes, template) => formatReadTime(minutes, locale, template),
      addressLines: (address) => addressLines(address, locale),
      address: (address, options) => addressText(address, locale, options),
    };
    localeFormats.set(locale, format);
  }
  return format;
}
