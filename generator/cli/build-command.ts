// `site build` and `site validate`: content problems stop them (exit 1); warnings (the JS
// budget, missing descriptions, heavy images, facts typed out) are printed after the result
// and fail only with --strict, for CI.
import { languages } from '../build/build.ts';
import { siteBuild, StrictWarnings, type SiteBuildOptions, type SiteBuildResult } from '../build/site-build.ts';
import type { NextChange } from '../speed/build-state.ts';
import { describeMoment } from '../content/schedule.ts';

const URL_RECORD_DISPLAY = 'content/published-urls.txt';
import { loadAll } from '../content/load.ts';
import { validate } from '../validate/validate.ts';
import { displayPath } from '../content/paths.ts';
import { ContentError, type Problem } from '../problems/problems.ts';
import { EXIT, UserError } from '../problems/errors.ts';
import { runChecks } from '../checks/checks.ts';
import { contentCheckInput } from '../checks/check-input.ts';
import { count, dim, green, printSummary, printTimings, printWarnings, yellow } from '../terminal.ts';

export interface BuildCommandOptions extends SiteBuildOptions {
  /** Every warning, not the first few of a kind that has many (printWarnings). */
  allWarnings?: boolean;
  /** One JSON summary on stdout instead of the lines (warnings still go to stderr). */
  json?: boolean;
}

export async function runBuild(options: BuildCommandOptions): Promise<void> {
  const start = performance.now();
  let result;
  try {
    result = await siteBuild(options);
  } catch (error) {
    if (error instanceof StrictWarnings) throw strictFailure(error.warnings, 'the previous build is unchanged', options.allWarnings);
    throw error;
  }
  if (options.json) {
    for (const line of result.notices) console.error(yellow(`⚠ ${line}`));
    printWarnings(result.warnings, console.error, options.allWarnings);
    console.log(JSON.stringify(buildJson(result, options), null, 1));
    return;
  }
  printTimings(result.timings);
  printSummary(result.summary, displayPath(options.outDir) || '.', performance.now() - start);
  if (result.next) console.log(`  next: ${nextLine(result.next)}`);
  if (result.recorded) console.log(dim(`  ${URL_RECORD_DISPLAY} lists the URLs this build publishes: commit it with the content`));
  if (result.kind === 'updated') {
    const n = result.written.length;
    if (!result.changed.length) console.log(dim('  nothing changed since the last build into this folder: it is as it was (--no-cache builds in full)'));
    else console.log(dim(`  updated in place: ${result.changed.length} post${result.changed.length === 1 ? '' : 's'} edited (${result.changed.join(', ')}), ${result.rendered.length} page${result.rendered.length === 1 ? '' : 's'} rendered, ${n} file${n === 1 ? '' : 's'} rewritten; the rest is the last build's (--no-cache builds in full)`));
  } else {
    const { cards } = result;
    if (cards.removed) console.log(dim(`  card cache: removed ${cards.removed} card${cards.removed === 1 ? '' : 's'} (${(cards.bytes / 1048576).toFixed(0)} MB) not used lately, ${cards.kept} kept`));
    if (result.pageCache) console.log(dim(`  ${result.pageCache}`));
  }
  // Not content warnings: a damaged cache costs time, never a wrong page, and --strict ignores it.
  for (const line of result.notices) console.error(yellow(`⚠ ${line}`));
  printWarnings(result.warnings, console.log, options.allWarnings);
}

/** "'Winter tires and ELD' publishes Mon 7 Dec 2026 06:00 Toronto time (content/blog/x.md)". */
function nextLine(next: NextChange): string {
  return `'${next.title}' ${next.change} ${describeMoment(next.at, next.zone)} (${next.file})`;
}

/** What `site build --json` prints: the summary, the next scheduled change and what is scheduled or expired. */
function buildJson(result: SiteBuildResult, options: BuildCommandOptions) {
  const moment = (at: number | undefined, zone: string) => (at === undefined ? undefined : { at: new Date(at).toISOString(), local: describeMoment(at, zone) });
  const zone = result.next?.zone ?? 'America/Toronto';
  return {
    out: displayPath(options.outDir) || '.',
    kind: result.kind,
    ...result.summary,
    warnings: result.warnings.length,
    next: result.next && { file: result.next.file, title: result.next.title, change: result.next.change, ...moment(result.next.at, result.next.zone) },
    scheduled: result.scheduled?.map((item) => ({ file: item.file, title: item.title, status: item.status, publishAt: moment(item.publishAt, zone), expiresAt: moment(item.expiresAt, zone), paths: item.paths })),
    recordedUrls: result.recorded ?? false,
  };
}

export async function runValidate(options: { contentDir: string; strict?: boolean; allWarnings?: boolean }): Promise<void> {
  const start = performance.now();
  const records = loadAll(options.contentDir);
  const result = validate(records, { contentDir: options.contentDir, includeDrafts: true });
  if (result.problems.length || !result.site) throw new ContentError(result.problems, { then: 'Nothing was written (validate never writes); warnings are looked for once these are fixed.' });
  // No bundle and no render here: the JavaScript budgets are checked by `site build`.
  const { sites, routes } = languages({ site: result.site, translations: result.translations });
  const warnings = runChecks(contentCheckInput(records, routes, sites.en!.config, options.contentDir));
  if (options.strict && warnings.length) throw strictFailure(warnings, 'fix them, or run without --strict', options.allWarnings);
  console.log(green(`✓ ${records.length} content files are valid (${(performance.now() - start).toFixed(0)} ms)`));
  printWarnings(warnings, console.log, options.allWarnings);
}

/** --strict with warnings: they are printed, then the command fails as for a content problem. */
function strictFailure(warnings: Problem[], then: string, all = false): UserError {
  printWarnings(warnings, console.error, all);
  const n = warnings.length;
  return new UserError(`--strict: ${count(n)} warning${n === 1 ? '' : 's'} fail${n === 1 ? 's' : ''} the command; ${then}`, EXIT.content);
}
