// Site facts in copy. `{phone}`, `{legalName}`, `{solutionCount}`… name a fact that lives in one
// place (content/site.yaml, or the number of files in a content folder), so changing it there
// changes every page that mentions it. The names are a fixed table; a `{name}` that is not in it
// is either a runtime parameter its field's schema declares (`x-params`: `{n}`, `{date}`, filled
// by a template) or a located problem. Expansion runs on the records before the schemas check
// them, so a maxLength or an e-mail format applies to the text the visitor reads.
import { isPagePath } from '../content/locales.ts';
import type { SourceRecord } from '../content/load.ts';
import { formatPath, sortProblems, type Problem } from '../problems/problems.ts';
import { problem } from '../problems/errors.ts';
import type { ParamField } from '../content/schemas.ts';
import { nearestName } from '../problems/suggest.ts';
import { countWord, type Gender } from './count-words.ts';
import { addressText, localParts, type PostalAddress } from './address.ts';
import { primaryLanguage } from './format.ts';
import { locales } from '../content/locales.ts';
import { mapProseLines, occurrence, outsideCodeSpans, positionIn, proseLinesOf, proseMatches, stringsIn, escapeRegExp } from '../content/text-places.ts';
import { editMap, mapAlike, remembered, type Mapped } from '../speed/memo.ts';

/** `{name}`: a letter, then letters and digits. Other braces ("{ }", JSON) are plain text. */
const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9]*)\}/g;

/** A text that copy should name by placeholder instead of typing it out; `what` names it in a warning. */
interface Literal { fact: string; kind: 'text' | 'phone'; text: string; what: string }

/** What copy can name: placeholder name → text, and the literal forms a check looks for. */
export interface Facts {
  locale: string;
  values: ReadonlyMap<string, string>;
  /** Every name in the table, also those whose value site.yaml lacks (that is its own problem). */
  names: readonly string[];
  literals: readonly Literal[];
}

/** site.yaml's data as read, before its schema has vouched for it: every value may be missing. */
type Raw = unknown;
const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);
/** The text at `keys` in raw data, if it is a non-empty string. */
const textAt = (value: Raw, ...keys: string[]): string | undefined =>
  str(keys.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), value));

interface FactDef {
  name: string;
  /** Its text on `locale`'s pages (a BCP 47 tag); most facts read the same in every language. */
  text(site: Raw, locale: string): string | undefined;
  /** How a warning names it: "the legal name". */
  what?: string;
  /**
   * Typing the value out is warned about. Not for the brand: it is the subject of half the
   * sentences on the site and part of product names ("Trillium Fleet ELD"), so a warning on each
   * would bury the ones that matter; nor city, region, country: common words ("Toronto" is also
   * where the courts of the terms sit). `{phoneTel}` is covered by the phone's digits.
   */
  literal?: 'text' | 'phone' | 'host';
}

/** site.yaml's address when every part is there (its schema has not vouched for it yet). */
function addressOf(s: Raw): PostalAddress | undefined {
  const [street, city, region, postalCode, country] = ['street', 'city', 'region', 'postalCode', 'country'].map((k) => textAt(s, 'address', k));
  if (!street || !city || !region || !postalCode || !country) return undefined;
  const fr: Record<string, string> = {};
  for (const key of ['street', 'city', 'region', 'country']) {
    const text = textAt(s, 'address', 'fr', key);
    if (text) fr[key] = text;
  }
  return { street, city, region, postalCode, country, fr };
}

/** The whole address on one line, as `locale` writes it (generator/transform/address.ts). */
const oneLine = (s: Raw, locale: string): string | undefined => {
  const address = addressOf(s);
  return address && addressText(address, locale);
};

/** One part of the address, as `locale` writes it: « Ontario » for {region} on a French page. */
const part = (key: 'street' | 'city' | 'region' | 'country') => (s: Raw, locale: string): string | undefined => {
  const address = addressOf(s);
  return address ? localParts(address, locale)[key] : textAt(s, 'address', key);
};

/** The site.yaml facts copy can name. */
const FACTS: readonly FactDef[] = [
  { name: 'brand', text: (s) => textAt(s, 'brand') },
  { name: 'legalName', text: (s) => textAt(s, 'legalName'), literal: 'text', what: 'the legal name' },
  { name: 'url', text: (s) => textAt(s, 'url'), literal: 'host', what: "the site's address" },
  { name: 'phone', text: (s) => textAt(s, 'phone', 'display'), literal: 'phone', what: 'the phone number' },
  { name: 'phoneTel', text: (s) => textAt(s, 'phone', 'tel') },
  { name: 'email', text: (s) => textAt(s, 'email'), literal: 'text', what: 'the e-mail address' },
  { name: 'salesInbox', text: (s) => textAt(s, 'salesInbox'), literal: 'text', what: 'the sales inbox' },
  // The same fallbacks as the Lambda's and the old template's: without its own inbox, the main one.
  { name: 'hiringInbox', text: (s) => textAt(s, 'hiringInbox') ?? textAt(s, 'email'), literal: 'text', what: 'the hiring inbox' },
  { name: 'privacyInbox', text: (s) => textAt(s, 'privacyInbox') ?? textAt(s, 'email'), literal: 'text', what: 'the privacy inbox' },
  // Before its parts: a whole address typed out is one warning, for {address}.
  { name: 'address', text: oneLine, literal: 'text', what: 'the address' },
  { name: 'street', text: part('street'), literal: 'text', what: 'the street address' },
  { name: 'city', text: part('city') },
  { name: 'region', text: part('region') },
  { name: 'postalCode', text: (s) => textAt(s, 'address', 'postalCode'), literal: 'text', what: 'the postal code' },
  { name: 'country', text: part('country') },
];

const LOCALE_TAGS: readonly string[] = Object.values(locales).map((l) => l.tag);

/** Social networks site.yaml may list; each is `{<network>Url}`. */
const NETWORKS = ['facebook', 'twitter', 'instagram', 'linkedin'] as const;

/**
 * Counted folders: `{solutionCount}` is the number of files in content/solutions (English: a
 * translation counts the same items), as a word. `gender` is, per language, that of the noun
 * copy counts them with, where "one" agrees with it: « une solution », « une question », but
 * « un secteur » (masculine, the default).
 */
const COUNTS: readonly { name: string; collection: string; gender?: Readonly<Record<string, Gender>> }[] = [
  { name: 'solutionCount', collection: 'solutions', gender: { fr: 'feminine' } },
  { name: 'industryCount', collection: 'industries' },
  { name: 'faqCount', collection: 'faqs', gender: { fr: 'feminine' } },
];

/** Every placeholder name, for docs/authoring.md and for "did you mean". */
export const FACT_NAMES: readonly string[] = [...FACTS.map((f) => f.name), ...NETWORKS.map((n) => `${n}Url`), ...COUNTS.map((c) => c.name)];

/**
 * The facts copy can name, from site.yaml's record and the number of files in each counted folder.
 * `locale` (a translation's, e.g. fr-CA) replaces site.yaml's for the words of the counts.
 */
export function factsOf(records: readonly SourceRecord[], locale = textAt(records.find((r) => r.collection === 'site')?.data, 'locale') ?? 'en'): Facts {
  const site: Raw = records.find((r) => r.collection === 'site')?.data;
  const values = new Map<string, string>();
  const literals: Literal[] = [];
  const seen = new Set<string>();
  const addLiteral = (fact: string, kind: Literal['kind'], text: string, what: string) => {
    const key = `${kind}\0${text.toLowerCase()}`;
    if (!seen.has(key)) literals.push({ fact, kind, text, what });
    seen.add(key);
  };
  for (const def of FACTS) {
    const text = def.text(site, locale);
    if (text === undefined) continue;
    values.set(def.name, text);
    const what = def.what ?? `{${def.name}}`;
    if (def.literal === 'host') addLiteral(def.name, 'text', text.replace(/^[a-z]+:\/\//i, '').replace(/\/.*$/, ''), what);
    else if (def.literal) {
      // Every language's form: the French address typed out in French copy is as stale as the English one.
      for (const form of [text, ...LOCALE_TAGS.map((t) => def.text(site, t))]) if (form !== undefined) addLiteral(def.name, def.literal, form, what);
    }
  }
  const social = (site as { social?: unknown } | undefined)?.social;
  for (const entry of Array.isArray(social) ? social : []) {
    const [network, url] = [textAt(entry, 'network'), textAt(entry, 'url')];
    if (url && network && (NETWORKS as readonly string[]).includes(network)) {
      values.set(`${network}Url`, url);
      addLiteral(`${network}Url`, 'text', url, `the ${textAt(entry, 'label') ?? network} link`);
    }
  }
  for (const { name, collection, gender } of COUNTS) {
    const count = records.filter((r) => r.collection === collection && (r.locale ?? 'en') === 'en').length;
    values.set(name, countWord(count, locale, { gender: gender?.[primaryLanguage(locale)] }));
  }
  return { locale, values, names: FACT_NAMES, literals };
}

/**
 * The text of `{name}`, or undefined when it is not a fact (or site.yaml lacks it). A capital
 * first letter asks for a capitalised text: `{SolutionCount}` is "Seven" at a sentence's start.
 */
function factText(name: string, facts: Facts): string | undefined {
  const base = name[0]!.toLowerCase() + name.slice(1);
  const value = facts.values.get(base);
  if (value === undefined || base === name) return value;
  return value.charAt(0).toLocaleUpperCase(facts.locale) + value.slice(1);
}

const isFactName = (name: string, facts: Facts) => facts.names.includes(name[0]!.toLowerCase() + name.slice(1));

/**
 * `text` with every fact placeholder replaced; any other `{name}` is left as it is. A value that
 * ends with a period before one in the text gives one period, as typography wants after an
 * abbreviation: "{legalName}." is "… Inc.", never "… Inc..".
 */
export function expandText(text: string, facts: Facts): string {
  if (!text.includes('{')) return text;
  return text.replace(PLACEHOLDER, (whole: string, name: string, at: number) => {
    const value = factText(name, facts);
    if (value === undefined) return whole;
    return value.endsWith('.') && text[at + whole.length] === '.' ? value.slice(0, -1) : value;
  });
}

/** A Markdown body with placeholders expanded outside code: code shows text exactly as written. */
export function expandMarkdown(body: string, facts: Facts): string {
  if (!body.includes('{')) return body;
  return mapProseLines(body, (line) => outsideCodeSpans(line, (text) => expandText(text, facts)));
}

/** `value` with `fn` applied to every string in it; unchanged parts keep their identity. */
function mapStrings(value: unknown, fn: (s: string) => string): unknown {
  if (typeof value === 'string') return fn(value);
  if (Array.isArray(value)) {
    const out = value.map((item) => mapStrings(item, fn));
    return out.some((item, i) => item !== value[i]) ? out : value;
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).map(([k, v]) => [k, mapStrings(v, fn)] as const);
    return entries.some(([k, v]) => v !== (value as Record<string, unknown>)[k]) ? Object.fromEntries(entries) : value;
  }
  return value;
}

// One expansion per record and set of facts (remembered by the facts' key): the preview
// re-validates on every edit, and an unchanged record must stay the same object so the schema
// results remembered for it are reused.
const expanded = remembered((record: SourceRecord, _key: string, facts: Facts): SourceRecord => {
  const data = mapStrings(record.data, (s) => expandText(s, facts));
  const body = record.body === undefined ? undefined : expandMarkdown(record.body, facts);
  return data === record.data && body === record.body ? record : { ...record, data, body };
}, (key) => [key]);

/**
 * Records with their placeholders expanded in data, front matter and body. site.yaml is the
 * facts' source and is returned as it is, as is every record without a placeholder; the YAML
 * text is kept, so problems still point at what the author wrote. A translation's records are
 * expanded with the English records' facts (`facts`): site.yaml is shared.
 */
export function expandRecords(records: readonly SourceRecord[], facts: Facts = factsOf(records)): { records: SourceRecord[]; facts: Facts } {
  const key = `${facts.locale}\0${JSON.stringify([...facts.values])}`;
  // The last list of this language, while the facts are the same: a record at the place it had
  // is taken as it was expanded, without a lookup (memo.ts).
  const last = lastExpanded.get(facts.locale);
  const mapped = mapAlike(records, last?.key === key ? last.mapped : undefined, (record) => (record.collection === 'site' || record.problems.length ? record : expanded(record, key, facts)));
  lastExpanded.set(facts.locale, { key, mapped });
  return { records: mapped.to, facts };
}

const lastExpanded = editMap<string, { key: string; mapped: Mapped<SourceRecord, SourceRecord> }>();

/**
 * A problem for each `{name}` left in a record that is neither a fact nor a runtime parameter
 * its field declares (`x-params` in the schema), with the nearest known name. Run on expanded
 * records: what is left is what the table did not know.
 */
export function placeholderProblems(record: SourceRecord, declared: readonly ParamField[], facts: Facts): Problem[] {
  if (record.collection === 'site' || record.problems.length) return [];
  return unknownIn(record, declared, facts);
}

// Remembered per record and the parameter list its schema check gave (a new one when the file
// changes), so the preview re-reads only the files an edit touched. The fact names never change.
const unknownIn = remembered(findUnknown, (declared) => [declared]);

function findUnknown(record: SourceRecord, declared: readonly ParamField[], facts: Facts): Problem[] {
  const params = new Map(declared.map((d) => [formatPath(d.path), d.names]));
  const problems: Problem[] = [];
  for (const { path, text } of stringsIn(record.data)) {
    // A placeholder starts with "{": most strings have none (a field path costs more than this).
    if (!text.includes('{')) continue;
    const allowed = params.get(formatPath(path)) ?? [];
    const unknown = [...text.matchAll(PLACEHOLDER)].map((m) => m[0]).filter((t) => !isFactName(t.slice(1, -1), facts) && !allowed.includes(t.slice(1, -1)));
    unknown.forEach((token, i) => {
      const at = positionIn(record, path, token, occurrence(unknown, i));
      problems.push(unknownProblem(record.file, at, formatPath(path), token, allowed, facts));
    });
  }
  // Splitting a body into lines outside code is for bodies that have a "{" at all.
  if (!record.body?.includes('{')) return problems;
  for (const hit of proseMatches(record, PLACEHOLDER)) {
    if (!isFactName(hit.text.slice(1, -1), facts)) problems.push(unknownProblem(record.file, hit, 'body', hit.text, [], facts));
  }
  return problems;
}

function unknownProblem(file: string, at: { line: number; column: number }, path: string, token: string, allowed: readonly string[], facts: Facts): Problem {
  const suggestion = nearestName(token.slice(1, -1), [...allowed, ...facts.names]);
  return problem('unknown-placeholder', { file, ...at, path }, { token, suggestion, fills: [...allowed], facts: [...facts.names] });
}

/**
 * A warning for each site.yaml fact typed out in content instead of named by its placeholder:
 * change the fact and such a copy keeps the old one. Phone numbers match by their digits, in any
 * format; other facts by their text, in any case. Run on the records as written (not expanded).
 */
export function literalFactWarnings(records: readonly SourceRecord[], facts: Facts): Problem[] {
  const warnings: Problem[] = [];
  for (const record of records) {
    if (record.collection === 'site' || record.problems.length) continue;
    // Most records hold no fact at all: one look at all their strings, side by side, says so
    // (a separator no literal and no phone number can hold or run across: a hit there is a hit
    // in one string, and the other way round), which is cheaper than a look at each string with
    // its field path.
    if (literalsIn(allStrings(record.data), facts).length) for (const { path, text } of stringsIn(record.data)) {
      const hits = literalsIn(text, facts);
      hits.forEach((hit, i) => {
        const at = positionIn(record, path, hit.found, occurrence(hits.map((h) => h.found), i));
        warnings.push(literalWarning(record.file, at, formatPath(path), hit));
      });
    }
    // Most bodies hold no fact at all: one pass over the whole body, far cheaper than the
    // line-by-line pass (which locates each hit outside code), decides whether that is needed.
    // PHONE_IN_LINE, not PHONE_LIKE: a number may not run on into the next line, and the body
    // is not copied with every line break made a \0 for that.
    if (!record.body || !literalsIn(record.body, facts, PHONE_IN_LINE).length) continue;
    for (const line of proseLinesOf(record)) {
      for (const hit of literalsIn(line.text, facts)) warnings.push(literalWarning(record.file, { line: line.line, column: hit.index + 1 }, 'body', hit));
    }
  }
  return sortProblems(warnings);
}

/**
 * Every string in `value`, joined by U+0001: PHONE_LIKE and PHONE_IN_LINE never match it, so
 * a hit cannot run across it, unless a site.yaml fact holds one (then that record is only
 * looked at string by string, for nothing).
 */
function allStrings(value: unknown, out: string[] = [], top = true): string {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) allStrings(item, out, false);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) allStrings(item, out, false);
  return top ? out.join('\u0001') : '';
}

/** `pagePath`: the hit is the site's address in a link to one of its pages (https://host/solutions/eld → /solutions/eld). */
interface LiteralHit { literal: Literal; found: string; index: number; placeholder: string; pagePath?: string }

const PHONE_LIKE = /\+?\(?\d[\d\s().\u2010-\u2015-]{5,}\d/g;
/** PHONE_LIKE that stops at a line break: the same matches in a text without one. */
const PHONE_IN_LINE = /\+?\(?\d(?:[\d().\u2010-\u2015-]|[^\S\n]){5,}\d/g;
/** National number: a leading country code 1 (North America) is not part of the comparison. */
const phoneDigits = (s: string) => s.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');

/** Each literal with what it is compared by (its digits, or its lower case), worked out once per set of facts. */
const prepared = remembered((facts: Facts): { forms: { literal: Literal; match: string }[]; words: RegExp | undefined } => {
  const forms = facts.literals.map((literal) => ({ literal, match: literal.kind === 'phone' ? phoneDigits(literal.text) : literal.text.toLowerCase() }));
  const words = forms.filter((f) => f.literal.kind !== 'phone').map((f) => escapeRegExp(f.match));
  return { forms, words: words.length ? new RegExp(words.join('|'), 'iu') : undefined };
});

function literalsIn(text: string, facts: Facts, phones = PHONE_LIKE): LiteralHit[] {
  // Called for every string of every record: the literals' forms are prepared once, and text
  // without a digit cannot hold a phone number.
  const { forms, words } = prepared(facts);
  const digit = /\d/.test(text);
  // Nor can text the literals' words are not in, case aside: one pass of a case-insensitive
  // pattern (Unicode case folding) says so without lower-casing the text, which would be most of
  // this check's time, and a copy of every body. Every character but U+0130 (İ)
  // lower-cases to one of the same length that the pattern takes for it (all of Unicode checked
  // with Node 24): a text holding İ is always searched.
  const wordsMayBe = words !== undefined && (text.includes('\u0130') || words.test(text));
  if (!digit && !wordsMayBe) return [];
  const hits: LiteralHit[] = [];
  let lower: string | undefined;
  for (const { literal, match } of forms) {
    if (literal.kind === 'phone') {
      if (!digit) continue;
      for (const m of text.matchAll(phones)) {
        if (phoneDigits(m[0]) !== match) continue;
        const tel = /tel:\s*$/i.test(text.slice(0, m.index));
        hits.push({ literal, found: m[0], index: m.index, placeholder: tel ? 'phoneTel' : 'phone' });
      }
      continue;
    }
    if (!wordsMayBe) continue;
    lower ??= text.toLowerCase();
    const needle = match;
    for (let i = lower.indexOf(needle); i >= 0; i = lower.indexOf(needle, i + needle.length)) {
      hits.push({ literal, found: text.slice(i, i + needle.length), index: i, placeholder: literal.fact, pagePath: literal.fact === 'url' ? pagePathAt(text, i + needle.length) : undefined });
    }
  }
  // A longer hit wins over those inside it: an address typed out is not also its street.
  hits.sort((a, b) => a.index - b.index || b.found.length - a.found.length);
  return hits.filter((hit, i) => !hits.slice(0, i).some((h) => hit.index < h.index + h.found.length));
}

function literalWarning(file: string, at: { line: number; column: number }, path: string, hit: LiteralHit): Problem {
  return problem('fact-literal', { file, ...at, path }, { found: hit.found, fact: hit.literal.what, placeholder: hit.placeholder, pagePath: hit.pagePath });
}

/**
 * The page path that follows the site's host name at `end` of `text` (…example/solutions/eld →
 * /solutions/eld), when there is one: such a link is better written as that path, which stays
 * on the site and leads to the page in the reader's language; {url} would keep it English.
 */
function pagePathAt(text: string, end: number): string | undefined {
  const path = /^\/[^\s)"'<>\]}]*/.exec(text.slice(end))?.[0];
  return path && isPagePath(path) ? path : undefined;
}
