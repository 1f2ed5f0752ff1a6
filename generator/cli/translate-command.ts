// `site translate status|stamp|start`: where the French copy (content/fr/) stands against the
// English, and the two edits a translator needs: record that a translation is up to date with its
// English file (stamp), and start one from the English file (start). Usage errors exit 2 before
// anything is written (generator/problems/errors.ts, UsageError). Like the build, they read and write
// nothing through a symbolic link in content/ (generator/content/paths.ts): cli/content-files.ts, which
// `site new` uses too.
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { collectionOf, collections, sharedCollections } from '../content/collections.ts';
import { UsageError } from '../problems/errors.ts';
import { digestOf, loadAll } from '../content/load.ts';
import { inLocale, locales, splitLocale, translatedLocales, type TranslatedLocale } from '../content/locales.ts';
import { displayPath } from '../content/paths.ts';
import { statusTable, translationStatuses, type TranslationState } from '../validate/translations.ts';
import { startText, stampText } from '../authoring/translate.ts';
import { checkNewFile, createFile, readContentArg, replace } from './content-files.ts';
import { bold, dim, green, yellow } from '../terminal.ts';

/** A file given on the command line, as a path inside the content folder with its language and collection. */
function contentFile(contentDir: string, arg: string): { rel: string; locale: ReturnType<typeof splitLocale>['locale']; inner: string; markdown: boolean } {
  const abs = isAbsolute(arg) ? arg : resolve(arg);
  const rel = relative(contentDir, abs).split(sep).join('/');
  const collection = rel.startsWith('..') || isAbsolute(rel) ? undefined : collectionOf(rel);
  if (!collection) throw new UsageError(`${arg} is not a content file (a page, post, solution… under ${displayPath(contentDir) || '.'}/)`);
  const { locale, rel: inner } = splitLocale(rel);
  if (sharedCollections.includes(collection)) throw new UsageError(`${arg} is shared by every language and is not translated`);
  return { rel, locale, inner, markdown: collections[collection].kind === 'markdown-dir' };
}

/** `site translate status`: per language and collection, how many items are translated, out of date, missing. */
export function runStatus(options: { contentDir: string }): void {
  const statuses = translationStatuses(loadAll(options.contentDir));
  const rows = statusTable(statuses);
  const header = ['collection', 'items', 'translated', 'out of date', 'missing', 'orphans'];
  for (const locale of translatedLocales) {
    const mine = rows.filter((r) => r.locale === locale);
    const table = [header, ...mine.map((r) => [r.collection, r.items, r.translated, r.outdated, r.missing, r.orphans].map(String))];
    const total = (k: 'items' | 'translated' | 'outdated' | 'missing' | 'orphans') => String(mine.reduce((n, r) => n + r[k], 0));
    table.push(['total', total('items'), total('translated'), total('outdated'), total('missing'), total('orphans')]);
    const widths = header.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
    console.log(bold(`${locales[locale].tag} (content/${locales[locale].contentRoot}/)`));
    for (const [i, row] of table.entries()) {
      const line = row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ');
      console.log(`  ${i === 0 ? dim(line) : line}`);
    }
    const pending = statuses.filter((s) => s.locale === locale && s.state !== 'up-to-date');
    if (!pending.length) console.log(green(`✓ every item is translated and up to date`));
    for (const s of pending) console.log(`  ${yellow(LABEL[s.state])} ${s.state === 'missing' ? s.sourceFile : s.translationFile}`);
  }
}

const LABEL: Record<TranslationState, string> = { 'up-to-date': 'up to date', outdated: 'out of date', unstamped: 'no sourceHash', missing: 'missing', orphan: 'orphan' };

/** `site translate stamp <file…>`: records in each translation the English version it now translates. */
export function runStamp(options: { contentDir: string; files: string[] }): void {
  // Every argument is checked, and every file read, before any file is written.
  const planned = options.files.map((arg) => {
    const file = contentFile(options.contentDir, arg);
    if (file.locale === 'en') throw new UsageError(`${arg} is an English file; stamp its translation, e.g. npx site translate stamp ${displayPath(join(options.contentDir, inLocale(translatedLocales[0]!, file.inner)))}`);
    const abs = join(options.contentDir, file.rel);
    const source = join(options.contentDir, file.inner);
    const before = readContentArg(options.contentDir, file.rel, () => new UsageError(`${arg} does not exist; start it with npx site translate start ${displayPath(source)}`)).toString('utf8');
    const digest = digestOf(readContentArg(options.contentDir, file.inner, () => new UsageError(`${arg} translates ${displayPath(source)}, which does not exist`)));
    return { abs, before, digest, markdown: file.markdown, source };
  });
  for (const f of planned) {
    const after = stampText(f.before, f.digest, f.markdown);
    if (after !== f.before) replace(f.abs, after);
    console.log(green(`✓ ${displayPath(f.abs)}`) + dim(` translates ${displayPath(f.source)} as it is now (sourceHash ${f.digest})`));
  }
}

/** A translation to start: the English file, the file to create, and its text. */
export interface StartPlan {
  source: string;
  target: string;
  /** The target relative to the content folder. */
  targetRel: string;
  text: string;
}

/**
 * What `site translate start <english file>` (and `site new translation`) would write: the
 * translation to fill in, every text marked TODO: translate:. Usage errors are thrown here,
 * before anything is written.
 */
export function planStart(options: { contentDir: string; file: string; locale?: TranslatedLocale }): StartPlan {
  const file = contentFile(options.contentDir, options.file);
  if (file.locale !== 'en') throw new UsageError(`${options.file} is a translation; start from the English file, e.g. npx site translate start ${displayPath(join(options.contentDir, file.inner))}`);
  const locale = options.locale ?? translatedLocales[0]!;
  const source = join(options.contentDir, file.rel);
  const bytes = readContentArg(options.contentDir, file.rel, () => new UsageError(`${options.file} does not exist`));
  const targetRel = inLocale(locale, file.rel);
  checkNewFile(options.contentDir, targetRel, alreadyStarted);
  const target = join(options.contentDir, targetRel);
  const depth = locales[locale].contentRoot.split('/').length;
  return { source, target, targetRel, text: startText(bytes.toString('utf8'), digestOf(bytes), file.markdown, displayPath(source), depth) };
}

const alreadyStarted = (target: string) => new UsageError(`${displayPath(target)} already exists; update it, then run npx site translate stamp ${displayPath(target)}`);

/** `site translate start <english file>`: the translation to fill in, every text marked TODO: translate:. */
export function runStart(options: { contentDir: string; file: string; locale?: TranslatedLocale }): void {
  const { source, target, targetRel, text } = planStart(options);
  createFile(options.contentDir, targetRel, text, alreadyStarted);
  console.log(green(`✓ Created ${displayPath(target)}`) + dim(` from ${displayPath(source)}`));
  console.log(`\nNext: translate every field marked TODO: translate:. ${dim('npx site validate lists each one still to translate; nothing with one left can be built.')}`);
}
