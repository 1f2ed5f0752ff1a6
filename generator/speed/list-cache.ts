// The blog's whole list (/blog-list.json, templates/pages/Blog.tsx) kept beside the page cache,
// one file per language: a cached build whose list page is unchanged takes it from there
// instead of making it again.
//
// It is keyed by the list page's own key (page-cache.ts, routeKeys), which names every input the
// list is made from: the front matter of every post in every language, the site's other content
// (categories, ui copy, images), the bundle and the tool. So while the page is reused, its list
// is too, and a list made again is stored over the last. The file is input from a stranger like
// the rest of the folder: opened without following a link or waiting on a FIFO, a regular file
// under 64 MB, its first line the SHA-256 of the rest (HMAC-SHA256 with SITE_CACHE_SECRET,
// page-cache-entry.ts, checkOf), its second the key; anything else is no list, made again.
import { join } from 'node:path';
import { readCheckLine, withCheckLine } from './signed-files.ts';
import { replaceFileSync } from './file-records.ts';
import type { Locale } from '../content/locales.ts';

const MAGIC = 'site-blog-list 1 ';
const MAX = 64 * 1024 * 1024;

/** The list's file for `locale` in the page cache folder (not a page entry's name: the sweep leaves it). */
export const listCachePath = (dir: string, locale: Locale): string => join(dir, `blog-list-${locale}`);

/** The list kept for the page whose key is `key`, or undefined (none, another key, damaged, unsigned). */
export function readListCache(path: string, key: string, secret: string | undefined): Buffer | undefined {
  const body = readCheckLine(path, MAGIC, MAX, secret);
  const line = body?.indexOf(10) ?? -1;
  if (line < 0 || body!.subarray(0, line).toString('latin1') !== key) return undefined;
  return body!.subarray(line + 1);
}

/** Keeps `list` for the page whose key is `key`; a failure costs the next build speed only. */
export function writeListCache(path: string, key: string, list: Buffer, secret: string | undefined): void {
  try {
    replaceFileSync(path, withCheckLine(MAGIC, Buffer.concat([Buffer.from(`${key}\n`), list]), secret));
  } catch {
    // A read-only cache folder.
  }
}
