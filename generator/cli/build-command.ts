// `site build` and `site validate`: content problems stop them (exit 1); warnings (the JS
// budget, missing descriptions, heavy images, facts typed out) are printed after the result
// and fail only with --strict, for CI.
import { join } from 'node:path';
import { Builder, languages, type BuildOptions } from '../build/build.ts';
import { recordState, scanContent, statePath } from '../speed/build-state.ts';
import { updateInPlace } from '../speed/build-update.ts';
import { collectionOf } from '../content/collections.ts';
import { loadAll } from '../content/load.ts';
import { validate } from '../validate/validate.ts';
import { OutputDir } from '../output/write.ts';
import { displayPath } from '../content/paths.ts';
import { ContentError, type Problem } from '../problems/problems.ts';
import { EXIT, UsageError, UserError } from '../problems/errors.ts';
import { keptFolders, outputFolderProblem } from '../output/out-dir.ts';
import { runChecks, type Check } from '../checks/checks.ts';
import { checkInput, contentCheckInput } from '../checks/check-input.ts';
import { count, dim, green, printSummary, printTimings, printWarnings, yellow } from './output.ts';

export const projectRoot = new URL('../../', import.meta.url).pathname.replace(/\/$/, '');

export interface BuildCommandOptions {
  contentDir: string;
  outDir: string;
  includeDrafts: boolean;
  /** Warnings fail the build (exit 1) and the previous output stays. */
  strict?: boolean;
  /** Reuse unchanged pages from the page cache and keep this build's there (default true; --no-cache: neither). */
  cache?: boolean;
  /** The page cache's folder (default .site/cache/pages). */
  cacheDir?: string;
  /** Every warning, not the first few of a kind that has many (printWarnings). */
  allWarnings?: boolean;
}

/** Where `site build` keeps pages between builds; CI restores and saves .site/cache. */
export const pageCacheDir = join(projectRoot, '.site/cache/pages');

/**
 * The social-card cache's bounds (SocialCards.sweep): cards unused for 30 days go, then the least
 * recently used while the folder is over SITE_CARD_CACHE_MB (default 1,024 MB); never this
 * build's. A 20,000-post site's own cards (~40,000 files) may exceed the size: they stay.
 */
export function cardCacheLimits(env = process.env): { maxBytes: number; maxAgeDays: number } {
  const mb = Number(env.SITE_CARD_CACHE_MB);
  return { maxBytes: (Number.isFinite(mb) && mb >= 0 ? mb : 1024) * 1024 * 1024, maxAgeDays: 30 };
}

export async function runBuild(options: BuildCommandOptions): Promise<void> {
  const refusal = outputFolderProblem(options.outDir, keptFolders(projectRoot, [
    { label: 'the content folder', path: options.contentDir },
    { label: 'the page cache', path: options.cacheDir ?? pageCacheDir },
    { label: "the build's caches", path: join(projectRoot, '.site/cache') },
  ]));
  if (refusal) throw new UsageError(refusal);
  const start = performance.now();
  const startedAt = Date.now();
  const secret = process.env.SITE_CACHE_SECRET || undefined;
  const pageCache = options.cache === false ? undefined : { dir: options.cacheDir ?? pageCacheDir, trusted: options.cacheDir ? undefined : projectRoot, secret };
  // The secret signs every cache a build reads: pages and bundles (above), the stylesheet
  // (styles.ts), photos (images/cache.ts) and the social cards' sums (card-sums.ts), with or
  // without --no-cache (which drops only the page and bundle caches).
  const builderOptions: BuildOptions = { root: projectRoot, contentDir: options.contentDir, mode: 'production', includeDrafts: options.includeDrafts, pageCache, cacheSecret: secret, imageCache: { secret }, cardCache: { secret } };
  // Only post bodies changed since the last build into this folder: it is updated in place
  // (build-update.ts); otherwise the site is built in full.
  const state = pageCache ? statePath(pageCache.dir, options.outDir) : undefined;
  if (pageCache) {
    const update = await updateInPlace({ builder: builderOptions, outDir: options.outDir, cacheDir: pageCache.dir, secret }, (warnings) => {
      if (options.strict && warnings.length) throw strictFailure(warnings, 'the previous build is unchanged', options.allWarnings);
    });
    if (update.updated) {
      printTimings(update.timings);
      printSummary(update.summary, displayPath(options.outDir) || '.', performance.now() - start);
      const n = update.written.length;
      if (!update.changed.length) console.log(dim('  nothing changed since the last build into this folder: it is as it was (--no-cache builds in full)'));
      else console.log(dim(`  updated in place: ${update.changed.length} post${update.changed.length === 1 ? '' : 's'} edited (${update.changed.join(', ')}), ${update.rendered.length} page${update.rendered.length === 1 ? '' : 's'} rendered, ${n} file${n === 1 ? '' : 's'} rewritten; the rest is the last build's (--no-cache builds in full)`));
      if (update.warning) console.error(yellow(`⚠ ${update.warning}`));
      printWarnings(update.warnings, console.log, options.allWarnings);
      return;
    }
    if (update.warning) console.error(yellow(`⚠ ${update.warning}`));
  }
  // The content files that are not records, hashed before the build reads anything: what the
  // build state records of them (the records' hashes are those of the bytes the build read).
  const others = state ? scanContent(options.contentDir, (rel) => collectionOf(rel) !== undefined) : undefined;
  const builder = new Builder(builderOptions);
  // Nothing reaches the disk before the content is valid: full() throws before rendering.
  // With the page cache, the build before the last is kept beside the output and written over
  // (write.ts, OutputDir): a clean build (--no-cache) starts from an empty folder.
  const out = new OutputDir(options.outDir, { spare: !!pageCache, checksums: !!pageCache });
  let outputs;
  let warnings: Check[];
  try {
    // A reused page or a social card is linked from its cache (OutputDir.link): a 4,000-post
    // site's 8,000 pages and 8,000 cards are 1 GB that every build wrote again.
    // Pages are hashed where they are written (on the page writer's thread in a big build).
    outputs = await builder.full({ onPage: (file, bytes, source, hashed) => (source && !Array.isArray(bytes) ? out.link(file, source, bytes) : out.write(file, bytes as Buffer | Buffer[], hashed)), retainPages: false, claim: (file) => out.claim(file), inSpare: (file) => out.inSpare(file), hashesPages: true });
    const checksStart = performance.now();
    warnings = runChecks(checkInput(builder, options.contentDir));
    builder.timings.push({ stage: 'checks', ms: performance.now() - checksStart });
    // --strict: the new build is not swapped in, as for a content problem.
    if (options.strict && warnings.length) throw strictFailure(warnings, 'the previous build is unchanged', options.allWarnings);
  } catch (error) {
    await out.abort();
    throw error;
  }
  const writeStart = performance.now();
  // The build replaced is kept as the next one's spare only when this one reused most of its
  // pages and the replaced build's pages are mostly the cache's files (OutputDir checks): then
  // the spare costs little more than its folders. After a build that rendered most pages (a
  // template edited), or after a --no-cache build, its files are its own: kept, they would be a
  // second copy of the site on disk.
  await out.commit(outputs, { keep: !!builder.pageCache && builder.pageCache.stats.reused * 2 >= builder.routes.length });
  // Pages were written while rendering; this is what was left after the last one.
  builder.timings.push({ stage: 'write', ms: performance.now() - writeStart });
  printTimings(builder.timings);
  printSummary(builder.summary(), displayPath(options.outDir) || '.', performance.now() - start);
  // The build is in place: the card cache is brought within its bounds (cards.ts; docs/performance.md).
  const cards = await builder.cards.sweep(cardCacheLimits(), startedAt);
  if (cards.removed) console.log(dim(`  card cache: removed ${cards.removed} card${cards.removed === 1 ? '' : 's'} (${(cards.bytes / 1048576).toFixed(0)} MB) not used lately, ${cards.kept} kept`));
  if (builder.pageCache) {
    // The build is in place: entries it did not use go (the folder holds about one build).
    await builder.pageCache.sweep();
    const { summary, warnings: cacheWarnings } = builder.pageCache.report();
    console.log(dim(`  ${summary}`));
    // Not content warnings: a damaged cache costs time, never a wrong page, and --strict ignores it.
    for (const line of cacheWarnings) console.error(yellow(`⚠ ${line}`));
  }
  printWarnings(warnings, console.log, options.allWarnings);
  // What the next build needs to update this one in place (build-state.ts), only into a cache
  // folder the page cache found usable (no link on its way: ready()).
  if (state && builder.pageCache?.ready()) {
    const failed = recordState(state, builder, others, warnings, secret);
    if (failed) console.error(yellow(`⚠ ${failed}`));
  }
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
