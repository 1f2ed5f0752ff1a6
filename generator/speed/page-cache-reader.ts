// A page cache reader thread (page-cache.ts, Session): reads and checks the entries the build
// asks it for, in order, and hands each page's bytes over without a copy, or none when the
// build only links the pages (`lazy`, `site build`). A big build may run several, each given
// every n-th entry (page-cache.ts, Reader, readerThreads). Each keeps a record of what this
// machine hashed (file-records.ts, `verified-<n>.json` in the cache folder, one per thread: they
// never write one file at once), reads every thread's record (an entry may go to another thread
// next build), and at `close` records the entries it used: a page a record vouches for is not
// read again when the build only links it (`lazy`), nor its head while that is the file the
// record names (page-cache-entry.ts, recordedEntry).
import { parentPort, workerData } from 'node:worker_threads';
import { join } from 'node:path';
import { assetListOf, headRecordOf, headRecordValue, readEntry, recordCheck, recordedEntry, recordName, spareEntry, type AssetCall, type EntryResult, type HeadRecord } from './page-cache-entry.ts';
import { Scratch } from './signed-files.ts';
import { linkKept } from './link-kept.ts';
import { readRecordFile, writeRecords, type FileRecord } from './file-records.ts';

const { dir, secret, islands, index, count } = workerData as { dir: string; secret?: string; islands: string[]; index: number; count: number };
const known = new Set(islands);
const ledger = join(dir, recordName(index));
const check = recordCheck(secret);

/** A page file's record, with its head's when the record has one this build may use. */
interface Recorded {
  record: FileRecord;
  head?: { head: HeadRecord; assets: AssetCall[]; list: string };
}
let recorded: Map<string, Recorded> | undefined;

/**
 * Every thread's record, as one map (the threads of the last build may have split the entries
 * otherwise). A head record is kept only from a record made with this build's secret (or none),
 * its asset list resolved in the file it came from.
 */
function readAllRecords(): Map<string, Recorded> {
  const all = new Map<string, Recorded>();
  for (let n = 0; n < count; n++) {
    const { records, shared } = readRecordFile(join(dir, recordName(n)));
    const texts = shared.check === check && Array.isArray(shared.lists) ? (shared.lists as unknown[]) : [];
    const lists = texts.map((text) => [text, assetListOf(text)] as const);
    for (const [key, record] of records) {
      const head = headRecordOf(record.extra);
      const [list, assets] = head && head.assets < lists.length ? lists[head.assets]! : [undefined, undefined];
      all.set(key, { record, head: head && assets ? { head, assets, list: list as string } : undefined });
    }
  }
  return all;
}

const used = new Map<string, FileRecord>();
// Pages of one site ask the asset store the same questions (the header's and footer's icons and
// logos: dozens on a post page): each distinct list crosses to the build once, then by number,
// not as arrays of strings in every answer to clone here and to collect there.
const assetLists = new Map<string, number>();
// The same lists, in the order this thread's record names them (shared.lists).
const listTexts: string[] = [];
const listPlace = new Map<string, number>();
// A build that only links the pages (`lazy`) gets none of their bytes: each is read into this
// one buffer and checked here.
const scratch = new Scratch();
parentPort!.on('message', (message: { id: number; key: string; path: string; lazy: boolean; target?: string; exists?: boolean } | { close: true }) => {
  if ('close' in message) {
    if (used.size) writeRecords(ledger, used, { check, lists: listTexts });
    parentPort!.postMessage({ closed: true });
    return;
  }
  const { id, key, path, lazy, target, exists } = message;
  let result: EntryResult;
  let list: string | undefined;
  try {
    const mine = lazy ? (recorded ??= readAllRecords()).get(key) : undefined;
    // Most often, over a spare, the page is where it goes already (spareEntry); else the record's
    // entry is looked at in the cache, or the entry read.
    const fromRecord = mine?.head && ((target && exists && spareEntry(key, path, known, mine.record, mine.head.head, mine.head.assets, target)) || recordedEntry(dir, key, path, known, mine.record, mine.head.head, mine.head.assets));
    if (fromRecord) list = mine!.head!.list;
    result = fromRecord || readEntry(dir, key, path, secret, known, mine?.record, lazy ? scratch : undefined);
    if (result.kind === 'ok') {
      list ??= JSON.stringify(result.header.assets);
      let place = listPlace.get(list);
      if (place === undefined) listPlace.set(list, (place = listTexts.push(list) - 1));
      const { headFile } = result;
      const head = headFile && headRecordValue({ file: headFile, path, bytes: result.header.bytes, islands: result.header.islands, assets: place });
      used.set(key, { ...result.file, sha256: result.header.sha256, ...(head ? { extra: head } : {}) });
      // Only a page the record vouched for (not read): one this thread read and hashed is linked
      // by the build, so that a first cached build (CI's) keeps this thread to its reading, which
      // is then the slower side. The build's folder exists while this thread runs (the build
      // stops it before removing one).
      if (target && !result.bytes && !result.checked && !result.linked) result = { ...result, linked: linkKept(join(dir, key), result.identity, target, true, exists) };
    }
  } catch (error) {
    result = { kind: 'bad' as const, reason: `unreadable (${error instanceof Error ? error.message : String(error)})` };
  }
  if (result.kind !== 'ok') return parentPort!.postMessage({ id, result });
  const { assets, ...header } = result.header;
  let assetsId = assetLists.get(list!);
  const fresh = assetsId === undefined;
  // Numbered apart from the other threads' lists: thread `index` of `count` gives index, index + count, …
  if (assetsId === undefined) assetLists.set(list!, (assetsId = index + count * assetLists.size));
  // The files' stats stay here (for the record); the build needs the page's identity only.
  const answer = { ...result, file: undefined, headFile: undefined, header: { ...header, assets: [] }, assetsId };
  parentPort!.postMessage({ id, result: answer, assets: fresh ? assets : undefined }, result.bytes ? [result.bytes.buffer as ArrayBuffer] : []);
});
