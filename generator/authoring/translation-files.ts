// The files `site translate start` and `stamp` write, planned from the files on disk: a content
// path is checked as the build checks it, and every refusal is a usage error, before anything is
// written. The CLI (cli/translate-command.ts) and the admin (preview/studio/) carry the plans out.
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { collectionOf, collections, sharedCollections } from '../content/collections.ts';
import { UsageError } from '../problems/errors.ts';
import { digestOf } from '../content/load.ts';
import { inLocale, locales, splitLocale, translatedLocales, type TranslatedLocale } from '../content/locales.ts';
import { displayPath } from '../content/paths.ts';
import { checkNewFile, readContentArg } from '../content/writes.ts';
import { startText, stampText } from './translate.ts';

/** A file given on the command line, as a path inside the content folder with its language and collection. */
export function contentFile(contentDir: string, arg: string): { rel: string; locale: ReturnType<typeof splitLocale>['locale']; inner: string; markdown: boolean } {
  const abs = isAbsolute(arg) ? arg : resolve(arg);
  const rel = relative(contentDir, abs).split(sep).join('/');
  const collection = rel.startsWith('..') || isAbsolute(rel) ? undefined : collectionOf(rel);
  if (!collection) throw new UsageError(`${arg} is not a content file (a page, post, solution… under ${displayPath(contentDir) || '.'}/)`);
  const { locale, rel: inner } = splitLocale(rel);
  if (sharedCollections.includes(collection)) throw new UsageError(`${arg} is shared by every language and is not translated`);
  return { rel, locale, inner, markdown: collections[collection].kind === 'markdown-dir' };
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

export const alreadyStarted = (target: string) => new UsageError(`${displayPath(target)} already exists; update it, then run npx site translate stamp ${displayPath(target)}`);

/** A translation's stamp: its text before and after, and the English file and digest it records. */
export interface StampPlan { abs: string; before: string; after: string; digest: string; source: string }

/** What `site translate stamp <file>` would write for one translation (`arg`: a path, absolute or from the working directory). */
export function planStamp(contentDir: string, arg: string): StampPlan {
  const file = contentFile(contentDir, arg);
  if (file.locale === 'en') throw new UsageError(`${arg} is an English file; stamp its translation, e.g. npx site translate stamp ${displayPath(join(contentDir, inLocale(translatedLocales[0]!, file.inner)))}`);
  const abs = join(contentDir, file.rel);
  const source = join(contentDir, file.inner);
  const before = readContentArg(contentDir, file.rel, () => new UsageError(`${arg} does not exist; start it with npx site translate start ${displayPath(source)}`)).toString('utf8');
  const digest = digestOf(readContentArg(contentDir, file.inner, () => new UsageError(`${arg} translates ${displayPath(source)}, which does not exist`)));
  return { abs, before, after: stampText(before, digest, file.markdown), digest, source };
}
