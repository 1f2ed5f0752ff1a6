// `site build` when only post bodies changed since the last build into the same folder: the
// folder is updated in place instead of being built again (a big site with one
// post edited). What a body reaches is known: lists, cards, the sitemap and the search index
// show a post's front matter, never its body (the preview's rule, preview/affected.ts, and the
// page cache's keys rely on the same), so a body reaches the post's pages (its French page shows
// the English body while it has no translation), the feeds (the newest posts' full text), and the
// warnings about that file and its translation. Everything else of the last build stands.
//
// When, exactly (anything else is a full build, as before):
//  - the build state of this folder (build-state.ts) is there, checks out, and was written by
//    this very tool (generator, templates, styles, dependencies, Node) for the same mode, drafts
//    and content folder;
//  - the folder's `.site-build.json` is the one the state names (SHA-256): the folder holds that
//    build. (A page changed by hand in dist/ behind an unchanged manifest is not noticed here;
//    `site publish` checks every file against the manifest and refuses such a folder.)
//  - the content folder has the same files, and those that changed are posts (English or French)
//    whose front matter is the same to the byte and whose body, before and after, shows no image
//    (an image asks the asset store, which may add or drop files), 64 at most.
//
// It reads every content file (to know what changed) but parses only the site's other files, the
// changed posts and their other-language versions, and the posts the feeds show; it validates
// those as a full build does (a link to any post of the last build is not broken), renders the
// changed posts' pages in every language and the feeds, and writes only the files whose bytes
// differ, then the manifest, then the new state. Content problems and --strict warnings leave
// the folder untouched, as a full build does. Each file is written beside the folder first
// (`.dist.update-<pid>`) and renamed into place: a page is never half-written, and a build killed
// among the renames leaves pages that the next build rewrites (the manifest, renamed last, still
// names the old ones; `site publish` refuses the folder until then).
import { lstatSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Builder, type BuildOptions, type Summary, type Timing } from '../build/build.ts';
import { collectionOf, collections, type CollectionName } from '../content/collections.ts';
import { loadFile, type SourceRecord } from '../content/load.ts';
import { DEFAULT_LOCALE, inLocale, splitLocale, translatedLocales, type Locale } from '../content/locales.ts';
import { runChecks, sortChecks, type Check } from '../checks/checks.ts';
import { contentCheckInput } from '../checks/check-input.ts';
import { buildKey, readState, saveState, scanContent, statePath, type BuildState, type NextChange, type ScannedFile } from './build-state.ts';
import { PageCache, toolFingerprint } from './page-cache.ts';
import { recoverInterrupted, sibling } from '../output/output-siblings.ts';
import { displayPath } from '../content/paths.ts';
import { sha256 } from '../hash.ts';
import { MANIFEST } from '../output/write.ts';

/** More changed posts than this: a full build (it reuses the page cache as before). */
const MAX_CHANGED = 64;

/** Warnings about a content file that a change of its body may change (the others are about pages and images). */
const FILE_CODES = new Set(['fact-literal', 'translation-outdated', 'translation-missing', 'translation-orphan', 'link-to-english', 'missing-description']);

export interface UpdateOptions {
  builder: BuildOptions;
  outDir: string;
  cacheDir: string;
  secret?: string;
}

export type UpdateResult =
  | { updated: true; summary: Summary; warnings: Check[]; timings: Timing[]; written: string[]; rendered: string[]; changed: string[]; warning?: string; next?: NextChange }
  | { updated: false; reason: string; warning?: string };

/** Updates `outDir` in place when only post bodies changed since the build the state records; else says why not. */
export async function updateInPlace(options: UpdateOptions, strict: (warnings: Check[]) => void): Promise<UpdateResult> {
  const timings: Timing[] = [];
  const timed = <T>(stage: string, fn: () => T): T => {
    const start = performance.now();
    try {
      return fn();
    } finally {
      timings.push({ stage, ms: performance.now() - start });
    }
  };
  const { builder: build, outDir } = options;
  // A build killed mid-swap is put back first, as a full build does (OutputDir).
  recoverInterrupted(outDir);
  // The cache folder as the page cache takes it: no link on its way from the project (a restored
  // cache holding one would send the state's reads and writes elsewhere).
  if (!build.pageCache || !new PageCache(build.pageCache).ready()) return { updated: false, reason: 'the cache folder cannot be used' };
  const path = statePath(options.cacheDir, outDir);
  const state = timed('state', () => readState(path, options.secret));
  if (!state) return { updated: false, reason: 'no build state for this folder' };
  if ('ignored' in state) return { updated: false, reason: 'build state ignored', warning: `build state: ignored ${path}: ${state.ignored}; the site was built in full` };
  if (state.build !== buildKey(build)) return { updated: false, reason: 'another mode, drafts setting or content folder' };
  const manifestPath = join(outDir, MANIFEST);
  const manifest = readRegular(manifestPath);
  if (!manifest || sha256(manifest) !== state.manifest) return { updated: false, reason: `${displayPath(outDir)} is not the build the state records` };
  if (timed('tool', () => toolFingerprint(build.root)) !== state.tool) return { updated: false, reason: 'the tool changed' };
  // An item published or expired since (the scheduled build that nobody pushed): built in full.
  const now = build.now ?? Date.now();
  const quiet = state.quiet;
  if (!quiet || (quiet.from !== null && now < quiet.from) || (quiet.until !== null && now >= quiet.until)) return { updated: false, reason: 'an item publishes or expires in between' };
  const scanned = timed('scan', () => scanContent(build.contentDir, undefined, state.files));
  if ('refused' in scanned) return { updated: false, reason: scanned.refused };
  const changed = bodyChanges(state.files, scanned);
  if (typeof changed === 'string') return { updated: false, reason: changed };

  // Nothing changed: the folder is the build this content makes, as it is (its warnings too).
  if (!changed.length) {
    strict(state.warnings);
    return { updated: true, summary: state.summary, warnings: state.warnings, timings, written: [], rendered: [], changed: [], next: state.next };
  }

  // The records a full build would make of the files read: the site's files but the posts, the
  // changed posts in every language, and the posts the feeds show.
  const slugs = new Set(changed.map(slugOf));
  const wanted = new Set([...slugs, ...state.feeds]);
  const records = timed('load', () => loadRecords(build.contentDir, scanned, wanted));
  // A file edited again since it was scanned: what is recorded would not be what was built.
  if (records.some((r) => r.sha256 !== scanned.get(r.relPath)?.sha256)) return { updated: false, reason: 'a content file changed while it was read' };
  const builder = new Builder(build);
  const made = await builder.partial(records, { otherPostIds: state.postIds, slugs });
  for (const t of builder.timings) timings.push(t);

  // Every photo or icon the pages asked for is a file of the last build, as it is: a body shows no image.
  for (const [file, bytes] of made.assets) {
    const there = readRegular(join(outDir, file));
    if (!there?.equals(bytes)) return { updated: false, reason: `${file} would be new` };
  }
  const entries = new ManifestFiles(manifest);
  const outputs = new Map<string, Buffer>();
  for (const [file, bytes] of [...made.pages, ...made.feeds]) {
    const was = entries.get(file);
    if (!was) return { updated: false, reason: `${file} is not a file of the last build` };
    const hex = sha256(bytes);
    if (hex === was.sha256) continue;
    outputs.set(file, bytes);
    entries.set(file, { bytes: bytes.length, sha256: hex });
  }

  const warnings = timed('checks', () => {
    const scope = new Set([...slugs].flatMap((slug) => ([DEFAULT_LOCALE, ...translatedLocales] as Locale[]).map((locale) => displayPath(join(build.contentDir, inLocale(locale, `blog/${slug}.md`))))));
    const site = builder.site!;
    const inScope = (c: Check) => scope.has(c.file) && FILE_CODES.has(c.code);
    const fresh = runChecks(contentCheckInput([...builder.records.values()], builder.routes, site.config, build.contentDir)).filter(inScope);
    // The same as the last build's about these files (most edits): the last list, as it is.
    if (JSON.stringify(fresh) === JSON.stringify(state.warnings.filter(inScope))) return state.warnings;
    return sortChecks([...state.warnings.filter((c) => !inScope(c)), ...fresh]);
  });
  // --strict: the folder is left as it is, as a full build leaves it.
  strict(warnings);

  const newManifest = outputs.size ? timed('manifest', () => entries.bytes()) : manifest;
  // Another build may have replaced the folder meanwhile (a rename): this one then builds in full.
  if (outputs.size && !readRegular(manifestPath)?.equals(manifest)) return { updated: false, reason: `${displayPath(outDir)} was replaced by another build meanwhile` };
  const written = timed('write', () => {
    const names = [...outputs.keys()];
    if (names.length) {
      outputs.set(MANIFEST, newManifest);
      apply(outDir, outputs);
    }
    return names;
  });
  const summary: Summary = { ...state.summary, bytes: state.summary.bytes + entries.delta + newManifest.length - manifest.length };
  const { warningsSha, ...last } = state;
  const next: BuildState = { ...last, manifest: sha256(newManifest), files: Object.fromEntries(scanned), summary, warnings };
  // The folder is updated: a state that cannot be written only makes the next build a full one.
  const warning = timed('state', () => saveState(path, next, options.secret, warnings === state.warnings ? warningsSha : undefined));
  return { updated: true, summary, warnings, timings, written, rendered: made.routes.map((r) => r.path), changed: changed.map((rel) => displayPath(join(build.contentDir, rel))), warning, next: state.next };
}

/** The posts whose bodies alone changed (content-relative paths), or why this is not such a change. */
function bodyChanges(before: Record<string, ScannedFile>, now: Map<string, ScannedFile>): string[] | string {
  const changed: string[] = [];
  let count = 0;
  for (const [rel, file] of now) {
    count++;
    const was = Object.hasOwn(before, rel) ? before[rel] : undefined;
    if (!was) return `${rel} is new`;
    if (was.sha256 === file.sha256) continue;
    if (collectionOf(rel) !== 'blog') return `${rel} changed`;
    if (was.front !== file.front) return `the front matter of ${rel} changed`;
    if (was.image || file.image) return `${rel} shows an image`;
    changed.push(rel);
  }
  if (count !== Object.keys(before).length) return 'a content file was deleted';
  if (changed.length > MAX_CHANGED) return `${changed.length} posts changed`;
  return changed;
}

const slugOf = (rel: string) => rel.slice(rel.lastIndexOf('/') + 1).replace(/\.md$/, '');

/** The records of every content file but the posts not `wanted`, in `loadAll`'s order. */
function loadRecords(contentDir: string, scanned: Map<string, ScannedFile>, wanted: ReadonlySet<string>): SourceRecord[] {
  const order = new Map(Object.keys(collections).map((name, i) => [name, i]));
  const locales: Locale[] = [DEFAULT_LOCALE, ...translatedLocales];
  const picked: { rel: string; collection: CollectionName; rank: number[] }[] = [];
  for (const rel of scanned.keys()) {
    const collection = collectionOf(rel);
    if (!collection || (collection === 'blog' && !wanted.has(slugOf(rel)))) continue;
    picked.push({ rel, collection, rank: [locales.indexOf(splitLocale(rel).locale), order.get(collection)!] });
  }
  picked.sort((a, b) => a.rank[0]! - b.rank[0]! || a.rank[1]! - b.rank[1]! || (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
  return picked.map(({ rel, collection }) => loadFile(contentDir, collection, rel));
}

/**
 * The `files` entries of a build manifest, read and changed in its text: a big site's manifest
 * is tens of MB, slow for JSON.parse and JSON.stringify to read and write again.
 * manifestFor writes it as JSON.stringify(manifest, null, 1) does: an entry of `files` is
 * `\n  "<file>": {\n   "bytes": <n>,\n   "sha256": "<hex>"\n  }`, and nothing else in it reads so
 * (a route's `"file": ` is followed by its value on the same line).
 */
class ManifestFiles {
  private readonly changes = new Map<string, { bytes: number; sha256: string; at: number; end: number }>();
  /** How many bytes the changed entries' files grew by. */
  delta = 0;

  constructor(private readonly text: Buffer) {}

  get(file: string): { bytes: number; sha256: string } | undefined {
    const changed = this.changes.get(file);
    if (changed) return changed;
    const head = Buffer.from(`\n  ${JSON.stringify(file)}: {\n   "bytes": `);
    const at = this.text.indexOf(head);
    if (at < 0) return undefined;
    const m = /^(\d+),\n   "sha256": "([0-9a-f]{64})"\n  }/.exec(this.text.toString('latin1', at + head.length, at + head.length + 120));
    return m ? { bytes: Number(m[1]), sha256: m[2]!, at: at + head.length, end: at + head.length + m[0].length - 4 } as { bytes: number; sha256: string } : undefined;
  }

  set(file: string, entry: { bytes: number; sha256: string }): void {
    const was = this.get(file) as { bytes: number; sha256: string; at: number; end: number };
    this.delta += entry.bytes - was.bytes;
    this.changes.set(file, { ...entry, at: was.at, end: was.end });
  }

  /** The manifest with the changed entries. */
  bytes(): Buffer {
    const parts: Buffer[] = [];
    let from = 0;
    for (const c of [...this.changes.values()].sort((a, b) => a.at - b.at)) {
      parts.push(this.text.subarray(from, c.at), Buffer.from(`${c.bytes},\n   "sha256": "${c.sha256}"`));
      from = c.end;
    }
    parts.push(this.text.subarray(from));
    return Buffer.concat(parts);
  }
}

/** A regular file's bytes (not through a link), or undefined. */
function readRegular(path: string): Buffer | undefined {
  const stats = lstatSync(path, { throwIfNoEntry: false });
  return stats?.isFile() ? readFileSync(path) : undefined;
}

/**
 * Writes `files` into `outDir`: each to a new file beside it first, then renamed over the old one,
 * the manifest (`files`' last) after every other. Every folder on a file's way must be a folder
 * of the build (not a link): a file is never written through one.
 */
function apply(outDir: string, files: Map<string, Buffer>): void {
  const stage = sibling(outDir, 'update', process.pid);
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(stage);
  try {
    const moves: [string, string][] = [];
    let n = 0;
    for (const [file, bytes] of files) {
      let dir = dirname(file);
      while (dir !== '.') {
        if (!lstatSync(join(outDir, dir), { throwIfNoEntry: false })?.isDirectory()) throw new Error(`${join(outDir, dir)} is not a folder of the build`);
        dir = dirname(dir);
      }
      const temp = join(stage, String(n++));
      writeFileSync(temp, bytes, { flag: 'wx' });
      moves.push([temp, join(outDir, file)]);
    }
    for (const [from, to] of moves) renameSync(from, to);
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}
