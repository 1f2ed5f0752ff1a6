// Which English item each translation translates, and whether it still does. A file in
// content/fr/ names the English file it translates by its path (content/fr/blog/x.md translates
// content/blog/x.md) and the version it translated by `sourceHash`, the first 16 hex digits of
// the sha256 of that file's bytes. Pure: records in, statuses and problems out.
import { collections, sharedCollections, type CollectionName } from '../content/collections.ts';
import { problem } from '../problems/errors.ts';
import { locate, localeOf, type SourceRecord } from '../content/load.ts';
import { inLocale, splitLocale, translatedLocales, type Locale, type TranslatedLocale } from '../content/locales.ts';
import type { Problem } from '../problems/problems.ts';

/** What a valid `sourceHash` looks like. */
export const SOURCE_HASH = /^[0-9a-f]{16}$/;

/**
 * up-to-date: the translation's sourceHash is the English file's digest; outdated: the English
 * file changed since; unstamped: the translation's sourceHash is missing or malformed (an error
 * of its own), so nobody can tell; missing: no translation; orphan: no English file.
 */
export type TranslationState = 'up-to-date' | 'outdated' | 'unstamped' | 'missing' | 'orphan';

/** One English item in one language, or one translation without its English item. */
export interface TranslationStatus {
  locale: TranslatedLocale;
  collection: CollectionName;
  state: TranslationState;
  /** Path inside a language's tree, e.g. blog/x.md. */
  rel: string;
  /** The English file and the translation, as shown to people (the one that is absent too). */
  sourceFile: string;
  translationFile: string;
  source?: SourceRecord;
  translation?: SourceRecord;
}

/** The command that records the current English version in a translation. */
export const stampCommand = (translationFile: string) => `npx site translate stamp ${translationFile}`;
/** The command that starts a translation from the English file. */
export const startCommand = (sourceFile: string) => `npx site translate start ${sourceFile}`;

/** `record.file` with its content-relative path replaced by `rel` (content/blog/x.md → content/fr/blog/x.md). */
function sibling(record: SourceRecord, rel: string): string {
  return record.file.endsWith(record.relPath) ? record.file.slice(0, record.file.length - record.relPath.length) + rel : rel;
}

/** Every English item's state in every translated language the content has, and every orphan translation; in content order. */
export function translationStatuses(records: readonly SourceRecord[]): TranslationStatus[] {
  const english = new Map<string, SourceRecord>();
  for (const r of records) if (localeOf(r) === 'en' && !sharedCollections.includes(r.collection)) english.set(r.relPath, r);
  const statuses: TranslationStatus[] = [];
  for (const locale of translatedLocales) {
    const mine = new Map<string, SourceRecord>();
    for (const r of records) if (localeOf(r) === locale && !sharedCollections.includes(r.collection)) mine.set(splitLocale(r.relPath).rel, r);
    // A content folder without a single file of a language does not have that language (yet): its
    // English items are not each "missing" a translation.
    if (!mine.size) continue;
    for (const [rel, source] of english) {
      const translation = mine.get(rel);
      const translationFile = translation?.file ?? sibling(source, inLocale(locale, rel));
      statuses.push({ locale, collection: source.collection, state: stateOf(source, translation), rel, sourceFile: source.file, translationFile, source, translation });
    }
    for (const [rel, translation] of mine) {
      if (english.has(rel)) continue;
      statuses.push({ locale, collection: translation.collection, state: 'orphan', rel, sourceFile: sibling(translation, rel), translationFile: translation.file, translation });
    }
  }
  return statuses;
}

function stateOf(source: SourceRecord, translation: SourceRecord | undefined): TranslationState {
  if (!translation) return 'missing';
  const hash = translation.sourceHash;
  if (typeof hash !== 'string' || !SOURCE_HASH.test(hash)) return 'unstamped';
  // An English file read without its bytes (a test's parseSource) cannot be compared.
  const digest = source.sourceDigest ?? source.digest;
  return digest === undefined || digest === hash ? 'up-to-date' : 'outdated';
}

/** Missing, out-of-date and orphan translations, as warnings located at the translation (or where it belongs). */
export function translationWarnings(records: readonly SourceRecord[]): Problem[] {
  const warnings: Problem[] = [];
  for (const s of translationStatuses(records)) {
    if (s.state === 'missing') {
      warnings.push(problem('translation-missing', { file: s.translationFile, line: 1, column: 1 }, { source: s.sourceFile, start: startCommand(s.sourceFile) }));
    } else if (s.state === 'outdated') {
      const at = locate(s.translation!, ['sourceHash']);
      warnings.push(problem('translation-outdated', { file: s.translationFile, ...at, path: 'sourceHash' }, { source: s.sourceFile, stamp: stampCommand(s.translationFile) }));
    } else if (s.state === 'orphan') {
      warnings.push(problem('translation-orphan', { file: s.translationFile, line: 1, column: 1 }, { source: s.sourceFile }));
    }
  }
  return warnings;
}

/** A translation whose sourceHash is missing or malformed: it cannot say which English version it translates. */
export function sourceHashProblems(record: SourceRecord): Problem[] {
  if (localeOf(record) === 'en' || record.problems.length || sharedCollections.includes(record.collection)) return [];
  const hash = record.sourceHash;
  if (typeof hash === 'string' && SOURCE_HASH.test(hash)) return [];
  const source = sibling(record, splitLocale(record.relPath).rel);
  const stamp = stampCommand(record.file);
  if (hash === undefined) return [problem('source-hash-missing', { file: record.file, line: 1, column: 1 }, { source, stamp })];
  return [problem('source-hash-invalid', { file: record.file, ...locate(record, ['sourceHash']), path: 'sourceHash' }, { value: hash, stamp })];
}

/** Per collection (in the order of generator/content/collections.ts) and language: how many items are in each state. */
export function statusTable(statuses: readonly TranslationStatus[]): { locale: Locale; collection: CollectionName; items: number; translated: number; outdated: number; missing: number; orphans: number }[] {
  const rows = [];
  for (const locale of translatedLocales) {
    for (const collection of Object.keys(collections) as CollectionName[]) {
      if (sharedCollections.includes(collection)) continue;
      const mine = statuses.filter((s) => s.locale === locale && s.collection === collection);
      const count = (...states: TranslationState[]) => mine.filter((s) => states.includes(s.state)).length;
      rows.push({ locale, collection, items: mine.length - count('orphan'), translated: count('up-to-date', 'outdated', 'unstamped'), outdated: count('outdated', 'unstamped'), missing: count('missing'), orphans: count('orphan') });
    }
  }
  return rows;
}
