// What `site build` keeps about the build it has just put in place, so that the next build into
// the same folder can update that folder in place when only post bodies changed
// (build-update.ts). One file per output folder, in the page cache's folder:
// `build-<16 hex of the output folder's path>.state`, a check line (SHA-256, or HMAC-SHA256 with
// SITE_CACHE_SECRET) over JSON, written to a temporary name and renamed into place; its warnings
// are in `<that name>.warnings`, which it names by SHA-256 (writeState).
//
// The state names the build it describes by the SHA-256 of that build's manifest
// (`.site-build.json`, which lists every file of the build with its SHA-256): a folder whose
// manifest is another (a build since, with or without the cache, or a folder put there by
// hand) is not the state's, and the next build is a full one. It records every content file's
// SHA-256 as the build read it (for a post, its front matter's too, and whether its body shows
// an image), the post ids (links to them are not broken), the posts the feeds show, the
// summary `site build` prints and its warnings.
import { nextScheduledChange, quietWindow } from '../validate/schedule.ts';
import { lstatSync, readdirSync, readFileSync, unlinkSync } from 'node:fs';
import { replaceFileSync } from './file-records.ts';
import { join, resolve } from 'node:path';
import { collectionOf } from '../content/collections.ts';
import { splitFrontMatter, type SourceRecord } from '../content/load.ts';
import { sha256 } from '../hash.ts';
import { readCheckLine, withCheckLine } from './signed-files.ts';
import type { Check } from '../checks/checks.ts';
import type { Builder, Summary } from '../build/build.ts';
import { FEED_ITEMS } from '../render/feed.ts';
import { toolFingerprint } from './page-cache.ts';
import { MANIFEST } from '../output/write.ts';

const MAGIC = 'site-build-state 1 ';
/** A state or warnings file larger than this is not read (far more than any site's state). */
const MAX_STATE = 512 * 1024 * 1024;

/** What the state records of one content file. */
export interface ScannedFile {
  sha256: string;
  /** A post's: the SHA-256 of its front matter (what lists, cards and the sitemap show of it). */
  front?: string;
  /** A post's: its body shows an image (`![`), which the asset store is asked for. */
  image?: boolean;
}

export interface BuildState {
  /** toolFingerprint(root): the generator, templates, styles, dependencies, Node. */
  tool: string;
  /** buildKey(): mode, drafts, the content folder. */
  build: string;
  /** The SHA-256 of the build's `.site-build.json`. */
  manifest: string;
  /** Every file under the content folder, by content-relative path. */
  files: Record<string, ScannedFile>;
  /** The ids of the English posts. */
  postIds: number[];
  /** The slugs of the posts the feeds show (any language). */
  feeds: string[];
  summary: Summary;
  warnings: Check[];
  /**
   * The stretch of time in which the build's content makes this very site: no item publishes or
   * expires inside it (validate/schedule.ts). A build for a moment outside it is a full one.
   * JSON has no Infinity: null for an open end.
   */
  quiet?: { from: number | null; until: number | null };
  /** The next scheduled change after the build's moment, as `site build` reports it. */
  next?: NextChange;
}

/** An item that publishes or expires next: its file and title, which change, when. */
export interface NextChange { file: string; title: string; change: 'publishes' | 'expires'; at: number; zone: string }

/** The state file of the builds written to `outDir`. */
export function statePath(cacheDir: string, outDir: string): string {
  return join(cacheDir, `build-${sha256(Buffer.from(resolve(outDir))).slice(0, 16)}.state`);
}

/** What else than the tool and the content a build's bytes depend on. */
export function buildKey(options: { mode: string; includeDrafts: boolean; contentDir: string }): string {
  return JSON.stringify({ mode: options.mode, drafts: options.includeDrafts, content: resolve(options.contentDir) });
}

/** What the state records of a post besides its SHA-256: its front matter's SHA-256, and whether its body shows an image. */
const postFactsOf = (yamlText: string, body: string): { front: string; image: boolean } => ({ front: sha256(Buffer.from(yamlText)), image: body.includes('![') });

/** A post file's facts (postFactsOf) from its text; one whose front matter does not split counts as changed. */
function postFacts(text: string): { front: string; image: boolean } {
  const split = splitFrontMatter(text);
  return 'problem' in split ? { front: '', image: true } : postFactsOf(split.yamlText, split.body);
}

const isPost = (rel: string) => collectionOf(rel) === 'blog';

/**
 * Every file under the content folder with its SHA-256 (and a post's facts), or why the folder
 * cannot be taken as it is (a link, a pipe: the full build reports those). `skip` says which files
 * not to read (a build's records: it has their hashes as it read them); a file with the SHA-256
 * `known` records for it keeps the facts recorded there.
 */
export function scanContent(contentDir: string, skip: (rel: string) => boolean = () => false, known: Record<string, ScannedFile> = {}): Map<string, ScannedFile> | { refused: string } {
  const files = new Map<string, ScannedFile>();
  const walk = (rel: string): string | undefined => {
    for (const entry of readdirSync(rel ? join(contentDir, rel) : contentDir, { withFileTypes: true })) {
      const path = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        const refused = walk(path);
        if (refused) return refused;
      } else if (!entry.isFile()) return `${path} is not a regular file`;
      else if (!skip(path)) {
        const bytes = readFileSync(join(contentDir, path));
        const hex = sha256(bytes);
        // The same bytes as a state recorded: the same facts.
        const same = Object.hasOwn(known, path) && known[path]!.sha256 === hex ? known[path] : undefined;
        files.set(path, same ?? { sha256: hex, ...(isPost(path) ? postFacts(bytes.toString('utf8')) : {}) });
      }
    }
    return undefined;
  };
  const stats = lstatSync(contentDir, { throwIfNoEntry: false });
  if (!stats?.isDirectory()) return { refused: `${contentDir} is not a folder` };
  const refused = walk('');
  return refused ? { refused } : files;
}

/**
 * Records the state of the build `builder` has just put in place (`site build`) with its
 * `warnings`, where `others` are the content files that are not records, scanned before it read
 * anything. Without them (a
 * content file that is not a plain file) the state is dropped: the next build is a full one.
 * Returns why it could not be written, if so.
 */
export function recordState(path: string, builder: Builder, others: Map<string, ScannedFile> | { refused: string } | undefined, warnings: Check[], secret: string | undefined): string | undefined {
  const files = others && !('refused' in others) ? stateFiles(builder.records.values(), others) : undefined;
  const manifest = builder.digests.get(MANIFEST)?.sha256;
  if (!files || !manifest) {
    dropState(path);
    return undefined;
  }
  const postIds = new Set<number>();
  for (const r of builder.records.values()) {
    const id = r.collection === 'blog' ? (r.data as { id?: unknown } | undefined)?.id : undefined;
    if (typeof id === 'number') postIds.add(id);
  }
  const feeds = new Set(Object.values(builder.sites).flatMap((site) => site!.posts.filter((p) => !p.draft).slice(0, FEED_ITEMS).map((p) => p.slug)));
  const { root, mode, includeDrafts, contentDir } = builder.options;
  const now = builder.clock?.now ?? Date.now();
  const { from, until } = quietWindow(builder.schedule, now);
  const coming = nextScheduledChange(builder.schedule, now);
  const next = coming && { file: coming.item.file, title: coming.item.title, change: coming.change, at: coming.at, zone: builder.clock!.zone };
  const quiet = { from: Number.isFinite(from) ? from : null, until: Number.isFinite(until) ? until : null };
  return saveState(path, { tool: toolFingerprint(root), build: buildKey({ mode, includeDrafts, contentDir }), manifest, files, postIds: [...postIds], feeds: [...feeds], summary: builder.summary(), warnings, quiet, next }, secret);
}

/**
 * writeState, or, when the state cannot be written, none at all (the next build is then a full
 * one, never an update from a state that is not this build's): returns why, if so.
 */
export function saveState(path: string, state: BuildState, secret: string | undefined, keepWarnings?: string): string | undefined {
  try {
    writeState(path, state, secret, keepWarnings);
    return undefined;
  } catch (error) {
    dropState(path);
    return `build state: could not write ${path} (${error instanceof Error ? error.message : String(error)}); the next build is a full one`;
  }
}

/** The state's `files` from a build's records (hashed as read) and the other files (scanned before the build). */
function stateFiles(records: Iterable<SourceRecord>, others: Map<string, ScannedFile>): Record<string, ScannedFile> | undefined {
  const files: Record<string, ScannedFile> = {};
  for (const [rel, file] of others) files[rel] = file;
  for (const r of records) {
    if (!r.sha256) return undefined;
    files[r.relPath] = r.collection === 'blog' ? { sha256: r.sha256, ...postFactsOf(r.yamlText, r.body ?? '') } : { sha256: r.sha256 };
  }
  return files;
}

/**
 * Writes the state. Its warnings (most of it on a big site) go to a file of their own beside it,
 * `<state>.warnings`, which the state names by SHA-256 (so its check line covers them too): with
 * `keepWarnings` (an update in place whose warnings are the last ones) that file is left as it is.
 */
function writeState(path: string, state: BuildState, secret: string | undefined, keepWarnings?: string): void {
  let warnings = keepWarnings;
  if (warnings === undefined) {
    const body = Buffer.from(JSON.stringify(state.warnings));
    replaceFileSync(warningsPath(path), withCheckLine(WARNINGS_MAGIC, body, secret));
    warnings = sha256(body);
  }
  replaceFileSync(path, withCheckLine(MAGIC, Buffer.from(JSON.stringify({ ...state, warnings })), secret));
}

const warningsPath = (path: string) => `${path}.warnings`;
const WARNINGS_MAGIC = 'site-build-warnings 1 ';

/** The state at `path`, undefined when there is none, or why it cannot be used; `warningsSha` names its warnings file's body (writeState's `keepWarnings`). */
export function readState(path: string, secret: string | undefined): (BuildState & { warningsSha: string }) | undefined | { ignored: string } {
  if (!lstatSync(path, { throwIfNoEntry: false })) return undefined;
  const body = readCheckLine(path, MAGIC, MAX_STATE, secret);
  if (!body) return { ignored: secret ? 'damaged, or not signed with SITE_CACHE_SECRET' : 'damaged' };
  const warnings = readCheckLine(warningsPath(path), WARNINGS_MAGIC, MAX_STATE, secret);
  try {
    const state = JSON.parse(body.toString('utf8')) as Omit<BuildState, 'warnings'> & { warnings: unknown };
    if (typeof state?.warnings !== 'string') return { ignored: 'not a build state' };
    if (!warnings || sha256(warnings) !== state.warnings) return { ignored: 'its warnings are missing or damaged' };
    const whole = { ...state, warnings: JSON.parse(warnings.toString('utf8')) as Check[], warningsSha: state.warnings };
    return wellFormed(whole) ? whole : { ignored: 'not a build state' };
  } catch {
    return { ignored: 'not JSON' };
  }
}

/**
 * Whether a parsed state has the shape the build writes. Its summary and warnings are printed as
 * they are: a text with a control character (a terminal's escape sequence) is refused, never
 * printed, since the cache folder may have been restored from anywhere.
 */
function wellFormed(state: BuildState): boolean {
  const text = (v: unknown) => typeof v === 'string' && !/[\u0000-\u001f\u007f-\u009f]/.test(v);
  const count = (v: unknown) => Number.isInteger(v) && (v as number) >= 0;
  if (!state || typeof state !== 'object' || !text(state.tool) || !text(state.build) || !text(state.manifest)) return false;
  if (!state.files || typeof state.files !== 'object' || Array.isArray(state.files)) return false;
  if (!Array.isArray(state.postIds) || !state.postIds.every((id) => typeof id === 'number')) return false;
  if (!Array.isArray(state.feeds) || !state.feeds.every(text)) return false;
  const s = state.summary;
  if (!s || !count(s.routes) || !count(s.files) || !count(s.bytes)) return false;
  if (s.heaviest !== undefined && (!text(s.heaviest.path) || !count(s.heaviest.jsGzip) || !count(s.heaviest.cssGzip))) return false;
  if (!Array.isArray(state.warnings)) return false;
  return state.warnings.every((w) => w && text(w.file) && text(w.code) && text(w.message) && (w.hint === undefined || text(w.hint)) && (w.path === undefined || text(w.path)) && (w.severity === undefined || text(w.severity)) && count(w.line) && count(w.column) && Array.isArray(w.pages) && w.pages.every(text));
}

/** Removes the state of `outDir`'s builds (a build replaced it without recording one). */
export function dropState(path: string): void {
  for (const file of [path, warningsPath(path)]) {
    try {
      unlinkSync(file);
    } catch {
      // None.
    }
  }
}
