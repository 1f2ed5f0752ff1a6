// The island bundle of a cached `site build`, kept beside the page cache (`<dir>/bundle-<mode>`):
// esbuild's output depends only on the tool (templates/islands, generator/bundle*.ts, the
// lockfile's packages, Node), which the page cache's key already names as `toolFingerprint`. A
// build with the page cache takes the bundle from there when the fingerprint is the same, instead
// of running esbuild (slow alone, and slower on the second core while a big site's content
// loads; rendering waits for it). A clean build (`--no-cache`) always bundles: it may reuse
// nothing derived from an earlier build's templates.
//
// The file is input from a stranger like every entry of the page cache (CI restores the folder):
// read only as a regular file reached without a link, its first line a check of the rest
// (SHA-256, or HMAC-SHA256 with SITE_CACHE_SECRET, as an entry's header), the rest JSON of the
// expected shape naming this fingerprint and mode. Anything else is ignored with a warning and
// esbuild runs; the new bundle is written under a temporary name, then renamed over it.
import { join } from 'node:path';
import { checkOf, readEntryFile } from './signed-files.ts';
import { replaceFileSync } from './file-records.ts';
import type { ClientAssets } from '../render/render.ts';

export type Scripts = { files: Map<string, Buffer>; shellScript: string; islands: ClientAssets['islands'] };

const MAGIC = 'site-bundle-cache 1 ';
const MAX = 64 * 1024 * 1024;

export interface BundleCacheOptions {
  dir: string;
  secret?: string;
  fingerprint: string;
  mode: string;
}

/** What became of the cached bundle: taken, written (none or a stale one), or ignored and why. */
export type BundleCacheOutcome = { kind: 'reused' } | { kind: 'stored' } | { kind: 'ignored'; reason: string } | { kind: 'failed'; reason: string };

/** The cached scripts when the file holds this fingerprint's, else `make()`'s (then stored). */
export async function cachedScripts(options: BundleCacheOptions, make: () => Promise<Scripts>): Promise<{ scripts: Scripts; outcome: BundleCacheOutcome }> {
  const file = join(options.dir, `bundle-${options.mode}`);
  const read = readScripts(file, options);
  if (typeof read === 'object') return { scripts: read, outcome: { kind: 'reused' } };
  const scripts = await make();
  try {
    writeScripts(file, options, scripts);
  } catch (error) {
    return { scripts, outcome: { kind: 'failed', reason: `could not store ${file}: ${error instanceof Error ? error.message : String(error)}` } };
  }
  return { scripts, outcome: read ? { kind: 'ignored', reason: `ignored ${file}: ${read}; the scripts were bundled again` } : { kind: 'stored' } };
}

/** The scripts in `file`, or why they cannot be used ('' when there is no file, or another tool's: a plain miss). */
function readScripts(file: string, options: BundleCacheOptions): Scripts | string {
  const read = readEntryFile(file, MAX);
  if (read === 'missing') return '';
  if (typeof read === 'string') return read;
  const bytes = Buffer.from(read.bytes!.buffer, read.bytes!.byteOffset, read.bytes!.byteLength);
  const first = bytes.indexOf(10);
  if (first < 0 || !bytes.subarray(0, first).toString('latin1').startsWith(MAGIC)) return 'not a bundle cache file of this format';
  const json = bytes.subarray(first + 1);
  if (bytes.subarray(MAGIC.length, first).toString('latin1') !== checkOf(json, options.secret)) {
    return options.secret ? 'it is not signed with SITE_CACHE_SECRET (damaged or tampered)' : 'it does not match its check (damaged or tampered)';
  }
  let value: unknown;
  try {
    value = JSON.parse(json.toString('utf8'));
  } catch {
    return 'not JSON';
  }
  const v = value as { fingerprint?: unknown; mode?: unknown; shellScript?: unknown; islands?: unknown; files?: unknown };
  // Another tool's (an edited template, another version): a plain miss, bundled and replaced.
  if (v.fingerprint !== options.fingerprint || v.mode !== options.mode) return '';
  if (!isScripts(v)) return 'malformed';
  return { files: new Map(Object.entries(v.files).map(([name, base64]) => [name, Buffer.from(base64, 'base64')])), shellScript: v.shellScript, islands: v.islands };
}

const FILE = /^assets\/js\/(chunks\/)?[A-Za-z0-9_.-]+\.js$/;
const URL = /^\/assets\/js\/(chunks\/)?[A-Za-z0-9_.-]+\.js$/;

/** The shape `writeScripts` writes: names only under assets/js (every one a page may name), URLs among them. */
function isScripts(v: { shellScript?: unknown; islands?: unknown; files?: unknown }): v is { shellScript: string; islands: ClientAssets['islands']; files: Record<string, string> } {
  if (typeof v.files !== 'object' || v.files === null || typeof v.islands !== 'object' || v.islands === null) return false;
  const files = v.files as Record<string, unknown>;
  if (!Object.entries(files).every(([name, base64]) => FILE.test(name) && !name.includes('..') && typeof base64 === 'string')) return false;
  const known = (url: unknown) => typeof url === 'string' && URL.test(url) && url.slice(1) in files;
  return known(v.shellScript) && Object.entries(v.islands as Record<string, unknown>).every(([, island]) => {
    const i = island as { script?: unknown; imports?: unknown; lazy?: unknown };
    // Names are only looked up (a page names its islands); what is checked is every URL a page may get.
    return typeof i === 'object' && i !== null && known(i.script)
      && Array.isArray(i.imports) && i.imports.every(known) && Array.isArray(i.lazy) && i.lazy.every(known);
  });
}

function writeScripts(file: string, options: BundleCacheOptions, scripts: Scripts): void {
  const json = Buffer.from(JSON.stringify({
    fingerprint: options.fingerprint,
    mode: options.mode,
    shellScript: scripts.shellScript,
    islands: scripts.islands,
    files: Object.fromEntries([...scripts.files].map(([name, bytes]) => [name, bytes.toString('base64')])),
  }));
  replaceFileSync(file, Buffer.concat([Buffer.from(`${MAGIC}${checkOf(json, options.secret)}\n`), json]));
}
