// The social cards' sums (cards.ts, each), kept only with SITE_CACHE_SECRET: for each card of a
// content folder's build, its size and SHA-256, in the card cache folder, signed. Unlike the
// record of what this machine hashed (file-records.ts, bound to this boot), the sums travel with
// the folder, and they are what proves where a card comes from: a build uses a card it did not
// vouch for itself (its record) only if its SHA-256 is the one signed sums name, and draws any
// other again (cards.ts, each). Only a build that had the secret can have signed them.
//
// Input from a stranger like the rest of the folder: the file is opened without following a
// link (nor waiting on a FIFO), must be a regular file under 64 MB, starts with a line naming
// the HMAC-SHA256 of the rest (page-cache-entry.ts, checkOf), and each entry is checked for shape.
import { join } from 'node:path';
import { readCheckLine, withCheckLine } from './signed-files.ts';
import { replaceFileSync } from './file-records.ts';

/** A card's size and SHA-256 (lowercase hex). */
export type CardSum = [size: number, sha256: string];

const MAGIC = 'site-card-sums 2 ';
const MAX_SUMS = 64 * 1024 * 1024;

/** The sums file of the content folder whose cards' record is `recordName` (cards.ts, cardRecordName): one file each, as the records are. */
export function sumsPath(cacheDir: string, recordName: string): string {
  return join(cacheDir, recordName.replace(/^verified-/, 'sums-'));
}

/** The sums in `path`, by card key; empty when the file is missing, damaged, a link, not a regular file, not ours, or (with `secret`) not signed with it. */
export function readSums(path: string, secret?: string): Map<string, CardSum> {
  const sums = new Map<string, CardSum>();
  const body = readCheckLine(path, MAGIC, MAX_SUMS, secret);
  if (!body) return sums;
  let entries: unknown;
  try {
    entries = JSON.parse(body.toString('utf8'));
  } catch {
    return sums;
  }
  if (!entries || typeof entries !== 'object' || Array.isArray(entries)) return sums;
  for (const [key, sum] of Object.entries(entries as Record<string, unknown>)) {
    if (isSum(key, sum)) sums.set(key, sum);
  }
  return sums;
}

/** Writes `sums` to `path` (a new file renamed over it); a failure costs the next build speed only, so it is ignored. */
export function writeSums(path: string, sums: Iterable<[string, CardSum]>, secret?: string): void {
  const json = Buffer.from(JSON.stringify(Object.fromEntries(sums)));
  try {
    replaceFileSync(path, withCheckLine(MAGIC, json, secret));
  } catch {
    // A read-only cache folder.
  }
}

/** Whether two sums name the same card bytes. */
export function sameSum(a: CardSum | undefined, b: CardSum | undefined): boolean {
  return !!a && !!b && a[0] === b[0] && a[1] === b[1];
}

function isSum(key: string, sum: unknown): sum is CardSum {
  if (!/^[0-9a-f]{64}$/.test(key) || !Array.isArray(sum) || sum.length !== 2) return false;
  const [size, sha256] = sum as unknown[];
  return Number.isSafeInteger(size) && (size as number) > 0 && typeof sha256 === 'string' && /^[0-9a-f]{64}$/.test(sha256);
}
