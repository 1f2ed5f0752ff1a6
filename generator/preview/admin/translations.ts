// The admin's view of the translations: per language, where each collection stands (the table
// `site translate status` prints) and every item left to do with its located file and the
// command that fixes it; and each page's translation status. From the records the preview keeps,
// valid or not, so the table follows edits even while the content has problems.
import { join } from 'node:path';
import { locate, type SourceRecord } from '../../content/load.ts';
import { DEFAULT_LOCALE, locales, translatedLocales } from '../../content/locales.ts';
import { displayPath } from '../../content/paths.ts';
import type { Route } from '../../render/routes.ts';
import { startCommand, stampCommand, statusTable, translationStatuses, type TranslationStatus } from '../../validate/translations.ts';
import type { FileRef, PageTranslation, PendingTranslation, TranslationInfo } from './types.ts';

type Ref = (file: string, line?: number, column?: number) => FileRef;

// Out of date first: the page shows an old translation; then missing (English shown), then orphans (shown nowhere).
const PENDING_ORDER: PendingTranslation['state'][] = ['outdated', 'unstamped', 'missing', 'orphan'];

/** Per translated language that has copy: its status table and the items to do, worst first. */
export function translationsOf(records: readonly SourceRecord[], routes: readonly Route[], contentDir: string, ref: Ref): TranslationInfo[] {
  const statuses = translationStatuses(records);
  const rows = statusTable(statuses);
  return translatedLocales
    .filter((locale) => statuses.some((s) => s.locale === locale))
    .map((locale) => ({
      locale,
      tag: locales[locale].tag,
      folder: `${displayPath(join(contentDir, locales[locale].contentRoot))}/`,
      rows: rows.filter((r) => r.locale === locale).map(({ locale: _, ...row }) => row),
      pending: statuses
        .filter((s): s is TranslationStatus & { state: PendingTranslation['state'] } => s.locale === locale && s.state !== 'up-to-date')
        .sort((a, b) => PENDING_ORDER.indexOf(a.state) - PENDING_ORDER.indexOf(b.state))
        .map((s) => pending(s, routes, ref)),
    }));
}

function pending(s: TranslationStatus & { state: PendingTranslation['state'] }, routes: readonly Route[], ref: Ref): PendingTranslation {
  // A missing translation's pages show the English file; the others', the translation.
  const shown = s.state === 'missing' ? s.sourceFile : s.translationFile;
  const pages = routes.filter((r) => r.locale === s.locale && r.sources.includes(shown)).map((r) => r.path);
  const hash = s.translation && s.state === 'outdated' ? locate(s.translation, ['sourceHash']) : undefined;
  return {
    collection: s.collection,
    state: s.state,
    ...(s.source ? { source: ref(s.sourceFile) } : {}),
    translation: ref(s.translationFile, hash?.line, hash?.column),
    ...(s.state === 'missing' ? { command: startCommand(s.sourceFile) } : s.state === 'orphan' ? {} : { command: stampCommand(s.translationFile) }),
    pages,
  };
}

/** A page's translation status; undefined for a page in the default language. */
export function pageTranslation(route: Route, statuses: ReadonlyMap<string, TranslationStatus>): PageTranslation | undefined {
  if (route.locale === DEFAULT_LOCALE) return undefined;
  if (route.untranslated) return 'fallback';
  const state = statuses.get(route.sources[0] ?? '')?.state;
  return state === 'outdated' || state === 'unstamped' ? 'outdated' : 'translated';
}

/** Each translation's status by its file (display path). */
export function statusesByTranslation(records: readonly SourceRecord[]): Map<string, TranslationStatus> {
  return new Map(translationStatuses(records).filter((s) => s.translation).map((s) => [s.translationFile, s]));
}
