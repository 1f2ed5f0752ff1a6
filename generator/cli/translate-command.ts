// `site translate status|stamp|start`: where the French copy (content/fr/) stands against the
// English, and the two edits a translator needs: record that a translation is up to date with its
// English file (stamp), and start one from the English file (start). Usage errors exit 2 before
// anything is written (generator/errors.ts, UsageError). Like the build, they read and write
// nothing through a symbolic link in content/ (generator/paths.ts): `readContentArg` and
// `checkNewFile` below, which `site new` uses too.
import { lstatSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { collectionOf, collections, sharedCollections } from '../collections.ts';
import { UsageError } from '../errors.ts';
import { digestOf, loadAll, readContentFile, tooBigProblem } from '../load.ts';
import { inLocale, locales, splitLocale, translatedLocales, type TranslatedLocale } from '../locales.ts';
import { displayPath, inspectUnder, statusProblem, type PathStatus } from '../paths.ts';
import type { Problem } from '../problems.ts';
import { statusTable, translationStatuses, type TranslationState } from '../translations.ts';
import { startText, stampText } from '../translate.ts';
import { bold, dim, green, yellow } from './output.ts';

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
    if (file.locale === 'en') throw new UsageError(`${arg} is an English file; stamp its translation, e.g. site translate stamp ${displayPath(join(options.contentDir, inLocale(translatedLocales[0]!, file.inner)))}`);
    const abs = join(options.contentDir, file.rel);
    const source = join(options.contentDir, file.inner);
    const before = readContentArg(options.contentDir, file.rel, () => new UsageError(`${arg} does not exist; start it with site translate start ${displayPath(source)}`)).toString('utf8');
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
  if (file.locale !== 'en') throw new UsageError(`${options.file} is a translation; start from the English file, e.g. site translate start ${displayPath(join(options.contentDir, file.inner))}`);
  const locale = options.locale ?? translatedLocales[0]!;
  const source = join(options.contentDir, file.rel);
  const bytes = readContentArg(options.contentDir, file.rel, () => new UsageError(`${options.file} does not exist`));
  const targetRel = inLocale(locale, file.rel);
  checkNewFile(options.contentDir, targetRel, alreadyStarted);
  const target = join(options.contentDir, targetRel);
  const depth = locales[locale].contentRoot.split('/').length;
  return { source, target, targetRel, text: startText(bytes.toString('utf8'), digestOf(bytes), file.markdown, displayPath(source), depth) };
}

const alreadyStarted = (target: string) => new UsageError(`${displayPath(target)} already exists; update it, then run site translate stamp ${displayPath(target)}`);

/** `site translate start <english file>`: the translation to fill in, every text marked TODO: translate:. */
export function runStart(options: { contentDir: string; file: string; locale?: TranslatedLocale }): void {
  const { source, target, targetRel, text } = planStart(options);
  createFile(options.contentDir, targetRel, text, alreadyStarted);
  console.log(green(`✓ Created ${displayPath(target)}`) + dim(` from ${displayPath(source)}`));
  console.log(`\nNext: translate every field marked TODO: translate:. ${dim('site validate lists each one still to translate; nothing with one left can be built.')}`);
}

/**
 * Replaces a file by rename, so a reader never sees half of it. The temporary file is created
 * with `wx`: a link planted under its name is never written through.
 */
export function replace(abs: string, text: string, tag = 'site-translate'): void {
  const temporary = `${abs}.${tag}-${process.pid}`;
  writeFileSync(temporary, text, { flag: 'wx' });
  renameSync(temporary, abs);
}

/**
 * The bytes of the content file `rel` (under the content folder) that a command reads, refused
 * as the build refuses it: a symbolic link on the way, anything but a regular file (a pipe is
 * never opened for reading, so it cannot hang the command), a file over MAX_CONTENT_BYTES. Each
 * is a usage error (exit 2) worded as the build's problem; `missing` words a file that is not there.
 */
export function readContentArg(contentDir: string, rel: string, missing: () => UsageError): Buffer {
  const status = inspectUnder(contentDir, rel);
  if (status.kind === 'missing') throw missing();
  if (status.kind !== 'file') throw refusal(contentDir, rel, status);
  const read = readContentFile(status.abs);
  // Replaced by something else since the look.
  if (!read) throw refusal(contentDir, rel, { kind: 'refused', reason: 'is not a regular file' });
  if ('tooBig' in read) throw usageProblem(tooBigProblem({ file: displayPath(status.abs), line: 1, column: 1 }, read.tooBig));
  return read.bytes;
}

/**
 * Refuses (exit 2) a file to create at `rel` under the content folder where the build would
 * refuse it or a write would leave the folder: a symbolic link on the way or in its place, a
 * file where one of its folders should be; `taken` words a file already there. Folders still
 * missing are fine (they are made, and looked at again: see `createFile`).
 */
export function checkNewFile(contentDir: string, rel: string, taken: (abs: string) => UsageError): void {
  const segments = rel.split('/');
  let abs = contentDir;
  for (const [i, segment] of segments.entries()) {
    abs = join(abs, segment);
    const stats = lstatSync(abs, { throwIfNoEntry: false });
    if (!stats) return;
    if (stats.isSymbolicLink()) throw refusal(contentDir, rel, { kind: 'link', at: displayPath(abs) });
    if (i === segments.length - 1) throw taken(abs);
    if (!stats.isDirectory()) {
      throw new UsageError(`${displayPath(abs)} is a file where a folder should be, to hold ${displayPath(join(contentDir, rel))}; move or delete it, then run the command again`);
    }
  }
}

/**
 * Creates `rel` under the content folder with `text`: checked (`checkNewFile`), its folders made,
 * checked again (a link swapped in meanwhile is refused), then written with `wx`, so a file that
 * appeared since the plan is never overwritten and a link in its place never followed.
 */
export function createFile(contentDir: string, rel: string, text: string, taken: (abs: string) => UsageError): void {
  checkNewFile(contentDir, rel, taken);
  const abs = join(contentDir, rel);
  mkdirSync(dirname(abs), { recursive: true });
  checkNewFile(contentDir, rel, taken);
  try {
    writeFileSync(abs, text, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw Object.assign(taken(abs), { cause: error });
    throw error;
  }
}

/**
 * A path `inspectUnder` refused, in the words the build prints for it (a link is named itself);
 * something other than a regular file is named for what it is ("is a folder, not a file"),
 * where the build's words, "not a regular file or folder", would puzzle about a folder.
 */
function refusal(contentDir: string, rel: string, status: Exclude<PathStatus, { kind: 'file' | 'missing' }>): UsageError {
  const abs = join(contentDir, rel);
  const p = statusProblem(status, { file: status.kind === 'link' ? status.at : displayPath(abs), line: 1, column: 1 });
  const what = p.code === 'not-a-regular-file' ? otherThanFile(abs) : undefined;
  return usageProblem(what ? { ...p, message: `is ${what}, not a regular file` } : p);
}

/** What is at `abs` when it is not a regular file, in a few words. */
function otherThanFile(abs: string): string | undefined {
  const stats = lstatSync(abs, { throwIfNoEntry: false });
  if (stats?.isDirectory()) return 'a folder';
  if (stats?.isFIFO()) return 'a named pipe (FIFO)';
  if (stats?.isSocket()) return 'a socket';
  if (stats?.isCharacterDevice() || stats?.isBlockDevice()) return 'a device';
  return undefined;
}

/** A content problem that stops a command before it writes anything: one line, exit 2. */
function usageProblem(p: Problem): UsageError {
  return new UsageError(`${p.file} ${p.message}; ${p.hint}`);
}
