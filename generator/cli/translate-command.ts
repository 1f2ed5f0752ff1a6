// `site translate status|stamp|start`: where the French copy (content/fr/) stands against the
// English, and the two edits a translator needs: record that a translation is up to date with its
// English file (stamp), and start one from the English file (start). Usage errors exit 2 before
// anything is written (generator/problems/errors.ts, UsageError). Like the build, they read and write
// nothing through a symbolic link in content/ (generator/content/paths.ts): content/writes.ts, which
// `site new` uses too.
import { loadAll } from '../content/load.ts';
import { locales, translatedLocales, type TranslatedLocale } from '../content/locales.ts';
import { displayPath } from '../content/paths.ts';
import { statusTable, translationStatuses, type TranslationState } from '../validate/translations.ts';
import { alreadyStarted, planStamp, planStart } from '../authoring/translation-files.ts';
import { createFile, replace } from '../content/writes.ts';
import { bold, dim, green, yellow } from '../terminal.ts';

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
  const planned = options.files.map((arg) => planStamp(options.contentDir, arg));
  for (const f of planned) {
    if (f.after !== f.before) replace(f.abs, f.after);
    console.log(green(`✓ ${displayPath(f.abs)}`) + dim(` translates ${displayPath(f.source)} as it is now (sourceHash ${f.digest})`));
  }
}

/** `site translate start <english file>`: the translation to fill in, every text marked TODO: translate:. */
export function runStart(options: { contentDir: string; file: string; locale?: TranslatedLocale }): void {
  const { source, target, targetRel, text } = planStart(options);
  createFile(options.contentDir, targetRel, text, alreadyStarted);
  console.log(green(`✓ Created ${displayPath(target)}`) + dim(` from ${displayPath(source)}`));
  console.log(`\nNext: translate every field marked TODO: translate:. ${dim('npx site validate lists each one still to translate; nothing with one left can be built.')}`);
}
