// What the admin creates: a new item of each kind `site new` makes (its files planned by
// authoring/new.ts, with the next free id or order and a slug from the title), a translation
// started from its English file, and a translation stamped up to date. Every refusal is the
// CLI's own words; nothing is written until every file is planned.
import { join } from 'node:path';
import type { Builder } from '../../build/build.ts';
import { kinds, planNew } from '../../authoring/new.ts';
import { alreadyStarted, planStamp, planStart } from '../../authoring/translation-files.ts';
import { createFile, replace } from '../../content/writes.ts';
import { UsageError } from '../../problems/errors.ts';

/** The kinds the admin offers, in the order its menu lists them. */
export const creatableKinds = Object.keys(kinds);

/** Writes a new item's files; answers the file to open and what else was edited. */
export function createItem(builder: Builder, contentDir: string, kind: unknown, title: unknown): { path: string; edited: string[]; summary: string } {
  if (typeof kind !== 'string' || !creatableKinds.includes(kind)) throw new UsageError(`choose what to create: ${creatableKinds.join(', ')}`);
  if (title !== undefined && (typeof title !== 'string' || title.length > 200)) throw new UsageError('a title is text of at most 200 characters');
  const zone = builder.clock?.zone ?? 'America/Toronto';
  // Today where the site is (en-CA writes dates YYYY-MM-DD).
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(Date.now());
  const plan = planNew([...builder.records.values()], { kind, title: title as string | undefined, date });
  const [created, ...edits] = plan.files;
  createFile(contentDir, created!.path, created!.text, (abs) => new UsageError(`${abs} already exists; choose another title`));
  for (const edit of edits) replace(join(contentDir, edit.path), edit.text, 'site-studio');
  return { path: created!.path, edited: edits.map((e) => e.path), summary: plan.summary };
}

/** `site translate start` for an English file: the translation to fill in. */
export function startTranslation(contentDir: string, englishRel: string): { path: string } {
  const plan = planStart({ contentDir, file: join(contentDir, englishRel) });
  createFile(contentDir, plan.targetRel, plan.text, alreadyStarted);
  return { path: plan.targetRel };
}

/** `site translate stamp` for a translation: it now translates its English file as it is. */
export function stampTranslation(contentDir: string, translationRel: string): { digest: string; changed: boolean } {
  const plan = planStamp(contentDir, join(contentDir, translationRel));
  if (plan.after !== plan.before) replace(plan.abs, plan.after, 'site-studio');
  return { digest: plan.digest, changed: plan.after !== plan.before };
}
