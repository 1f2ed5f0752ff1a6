// What `site build` does, start to end: refuse an output folder it may not write over, update
// the last build in place when only post bodies changed, otherwise build in full into a new
// folder and swap it in, then run the checks and bring the caches within their bounds. It
// prints nothing: cli/build-command.ts reports what it returns.
import { join } from 'node:path';
import { Builder, type BuildOptions, type Summary, type Timing } from './build.ts';
import { recordState, scanContent, statePath } from '../speed/build-state.ts';
import { updateInPlace } from '../speed/build-update.ts';
import { collectionOf } from '../content/collections.ts';
import { OutputDir } from '../output/write.ts';
import { keptFolders, outputFolderProblem } from '../output/out-dir.ts';
import { runChecks, type Check } from '../checks/checks.ts';
import { checkInput } from '../checks/check-input.ts';
import { UsageError } from '../problems/errors.ts';
import { cardCacheLimits, pageCacheDir, projectRoot } from '../project.ts';
import { nextScheduledChange, type ScheduledItem } from '../validate/schedule.ts';
import type { NextChange } from '../speed/build-state.ts';

export interface SiteBuildOptions {
  contentDir: string;
  outDir: string;
  includeDrafts: boolean;
  /** Warnings stop the build before it is swapped in (StrictWarnings); the previous output stays. */
  strict?: boolean;
  /** Reuse unchanged pages from the page cache and keep this build's there (default true; --no-cache: neither). */
  cache?: boolean;
  /** The page cache's folder (default .site/cache/pages). */
  cacheDir?: string;
  /** The moment to build the site for (`--at`); now when absent. */
  now?: number;
}

/** `--strict` and warnings: nothing was swapped in. */
export class StrictWarnings extends Error {
  constructor(readonly warnings: Check[]) {
    super(`${warnings.length} warnings with --strict`);
    this.name = 'StrictWarnings';
  }
}

export type SiteBuildResult = {
  timings: Timing[];
  summary: Summary;
  warnings: Check[];
  /** The next item to publish or expire after the build's moment. */
  next?: NextChange;
  /** Items with publishAt or expiresAt and where they stand (a full build only). */
  scheduled?: ScheduledItem[];
  /** Whether content/published-urls.txt was written (new URLs recorded). */
  recorded?: boolean;
  /** Not content warnings: a cache or state that could not be used or kept costs time, never a wrong page. */
  notices: string[];
} & (
  | { kind: 'updated'; changed: string[]; rendered: string[]; written: string[] }
  | { kind: 'full'; cards: { removed: number; bytes: number; kept: number }; pageCache?: string }
);

export async function siteBuild(options: SiteBuildOptions): Promise<SiteBuildResult> {
  const refusal = outputFolderProblem(options.outDir, keptFolders(projectRoot, [
    { label: 'the content folder', path: options.contentDir },
    { label: 'the page cache', path: options.cacheDir ?? pageCacheDir },
    { label: "the build's caches", path: join(projectRoot, '.site/cache') },
  ]));
  if (refusal) throw new UsageError(refusal);
  const startedAt = Date.now();
  const secret = process.env.SITE_CACHE_SECRET || undefined;
  const pageCache = options.cache === false ? undefined : { dir: options.cacheDir ?? pageCacheDir, trusted: options.cacheDir ? undefined : projectRoot, secret };
  // The secret signs every cache a build reads: pages and bundles (above), the stylesheet
  // (styles.ts), photos (images/cache.ts) and the social cards' sums (card-sums.ts), with or
  // without --no-cache (which drops only the page and bundle caches).
  const builderOptions: BuildOptions = { root: projectRoot, contentDir: options.contentDir, mode: 'production', includeDrafts: options.includeDrafts, pageCache, cacheSecret: secret, imageCache: { secret }, cardCache: { secret }, now: options.now };
  const notices: string[] = [];
  // Only post bodies changed since the last build into this folder: it is updated in place
  // (build-update.ts); otherwise the site is built in full.
  const state = pageCache ? statePath(pageCache.dir, options.outDir) : undefined;
  if (pageCache) {
    const update = await updateInPlace({ builder: builderOptions, outDir: options.outDir, cacheDir: pageCache.dir, secret }, (warnings) => {
      if (options.strict && warnings.length) throw new StrictWarnings(warnings);
    });
    if (update.warning) notices.push(update.warning);
    if (update.updated) {
      return { kind: 'updated', timings: update.timings, summary: update.summary, warnings: update.warnings, notices, changed: update.changed, rendered: update.rendered, written: update.written, next: update.next };
    }
  }
  // The content files that are not records, hashed before the build reads anything: what the
  // build state records of them (the records' hashes are those of the bytes the build read).
  const others = state ? scanContent(options.contentDir, (rel) => collectionOf(rel) !== undefined) : undefined;
  const builder = new Builder(builderOptions);
  // Nothing reaches the disk before the content is valid: full() throws before rendering.
  // With the page cache, the build before the last is kept beside the output and written over
  // (OutputDir): a clean build (--no-cache) starts from an empty folder.
  const out = new OutputDir(options.outDir, { spare: !!pageCache });
  let outputs;
  let warnings: Check[];
  let recorded = false;
  try {
    // A reused page or a social card is linked from its cache (OutputDir.link); pages are hashed
    // where they are written.
    outputs = await builder.full({ onPage: (file, bytes, source, hashed) => (source && !Array.isArray(bytes) ? out.link(file, source, bytes) : out.write(file, bytes as Buffer | Buffer[], hashed)), retainPages: false, claim: (file) => out.claim(file), inSpare: (file) => out.inSpare(file), hashesPages: true });
    const checksStart = performance.now();
    warnings = runChecks(checkInput(builder, options.contentDir));
    builder.timings.push({ stage: 'checks', ms: performance.now() - checksStart });
    // The record of published URLs, as a lockfile: written whether or not --strict then fails, so
    // that what the build added can be committed with the content.
    recorded = builder.recordUrls();
    // --strict: the new build is not swapped in, as for a content problem.
    if (options.strict && warnings.length) throw new StrictWarnings(warnings);
  } catch (error) {
    await out.abort();
    throw error;
  }
  const writeStart = performance.now();
  // The build replaced is kept as the next one's spare only when this one reused most of its
  // pages and the replaced build's pages are mostly the cache's files (OutputDir checks): then
  // the spare costs little more than its folders. Otherwise its files are its own, and kept they
  // would be a second copy of the site on disk.
  await out.commit(outputs, { keep: !!builder.pageCache && builder.pageCache.stats.reused * 2 >= builder.routes.length });
  // Pages were written while rendering; this is what was left after the last one.
  builder.timings.push({ stage: 'write', ms: performance.now() - writeStart });
  // The build is in place: the caches are brought within their bounds.
  const cards = await builder.cards.sweep(cardCacheLimits(), startedAt);
  let cacheSummary: string | undefined;
  if (builder.pageCache) {
    await builder.pageCache.sweep();
    const report = builder.pageCache.report();
    cacheSummary = report.summary;
    notices.push(...report.warnings);
  }
  // What the next build needs to update this one in place (build-state.ts), only into a cache
  // folder the page cache found usable (no link on its way: ready()).
  if (state && builder.pageCache?.ready()) {
    const failed = recordState(state, builder, others, warnings, secret);
    if (failed) notices.push(failed);
  }
  const coming = nextScheduledChange(builder.schedule, builder.clock!.now);
  const next = coming && { file: coming.item.file, title: coming.item.title, change: coming.change, at: coming.at, zone: builder.clock!.zone };
  return { kind: 'full', timings: builder.timings, summary: builder.summary(), warnings, notices, cards, pageCache: cacheSummary, next, scheduled: builder.schedule, recorded };
}
