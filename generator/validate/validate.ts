// records → typed Site model, or a list of located problems. Every problem in every file
// is reported at once; nothing stops at the first.
import { join } from 'node:path';
import { collectionOf, collections, pageSchemas, requiredSingles, schemaFor, sharedCollections, type CollectionName } from '../content/collections.ts';
import { displayPath, specialEntriesUnder, statusProblem } from '../content/paths.ts';
import { check, saveValidatorCode, type Reference } from '../content/schemas.ts';
import { locate, locateIn, localeOf, type SourceRecord } from '../content/load.ts';
import { formatPath, sortProblems, type Problem } from '../problems/problems.ts';
import { controlCharacterProblems, topHeadingProblems } from '../content/text-places.ts';
import type { Category, Pages, SourceSite } from '../content/model.ts';
import { blogPath, pageKeysNeeded, routePaths, type LinkTargets } from '../render/routes.ts';
import { recordMarkers, reportFillMarkers } from './fill-markers.ts';
import { markdownFieldReferences, markdownImages, markdownProblems, referenceContext, referenceProblem, type NotLive, type ReferenceContext } from './references.ts';
import type { ImageReference } from '../assets/images/stage.ts';
import { onePerField, schemaProblems } from '../problems/schema-problems.ts';
import { uniquenessKey, uniquenessProblems } from './unique.ts';
import { problem } from '../problems/errors.ts';
import { nearestName } from '../problems/suggest.ts';
import { expandRecords, factsOf, placeholderProblems, type Facts } from '../transform/facts.ts';
import { DEFAULT_LOCALE, localePath, localizeHref, locales, splitLocale, translatedLocales, type Locale, type TranslatedLocale } from '../content/locales.ts';
import { sourceHashProblems } from './translations.ts';
import { footerColumnProblems } from './navigation.ts';
import { alike, editMap, mapAlike, remembered, replacedAt, type Mapped } from '../speed/memo.ts';
import { scheduleProblems, siteClock, windowOf, type SiteClock } from './schedule.ts';
import { dateIn, describeMoment, statusAt } from '../content/schedule.ts';

export interface ValidateOptions {
  contentDir: string;
  /** Drafts become routes (preview) or are left out (build). Validated either way. */
  includeDrafts: boolean;
  /** What the last validation of the same content folder found that this one may reuse (the preview's Builder keeps one). */
  memo?: ValidationMemo;
  /**
   * Post ids that exist besides the records given: links to them are not broken. `site build`'s
   * update in place (build-update.ts) validates only the files it reads, and names the others'
   * ids from the last build.
   */
  otherPostIds?: readonly number[];
  /** The moment the site is built for (ms since 1970): items before their publishAt or from their expiresAt are left out. Now when absent. */
  now?: number;
}

/**
 * What a validation keeps for the next one of the same folder. The preview validates the whole
 * site on every edit, and nearly all of that is work on files the edit did not touch. Results
 * that depend on one record are kept per record (a changed file is a new record object, so an
 * edited file is always checked again) and reused only with the same reference context: the same
 * routes, categories and folder tree.
 * What depends on the folder tree (links, pipes, image files) is kept until `treeChanged`, which
 * the Builder calls for any change that is not an edit of a content file it already had.
 */
export class ValidationMemo {
  /** checkTree's problems, from the last walk of the folder. */
  tree: Problem[] | undefined;
  /** The last reference context; reused while its routes and categories are the same. */
  private cx: ReferenceContext | undefined;

  /** Something under the content folder appeared, went or changed kind: walk and look again. */
  treeChanged(): void {
    this.tree = undefined;
    this.cx = undefined;
  }

  context(contentDir: string, routes: Set<string>, categories: string[], jobCategories: string[], notLive?: ReadonlyMap<string, NotLive>): ReferenceContext {
    const last = this.cx;
    const same = (a: string[], b: string[]) => a.length === b.length && a.every((c, i) => c === b[i]);
    const sameMap = (a?: ReadonlyMap<string, NotLive>, b?: ReadonlyMap<string, NotLive>) => (a?.size ?? 0) === (b?.size ?? 0) && [...(a ?? [])].every(([k, v]) => JSON.stringify(b?.get(k)) === JSON.stringify(v));
    if (last && (last.routes === routes || sameSet(last.routes, routes)) && same(last.categories, categories) && same(last.jobCategories, jobCategories) && sameMap(last.notLive, notLive)) return last;
    return (this.cx = referenceContext(contentDir, routes, categories, jobCategories, notLive));
  }

  /** Per list: its last mapping (memo.ts), and what else the mapping read then. */
  private readonly maps = new Map<string, { over: unknown; mapped: Mapped<unknown, unknown> }>();

  /**
   * `list` mapped by `map`, taking the last validation's result for an item at the place it had,
   * while `over` (what else `map` reads, such as the reference context) is the same object: no
   * lookup per record and language.
   */
  map<T, U>(name: string, list: readonly T[], map: (item: T) => U, over?: unknown): U[] {
    const last = this.maps.get(name) as { over: unknown; mapped: Mapped<T, U> } | undefined;
    const mapped = mapAlike(list, last && last.over === over ? last.mapped : undefined, map);
    this.maps.set(name, { over, mapped: mapped as Mapped<unknown, unknown> });
    return mapped.to;
  }

  /** Per list: the records of the last validation's list, and what was found from them. */
  private readonly lists = new Map<string, { records: readonly SourceRecord[]; value: unknown }>();

  /**
   * What `make` finds from `records`, or the last answer for the list `name` when only a few
   * records were replaced (an edit: the same files at the same places) and each replaced one has
   * the `keyOf` of the record it replaced; `keep` may refuse the last answer: the passes behind
   * the repeated-id check and the link targets need not run on every edit.
   */
  reuse<T>(name: string, records: readonly SourceRecord[], keyOf: (record: SourceRecord) => string, make: () => T, keep: (last: T) => boolean = () => true): T {
    const last = this.lists.get(name) as { records: readonly SourceRecord[]; value: T } | undefined;
    if (last && keep(last.value)) {
      const at = replacedAt(records, last.records);
      if (at && at.every((i) => keyOf(records[i]!) === keyOf(last.records[i]!))) {
        last.records = records;
        return last.value;
      }
    }
    const value = make();
    this.lists.set(name, { records, value });
    return value;
  }
}

/** `list` mapped by `map`: through the memo's `map` when there is a memo (the preview), plainly otherwise. */
function mapWith<T, U>(memo: ValidationMemo | undefined, name: string, list: readonly T[], map: (item: T) => U, over?: unknown): U[] {
  return memo ? memo.map(name, list, map, over) : list.map(map);
}

const sameSet = (a: Set<string>, b: Set<string>) => {
  if (a.size !== b.size) return false;
  for (const item of a) if (!b.has(item)) return false;
  return true;
};

/**
 * A translated language's model: the English model's shape, each item the translation when there
 * is one (valid) and the English item otherwise. Chosen over a second set of per-collection
 * lists so that routes and templates take a `Site` whatever the language; which items fell back
 * is said beside the model, not in it, so the content types stay those of the schemas.
 */
export interface TranslatedSite {
  locale: TranslatedLocale;
  site: SourceSite;
  /** Content-relative paths of the English files shown untranslated (no translation yet), e.g. blog/x.md. */
  fallbacks: ReadonlySet<string>;
  /** The same items as collection/slug (blog/eld-mandate), the way routes name their content. */
  fallbackItems: ReadonlySet<string>;
}

export interface Validated {
  /** The model, when there is no problem; its Markdown fields still hold their source (see transform.ts). */
  site: SourceSite | undefined;
  /** Each translated language's model (generator/content/locales.ts), when there is no problem. */
  translations: Partial<Record<TranslatedLocale, TranslatedSite>>;
  problems: Problem[];
  /** Per file: problems, for the admin's content view. */
  byFile: Map<string, Problem[]>;
  /** Every image content names (fields and Markdown, every language), where it is named: the image stage's list. */
  images: ImageReference[];
}

// A record against its schema, remembered per record: a record is replaced when its file
// changes, so the preview re-checks only the files an edit touched.
const schemaCheck = remembered((record: SourceRecord, schema: string) => check(schema, record.data));

/** What checking one record against its schema and placeholders found. */
interface RecordCheck {
  record: SourceRecord;
  problems: Problem[];
  /** Its references (x-check); empty when it has none or did not reach its schema. */
  refs: Reference[];
  /** Whether it passed its schema. */
  good: boolean;
}

interface Checked {
  problems: Problem[];
  /** Each record's references (x-check), in record order. */
  references: RecordCheck[];
  /** Records that passed their schema. */
  good: SourceRecord[];
}

/** One record against its schema and the placeholders it may use. */
function checkRecord(record: SourceRecord, facts: Facts): RecordCheck {
  if (record.problems.length) return { record, problems: record.problems, refs: [], good: false };
  const schema = schemaFor(record.collection, record.slug);
  if (!schema) return { record, problems: [unknownItemProblem(record)], refs: [], good: false };
  const result = schemaCheck(record, schema);
  const { errors, references: refs } = result;
  const problems: Problem[] = [];
  if (errors.length) problems.push(...schemaProblems(record, errors));
  problems.push(...placeholderProblems(record, result.params, facts));
  problems.push(...controlCharacterProblems(record), ...topHeadingProblems(record));
  // A post or legal page with nothing below its front matter would be published as a heading
  // over an empty page (a draft is not published).
  if (record.body !== undefined && !record.body.trim() && (record.data as { draft?: unknown } | undefined)?.draft !== true) {
    problems.push(problem('empty-body', { file: record.file, line: Math.max(1, (record.bodyLine ?? 2) - 1), column: 1, path: 'body' }, {}));
  }
  if (record.collection === 'navigation' && !errors.length) problems.push(...footerColumnProblems(record));
  return { record, problems, refs, good: !errors.length };
}

/** Each record checked (`checkRecord`); what passed is kept for the model. `name`: the list's, for the memo. */
function checkRecords(records: SourceRecord[], facts: Facts, into: Checked, memo: ValidationMemo | undefined, name: string): void {
  // The facts' names never change (placeholderProblems), so a record's check is its own.
  const checks = mapWith(memo, name, records, (r) => checkRecord(r, facts));
  for (const c of checks) {
    if (c.problems.length) into.problems.push(...c.problems);
    if (c.refs.length) into.references.push(c);
    if (c.good) into.good.push(c.record);
  }
}

const parsedOnly = (records: SourceRecord[]) => records.filter((r) => !r.problems.length && typeof r.data === 'object' && r.data !== null);

export function validate(written: SourceRecord[], options: ValidateOptions): Validated {
  // Site facts ({phone}, {SolutionCount}…) are filled in first, so the schemas check the text
  // visitors read; the records keep their YAML text, so problems point at what was written.
  // Translations (content/fr/) get the same checks, with the English facts: site.yaml is shared.
  const { records, facts } = expandRecords(written.filter((r) => localeOf(r) === 'en'));
  const translated = translatedLocales.map((locale) => {
    const localFacts = factsOf(records, locales[locale].tag);
    return { locale, facts: localFacts, records: expandRecords(written.filter((r) => localeOf(r) === locale), localFacts).records };
  });
  const memo = options.memo;
  const checked: Checked = { problems: [], references: [], good: [] };
  checkRecords(records, facts, checked, memo, 'checks');
  const { problems, references, good } = checked;
  const goodTranslations = translated.map(({ locale, facts: localFacts, records: mine }) => {
    const into: Checked = { problems, references, good: [] };
    checkRecords(mine, localFacts, into, memo, `checks ${locale}`);
    for (const record of mine) problems.push(...sourceHashProblems(record));
    return { locale, good: into.good };
  });
  saveValidatorCode();

  problems.push(...(memo ? (memo.tree ??= checkTree(options.contentDir)) : checkTree(options.contentDir)));
  problems.push(...phoneProblems(records));

  for (const name of requiredSingles) {
    const def = collections[name];
    if (!records.some((r) => r.collection === name)) {
      problems.push(problem('missing-file', { file: displayContent(options.contentDir, def.path), line: 1, column: 1 }, { what: `the ${name} content every page needs` }));
    }
  }

  // publishAt and expiresAt, in the site's time zone: checked, then what is on the site at `now`.
  const clock = siteClock(records, options.now);
  problems.push(...scheduleProblems(parsedOnly(records), clock));
  const site = assemble(good, options, DEFAULT_LOCALE, clock);
  // Every file that parsed: a duplicate id is found even in a file with another mistake. Each
  // language on its own: a translation repeats its English item's id by design.
  const parsed = parsedOnly(records);
  // The last answer while it found no repeat (a repeat's place may have moved in its file).
  const repeated = (name: string, list: SourceRecord[]) => (memo ? memo.reuse(name, list, uniquenessKey, () => uniquenessProblems(list), (last) => !last.length) : uniquenessProblems(list));
  problems.push(...repeated('unique', parsed));
  for (const { locale, records: mine } of translated) problems.push(...repeated(`unique ${locale}`, parsedOnly(mine)));

  // Link targets come from every file that parsed, valid or not: one mistake in a solution
  // file must not turn every link to that solution into a second, misleading problem.
  // Translations link to the English routes for now (the routes of /fr come with its pages).
  const live = (r: SourceRecord) => statusAt(windowOf(r.data, clock.zone), clock.now) === 'live';
  const targets = () => new Set(routePaths(linkTargets(records.filter(live), options.otherPostIds)));
  const routes = memo ? memo.reuse(`link targets ${clock.now}`, records, linkTargetKey, targets) : targets();
  // Pages that exist in content but not at this moment: a link to one says when it publishes or that it expired.
  const notLive = notLivePaths(records, clock);
  const cx = memo ? memo.context(options.contentDir, routes, categorySlugs(parsed), jobCategoryNames(parsed), notLive) : referenceContext(options.contentDir, routes, categorySlugs(parsed), jobCategoryNames(parsed), notLive);
  // A page file with problems of its own is there, only wrong: "missing" would mislead.
  const pageFiles = new Set(records.filter((r) => r.collection === 'pages').map((r) => r.slug));
  for (const key of pageKeysNeeded()) {
    if (!pageFiles.has(key)) {
      problems.push(problem('missing-file', { file: displayContent(options.contentDir, `pages/${key}.yaml`), line: 1, column: 1 }, { what: 'the copy of a page the site needs' }));
    }
  }
  const images: ImageReference[] = [];
  // The problems of a Markdown field's links and images are each where it is written, like a
  // body's: not one per field (onePerField).
  const placed: Problem[] = [];
  const take = (found: ReferencesFound | undefined) => {
    if (!found) return;
    if (found.problems.length) problems.push(...found.problems);
    if (found.placed.length) placed.push(...found.placed);
    if (found.images.length) images.push(...found.images);
  };
  // Per record and reference context: the last validation's findings for a record at its place.
  for (const found of mapWith(memo, 'field references', references, ({ record, refs }) => fieldReferences(record, cx, refs), cx)) take(found);
  // Links and images of every body that parsed, whether or not its front matter passed.
  const bodies = [...parsed, ...translated.flatMap((t) => parsedOnly(t.records))];
  for (const found of mapWith(memo, 'body references', bodies, (record) => (record.body === undefined ? undefined : bodyReferences(record, cx)), cx)) take(found);

  // One line per mistake: a field that broke a pattern and the category list is one problem.
  // A link from an item that is not on the site yet (or any more) to another such page is no
  // problem now: it is checked again when its page is built.
  const hidden = new Set(records.filter((r) => !live(r)).map((r) => splitLocale(r.relPath).rel));
  const fromHidden = (p: Problem) => p.code === 'link-not-live' && hidden.has(splitLocale(p.file.replace(/^.*?content\//, '')).rel);
  const found = [...onePerField(problems), ...placed].filter((p) => !fromHidden(p));
  // `site new`'s TODO markers: each is "still to write", in drafts too (generator/validate/fill-markers.ts).
  reportFillMarkers([...records, ...translated.flatMap((t) => t.records)], found, (list) => mapWith(memo, 'markers', list, recordMarkers));
  sortProblems(found);
  // The English files first: they are the source (site.yaml's facts above all), and a mistake
  // there often shows again in each translation.
  const translationFiles = new Set(translated.flatMap((t) => t.records.map((r) => r.file)));
  const english = found.filter((p) => !translationFiles.has(p.file));
  problems.splice(0, problems.length, ...english, ...found.filter((p) => translationFiles.has(p.file)));
  const byFile = new Map<string, Problem[]>();
  for (const p of problems) {
    const list = byFile.get(p.file);
    if (list) list.push(p);
    else byFile.set(p.file, [p]);
  }
  if (problems.length) return { site: undefined, translations: {}, problems, byFile, images };
  const translations: Validated['translations'] = {};
  // A language with no file at all is not on the site yet (its pages would all be English).
  for (const { locale, good: mine } of goodTranslations) if (mine.length) translations[locale] = translatedSite(locale, good, mine, options, clock);
  return { site, translations, problems, byFile, images };
}

interface ReferencesFound {
  cx: ReferenceContext;
  problems: Problem[];
  /** Problems each at its own place in a field (a Markdown field's links), never merged with the field's others. */
  placed: Problem[];
  images: ImageReference[];
}

/**
 * The problems with a record's references (x-check, and the links and images of its Markdown
 * fields), and the images among them; remembered per record and context (ValidationMemo).
 */
const fieldReferences = remembered((record: SourceRecord, cx: ReferenceContext, refs: Reference[]): ReferencesFound => {
  const found: ReferencesFound = { cx, problems: [], placed: [], images: [] };
  for (const ref of refs) {
    if (ref.kind === 'markdown') {
      const field = markdownFieldReferences(record, ref, cx, (needle, nth) => locateIn(record, ref.path, needle, nth), formatPath(ref.path));
      found.placed.push(...field.problems);
      found.images.push(...field.images);
      continue;
    }
    const at = () => ({ file: record.file, ...locate(record, ref.path), path: formatPath(ref.path) });
    const problem = referenceProblem(ref, cx, at);
    if (problem) found.problems.push(problem);
    if (ref.kind === 'image') found.images.push({ value: ref.value, at });
  }
  return found;
});

/** The problems with the links and images of a record's Markdown body, and its images; remembered per record and context. */
const bodyReferences = remembered((record: SourceRecord, cx: ReferenceContext): ReferencesFound => ({ cx, problems: markdownProblems(record, cx), placed: [], images: markdownImages(record) }));

/**
 * A language's model: every English item replaced by its translation where there is one. A
 * translation without an English item (an orphan, warned about) is left out: the English
 * content decides what the site has.
 */
function translatedSite(locale: TranslatedLocale, english: SourceRecord[], mine: SourceRecord[], options: ValidateOptions, clock: SiteClock): TranslatedSite {
  let byRel: Map<string, SourceRecord> | undefined;
  const mergedOf = (mergedIn[locale] ??= remembered((r: SourceRecord, translation: SourceRecord | undefined) => merge(r, translation, locale)));
  // While the translations are the very same records, an English record at the place it had
  // keeps what it was merged into (the preview: one pass, not a lookup a post on every edit).
  const last = lastMerged.get(locale);
  const pairs = mapAlike(english, last && alike(mine, last.mine, () => false) ? last.pairs : undefined, (r) => {
    const shared = sharedCollections.includes(r.collection);
    return mergedOf(r, shared ? undefined : (byRel ??= new Map(mine.map((t) => [splitLocale(t.relPath).rel, t]))).get(r.relPath));
  });
  lastMerged.set(locale, { mine, pairs });
  const merged = pairs.to.map((m) => m.record);
  const items = pairs.to.map((m) => m.item);
  // The items shown in English, as sets: the last ones when each English file at its place is the
  // same file, shown in English or not as before (the preview would otherwise fill them again,
  // an entry a route, on every edit).
  const lastSets = lastFallbacks.get(locale);
  let sets: { fallbacks: Set<string>; fallbackItems: Set<string> };
  if (lastSets && lastSets.items.length === items.length && items.every((item, i) => item === lastSets.items[i] && (!item || english[i]!.relPath === lastSets.english[i]!.relPath))) sets = lastSets.sets;
  else {
    sets = { fallbacks: new Set(), fallbackItems: new Set() };
    items.forEach((item, i) => {
      if (!item) return;
      sets.fallbacks.add(english[i]!.relPath);
      sets.fallbackItems.add(item);
    });
  }
  lastFallbacks.set(locale, { english, items, sets });
  return { locale, site: assemble(merged, options, locale, clock), ...sets };
}

type Merged = { translation: SourceRecord | undefined; record: SourceRecord; item: string | undefined };
const lastMerged = editMap<TranslatedLocale, { mine: SourceRecord[]; pairs: Mapped<SourceRecord, Merged> }>();

const lastFallbacks = editMap<TranslatedLocale, { english: SourceRecord[]; items: (string | undefined)[]; sets: { fallbacks: Set<string>; fallbackItems: Set<string> } }>();

/**
 * An English record with its translation in `locale` (or none): the record the language's model
 * shows, and its collection/slug when it is shown untranslated.
 */
function merge(r: SourceRecord, translation: SourceRecord | undefined, locale: TranslatedLocale): Merged {
  const shared = sharedCollections.includes(r.collection);
  return {
    translation,
    record: translation ? localizeLinks(withEnglishIdentity(translation, r), locale, translation) : localizeLinks(r, locale, r),
    item: translation || shared ? undefined : `${r.collection}/${r.slug}`,
  };
}

// Per language, remembered per English record and translation: an unchanged pair gives the same
// record object, so what is remembered per record further on is reused.
const mergedIn: Partial<Record<TranslatedLocale, (r: SourceRecord, translation: SourceRecord | undefined) => Merged>> = {};

/**
 * What makes an item the same page in every language comes from its English file: a post's
 * id and draft state, a solution's slug and path. A translation cannot move its page or publish
 * a post whose English version is still a draft.
 */
export const IDENTITY: Partial<Record<CollectionName, string[]>> = {
  blog: ['id', 'draft', 'publishAt', 'expiresAt'],
  solutions: ['slug', 'path', 'publishAt', 'expiresAt'],
  jobs: ['publishAt', 'expiresAt'],
  faqs: ['publishAt', 'expiresAt'],
  team: ['publishAt', 'expiresAt'],
  testimonials: ['publishAt', 'expiresAt'],
};
function withEnglishIdentity(translation: SourceRecord, english: SourceRecord): SourceRecord {
  const keys = IDENTITY[translation.collection];
  if (!keys) return translation;
  const data = { ...(translation.data as Record<string, unknown>) };
  const source = english.data as Record<string, unknown>;
  for (const key of keys) {
    if (key in source) data[key] = source[key];
    else delete data[key];
  }
  return { ...translation, data };
}

/**
 * The record with every link to a page of the site pointing at that page in `locale`
 * (/solutions/eld → /fr/solutions/eld), whether the item is translated or shown in English: a
 * French visitor stays on the French site. Which fields are links is the schema's word (x-check
 * route/link, as `checked`, the record that passed it, found them); links inside Markdown are
 * localized when it is rendered (transform.ts).
 */
function localizeLinks(record: SourceRecord, locale: TranslatedLocale, checked: SourceRecord): SourceRecord {
  const schema = checked.problems.length ? undefined : schemaFor(checked.collection, checked.slug);
  const refs = (schema ? schemaCheck(checked, schema).references : []).filter((r) => (r.kind === 'route' || r.kind === 'link') && localizeHref(r.value, locale) !== r.value);
  if (!refs.length) return record;
  const data = structuredClone(record.data) as Record<string | number, unknown>;
  for (const ref of refs) {
    let parent: Record<string | number, unknown> = data;
    for (const key of ref.path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
    parent[ref.path[ref.path.length - 1]!] = localizeHref(ref.value, locale);
  }
  return { ...record, data };
}

/** content/site.yaml's phone.display when it is not the number phone.tel dials (digits compared, a leading 1 optional). */
function phoneProblems(records: SourceRecord[]): Problem[] {
  const site = records.find((r) => r.collection === 'site' && !r.problems.length);
  const phone = (site?.data as { phone?: { display?: unknown; tel?: unknown } } | undefined)?.phone;
  if (!site || typeof phone?.display !== 'string' || typeof phone.tel !== 'string') return [];
  const digits = (s: string) => s.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
  if (digits(phone.display) === digits(phone.tel)) return [];
  return [problem('phone-mismatch', { file: site.file, ...locate(site, ['phone', 'display']), path: 'phone.display' }, { display: phone.display, tel: phone.tel })];
}

function displayContent(contentDir: string, rel: string): string {
  return displayPath(join(contentDir, rel));
}

/** The category slugs of blog-categories.yaml, valid or not, so one mistake there does not flag every post. */
export function categorySlugs(parsed: SourceRecord[]): string[] {
  const data = parsed.find((r) => r.collection === 'categories')?.data as { categories?: unknown } | undefined;
  const list = Array.isArray(data?.categories) ? (data.categories as { slug?: unknown }[]) : [];
  return list.map((c) => c?.slug).filter((slug): slug is string => typeof slug === 'string');
}

/** The job categories the English careers page names (sections.jobs.categories), which a job's category must be one of. */
export function jobCategoryNames(parsed: SourceRecord[]): string[] {
  const data = parsed.find((r) => r.collection === 'pages' && r.slug === 'career' && (r.locale ?? 'en') === 'en')?.data as { sections?: { jobs?: { categories?: unknown } } } | undefined;
  const map = data?.sections?.jobs?.categories;
  return map && typeof map === 'object' && !Array.isArray(map) ? Object.keys(map) : [];
}

/** A page file that no template shows (content/pages/<name>.yaml has no schema), with the nearest page name. */
function unknownItemProblem(record: SourceRecord): Problem {
  const known = Object.keys(pageSchemas).map((k) => `${k}.yaml`);
  const name = `${record.slug}.yaml`;
  return problem('unknown-page-file', { file: record.file, line: 1, column: 1 }, { name, known, suggestion: nearestName(name, known) });
}

/**
 * The solutions' paths and the posts' ids, from every file that parsed, valid or not: one
 * mistake in a solution file must not turn every link to that solution into a second,
 * misleading problem.
 */
function linkTargets(records: SourceRecord[], otherPostIds: readonly number[] = []): LinkTargets {
  const solutionPaths: string[] = [];
  const postIds: number[] = [...otherPostIds];
  for (const r of records) {
    const target = linkTarget(r);
    if (target?.solution !== undefined) solutionPaths.push(target.solution);
    if (target?.post !== undefined) postIds.push(target.post);
  }
  return { solutionPaths, postIds };
}

/** What one record adds to the link targets. */
function linkTarget(r: SourceRecord): { solution?: string; post?: number } | undefined {
  if (r.problems.length || typeof r.data !== 'object' || r.data === null) return undefined;
  const data = r.data as Record<string, unknown>;
  if (r.collection === 'solutions') return { solution: typeof data.path === 'string' ? data.path : `/solutions/${typeof data.slug === 'string' ? data.slug : r.slug}` };
  if (r.collection === 'blog' && typeof data.id === 'number') return { post: data.id };
  return undefined;
}

const linkTargetKey = (r: SourceRecord) => JSON.stringify(linkTarget(r) ?? null);

/** The pages of items that are not on the site at the clock's moment, each with when it publishes or since when it is gone. */
function notLivePaths(records: SourceRecord[], clock: SiteClock): Map<string, NotLive> {
  const out = new Map<string, NotLive>();
  // Pages content/redirects.yaml retired: a link names where they went.
  const redirects = (records.find((r) => r.collection === 'redirects')?.data as { redirects?: unknown } | undefined)?.redirects;
  const moved = new Map<string, { to?: string; gone?: boolean }>();
  if (Array.isArray(redirects)) for (const entry of redirects) if (entry && typeof entry.from === 'string') moved.set(entry.from, entry);
  for (const r of records) {
    const window = windowOf(r.data, clock.zone);
    const status = statusAt(window, clock.now);
    if (status === 'live') continue;
    const target = linkTarget(r);
    const path = target?.post !== undefined ? blogPath(target.post) : target?.solution;
    if (!path) continue;
    const to = moved.get(path)?.to;
    out.set(path, status === 'scheduled' ? { why: `publishes ${describeMoment(window.publishAt!, clock.zone)}`, scheduled: true } : { why: `expired ${describeMoment(window.expiresAt!, clock.zone)}`, redirect: to });
  }
  for (const [from, entry] of moved) {
    if (out.has(from)) continue;
    out.set(from, typeof entry.to === 'string' ? { why: `was moved to ${entry.to} (content/redirects.yaml)`, redirect: entry.to } : { why: 'is gone (content/redirects.yaml)' });
  }
  return out;
}

/**
 * Turns records that passed their schema into the model; invalid ones are simply absent, so
 * the model is complete only when validation finds no problem (only then is it handed on).
 * Each record's data is typed here with the type generated from the schema it passed.
 */
function assemble(records: SourceRecord[], options: ValidateOptions, locale: Locale = DEFAULT_LOCALE, clock: SiteClock = siteClock(records, options.now)): SourceSite {
  type Model = SourceSite;
  const byCollection = new Map<CollectionName, SourceRecord[]>();
  for (const r of records) {
    // Before its publishAt or from its expiresAt, an item is not on the site (a translation has its English item's times: IDENTITY).
    if (statusAt(windowOf(r.data, clock.zone), clock.now) !== 'live') continue;
    const list = byCollection.get(r.collection);
    if (list) list.push(r);
    else byCollection.set(r.collection, [r]);
  }
  const of = <T>(name: CollectionName) => (byCollection.get(name) ?? []) as (SourceRecord & { data: T })[];
  const items = <T>(name: CollectionName): T[] => of<T>(name).map((r) => r.data);
  const one = <T>(name: CollectionName): T | undefined => items<T>(name)[0];
  // Items a page lists one by one carry their file name, the key a translation is known by.
  const filed = <T>(name: CollectionName): (T & { slug: string })[] => of<T>(name).map((r) => ({ ...r.data, slug: r.slug }));
  const byOrder = <T extends { order: number }>(list: T[]) => list.sort((a, b) => a.order - b.order);
  const files: Model['files'] = {};
  for (const [name, list] of byCollection) files[name] = filesOf(list, locale, name);

  type Post = Model['posts'][number];
  const postOf = (postIn[locale] ??= remembered((record: SourceRecord, zone: string) => post(record as SourceRecord & { data: Omit<Post, 'slug' | 'path' | 'body'> }, locale, zone)));
  // A record at the place it had keeps its post without a lookup (the preview: on every edit).
  const mapped = mapAlike<SourceRecord, Post>(of('blog'), lastPosts.get(locale), (record) => postOf(record, clock.zone));
  lastPosts.set(locale, mapped);
  const posts: Model['posts'] = options.includeDrafts ? mapped.to : mapped.to.filter((p) => !p.draft);
  const sortedPosts = newestFirst(posts, locale);
  return {
    config: one<Model['config']>('site') ?? emptySite,
    navigation: one<Model['navigation']>('navigation') ?? emptyNavigation,
    // Complete when valid: a page file that is missing is a problem of its own (validate).
    pages: Object.fromEntries(of<Pages<string>[keyof Pages]>('pages').map((r) => [r.slug, r.data])) as Partial<Pages<string>> as Pages<string>,
    solutions: byOrder(items<Model['solutions'][number]>('solutions')).map((s) => (locale === DEFAULT_LOCALE ? s : { ...s, path: localizeHref(s.path, locale) })),
    posts: sortedPosts,
    categories: one<{ categories: Category[] }>('categories')?.categories ?? [],
    legal: Object.fromEntries(of<Omit<Model['legal'][string], 'slug' | 'body'>>('legal').map((r) => [r.slug, { ...r.data, slug: r.slug, body: r.body ?? '' }])),
    faqs: byOrder(filed<Model['faqs'][number]>('faqs')),
    team: byOrder(filed<Model['team'][number]>('team')),
    jobs: filed<Model['jobs'][number]>('jobs').filter((j) => j.open),
    testimonials: byOrder(filed<Model['testimonials'][number]>('testimonials')),
    industries: byOrder(items<Model['industries'][number]>('industries')),
    benefits: byOrder(items<Model['benefits'][number]>('benefits')),
    fleetFeatures: byOrder(items<Model['fleetFeatures'][number]>('fleetFeatures')),
    ecosystem: byOrder(items<Model['ecosystem'][number]>('ecosystem')),
    ui: one<Model['ui']>('ui') ?? ({} as Model['ui']),
    forms: one<Model['forms']>('forms') ?? ({} as Model['forms']),
    files,
  };
}

type SourcePost = SourceSite['posts'][number];

/** Words an adult reads in a minute, in English or French, for a post that gives no readTime. */
const WORDS_A_MINUTE = 220;

/** The minutes a Markdown body takes to read: its words (link targets and markup left out) at WORDS_A_MINUTE, rounded up, at least 1. */
export function readingMinutes(markdown: string): number {
  const text = markdown.replace(/\]\([^)]*\)/g, ']').replace(/[#*_>`|[\]-]/g, ' ');
  const words = text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  return Math.max(1, Math.ceil(words / WORDS_A_MINUTE));
}

/**
 * Posts newest first (then the higher id). Dates are YYYY-MM-DD (the schema's format), so
 * comparing them as strings orders them as localeCompare did, at a fraction of the cost. The
 * preview sorts the same posts on every edit, so the order found last is kept per language and
 * taken again when each post has the date and id the post at its place had: the same order,
 * without a comparison.
 */
function newestFirst(posts: SourcePost[], locale: Locale): SourcePost[] {
  const last = lastOrder.get(locale);
  if (last && alike(posts, last.posts, (p, was) => p.date === was.date && p.id === was.id)) {
    lastOrder.set(locale, { posts, order: last.order });
    return last.order.map((i) => posts[i]!);
  }
  const order = posts.map((_, i) => i).sort((a, b) => {
    const x = posts[a]!;
    const y = posts[b]!;
    return x.date < y.date ? 1 : x.date > y.date ? -1 : y.id - x.id;
  });
  lastOrder.set(locale, { posts, order });
  return order.map((i) => posts[i]!);
}

const lastOrder = editMap<Locale, { posts: SourcePost[]; order: number[] }>();

/**
 * A collection's files by slug. The preview assembles the model on every edit: when each record
 * has the slug and file the record at its place had, the last object is the one.
 */
function filesOf(records: SourceRecord[], locale: Locale, collection: CollectionName): Record<string, string> {
  const key = `${locale}\0${collection}`;
  const last = lastFiles.get(key);
  if (last && alike(records, last.records, (r, was) => r.slug === was.slug && r.file === was.file)) {
    last.records = records;
    return last.files;
  }
  const files: Record<string, string> = {};
  for (const r of records) files[r.slug] = r.file;
  lastFiles.set(key, { records, files });
  return files;
}

const lastFiles = editMap<string, { records: SourceRecord[]; files: Record<string, string> }>();

/** A post as a language's model shows it: its date is its publish date when it has one. */
function post(r: SourceRecord & { data: Omit<SourcePost, 'slug' | 'path' | 'body'> }, locale: Locale, zone: string): SourcePost {
  const published = windowOf(r.data, zone).publishAt;
  const date = published === undefined ? r.data.date : dateIn(published, zone);
  return { ...r.data, date, readTime: r.data.readTime ?? readingMinutes(r.body ?? ''), slug: r.slug, path: localePath(blogPath(r.data.id), locale), body: r.body ?? '' };
}

// Per language, remembered per record: the preview assembles the model on every edit, and an
// unchanged post stays the same object.
const postIn: Partial<Record<Locale, (record: SourceRecord, zone: string) => SourcePost>> = {};
const lastPosts = editMap<Locale, Mapped<SourceRecord, SourceSite['posts'][number]>>();

// Stand-ins for a missing or invalid site.yaml or navigation.yaml: what validation itself reads
// of them. The model is not handed on then.
const emptySite = { brand: '', url: '', social: [] } as unknown as SourceSite['config'];
const emptyNavigation = { menus: [], direct: [], footer: { columns: [] }, banner: { hiddenOn: [] }, footerHiddenOn: [] } as unknown as SourceSite['navigation'];

/**
 * Links (and pipes, sockets, devices) anywhere under content/, each a problem at its own path:
 * nothing is read through one, and a folder that is a link is not walked. Item files of a
 * collection are left to `loadFile`, which reports them with the same words.
 */
function checkTree(contentDir: string): Problem[] {
  return specialEntriesUnder(contentDir)
    .filter(({ rel }) => !collectionOf(rel))
    .map(({ rel, link }) => {
      const at = { file: displayContent(contentDir, rel), line: 1, column: 1 };
      return link ? statusProblem({ kind: 'link', at: at.file }, at) : problem('not-a-regular-file', at);
    });
}
