// `site new <kind> [title]`: reads content/, plans the new item (generator/authoring/new.ts), then writes
// it, or prints it with --dry-run. A usage error (exit 2) is thrown before anything is written.
// `site new translation <English file>` starts its French file with `site translate start`'s
// code (cli/translate-command.ts), so an author who knows `site new` finds it.
import { join } from 'node:path';
import { loadAll } from '../content/load.ts';
import { displayPath as display } from '../content/paths.ts';
import { planNew, TRANSLATION, UsageError, type PlannedFile } from '../authoring/new.ts';
import { checkNewFile, createFile, readContentArg, replace } from '../content/writes.ts';
import { runStart } from './translate-command.ts';
import { planStart } from '../authoring/translation-files.ts';
import { bold, dim, green } from '../terminal.ts';

export interface NewOptions {
  contentDir: string;
  kind: string;
  title?: string;
  slug?: string;
  dryRun: boolean;
  /** Defaults to today's local date. */
  date?: string;
}

/** The local calendar date, YYYY-MM-DD: the day the author sees, not UTC's. */
export function localDate(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export async function runNew(options: NewOptions): Promise<void> {
  if (options.kind === TRANSLATION) return newTranslation(options);
  const plan = planNew(loadAll(options.contentDir), { kind: options.kind, title: options.title, slug: options.slug, date: options.date ?? localDate() });
  // A dry run is refused as the run would be.
  check(options.contentDir, plan.files);
  if (options.dryRun) {
    printDryRun(options.contentDir, plan.files);
    return;
  }
  write(options.contentDir, plan.files);
  for (const f of plan.files) {
    const path = display(join(options.contentDir, f.path));
    if (f.action === 'create') console.log(green(`✓ Created ${path}`) + dim(` (${plan.summary})`));
    else console.log(green(`✓ Linked it from ${path}: `) + f.where.join(', '));
  }
  console.log(`\nNext: fill the fields marked TODO, then run npx site preview. ${dim('npx site validate lists every TODO still to write; nothing with one left can be built.')}`);
  const created = plan.files.find((f) => f.action === 'create');
  if (created) console.log(dim(`Once it is written, start its French version: npx site new translation ${display(join(options.contentDir, created.path))}`));
}

/** `site new translation <English file> [--dry-run]`: the French file to fill in, as `site translate start` writes it. */
function newTranslation(options: NewOptions): void {
  if (!options.title) throw new UsageError(`a ${TRANSLATION} starts from an English file: npx site new ${TRANSLATION} content/blog/<file>.md`);
  if (options.slug !== undefined) throw new UsageError(`--slug does not apply to a ${TRANSLATION}: it has its English file's name`);
  if (!options.dryRun) return runStart({ contentDir: options.contentDir, file: options.title });
  const plan = planStart({ contentDir: options.contentDir, file: options.title });
  console.log(bold(`${display(plan.target)} (new file)`));
  console.log(plan.text);
  console.log(dim('Dry run: nothing was written.'));
}

function printDryRun(contentDir: string, files: PlannedFile[]): void {
  for (const f of files) {
    const path = display(join(contentDir, f.path));
    if (f.action === 'create') {
      console.log(bold(`${path} (new file)`));
      console.log(f.text);
    } else {
      console.log(bold(`${path} (${f.added.length} line${f.added.length === 1 ? '' : 's'} added)`) + dim(`: ${f.where.join(', ')}`));
      for (const line of f.added) console.log(`+${line}`);
      console.log('');
    }
  }
  console.log(dim('Dry run: nothing was written.'));
}

const taken = (abs: string) => new UsageError(`${display(abs)} already exists; choose another title or pass --slug`);

/**
 * Every file of the plan checked before any is written, as the build would take it: a new file
 * needs a place without a symbolic link on the way (content/jobs linked to a folder elsewhere
 * had made the job there), an edited one must still be a regular file, reached without one.
 */
function check(contentDir: string, files: PlannedFile[]): void {
  for (const f of files) {
    if (f.action === 'create') checkNewFile(contentDir, f.path, taken);
    else readContentArg(contentDir, f.path, () => new UsageError(`${display(join(contentDir, f.path))} was deleted while the command ran; run it again`));
  }
}

/**
 * New files are created with `wx`, so one that appeared since the content was read is never
 * overwritten; edits replace the file by rename, so a reader never sees half of one.
 */
function write(contentDir: string, files: PlannedFile[]): void {
  for (const f of files.filter((x) => x.action === 'create')) createFile(contentDir, f.path, f.text, taken);
  for (const f of files.filter((x) => x.action === 'edit')) replace(join(contentDir, f.path), f.text, 'site-new');
}
