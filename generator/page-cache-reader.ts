// A page cache reader thread (page-cache.ts, Session): reads and checks the entries the build
// asks it for, in order, and hands each page's bytes over without a copy, or none when the
// build only links the pages (`lazy`, `site build`). A big build runs two of them, each given
// every other entry (page-cache.ts, Reader). Each keeps a record of what this machine hashed
// (file-records.ts, `verified-<n>.json` in the cache folder, one per thread: they never write
// one file at once), reads every thread's record (an entry may go to the other thread next
// build), and at `close` records the entries it used: a page a record vouches for is not read
// again when the build only links it (`lazy`).
import { parentPort, workerData } from 'node:worker_threads';
import { join } from 'node:path';
import { readEntry, recordName, Scratch } from './page-cache-entry.ts';
import { linkKept } from './link-kept.ts';
import { readRecords, writeRecords, type FileRecord } from './file-records.ts';

const { dir, secret, islands, index, count } = workerData as { dir: string; secret?: string; islands: string[]; index: number; count: number };
const known = new Set(islands);
const ledger = join(dir, recordName(index));
let recorded: Map<string, FileRecord> | undefined;
/** Every thread's record, as one map (the threads of the last build may have split the entries otherwise). */
function readAllRecords(): Map<string, FileRecord> {
  const all = readRecords(ledger);
  for (let other = 0; other < count; other++) if (other !== index) for (const [key, record] of readRecords(join(dir, recordName(other)))) all.set(key, record);
  return all;
}
const used = new Map<string, FileRecord>();
// Pages of one site ask the asset store the same questions (the header's and footer's icons and
// logos: 27 on a post page): each distinct list crosses to the build once, then by number. As
// arrays in every answer they were ~100 strings a page to clone here and to collect there.
const assetLists = new Map<string, number>();
// A build that only links the pages (`lazy`) gets none of their bytes: each is read into this
// one buffer and checked here.
const scratch = new Scratch();
parentPort!.on('message', (message: { id: number; key: string; path: string; lazy: boolean; target?: string } | { close: true }) => {
  if ('close' in message) {
    if (used.size) writeRecords(ledger, used);
    parentPort!.postMessage({ closed: true });
    return;
  }
  const { id, key, path, lazy, target } = message;
  let result;
  try {
    result = readEntry(dir, key, path, secret, known, lazy ? (recorded ??= readAllRecords()) : undefined, lazy ? scratch : undefined);
    if (result.kind === 'ok') {
      used.set(key, { ...result.file, sha256: result.header.sha256 });
      // Only a page the record vouched for (not read): one this thread read and hashed is linked
      // by the build, so that a first cached build (CI's) keeps this thread to its reading, which
      // is then the slower side. The build's folder exists while this thread runs (the build
      // stops it before removing one).
      if (target && !result.bytes && !result.checked) result = { ...result, linked: linkKept(join(dir, key), result.identity, target, true) };
    }
  } catch (error) {
    result = { kind: 'bad' as const, reason: `unreadable (${error instanceof Error ? error.message : String(error)})` };
  }
  if (result.kind !== 'ok') return parentPort!.postMessage({ id, result });
  const { assets, ...header } = result.header;
  const list = JSON.stringify(assets);
  let assetsId = assetLists.get(list);
  const fresh = assetsId === undefined;
  // Numbered apart from the other threads' lists: thread `index` of `count` gives index, index + count, …
  if (assetsId === undefined) assetLists.set(list, (assetsId = index + count * assetLists.size));
  // The page's file stats stay here (for the record); the build needs its identity only.
  const answer = { ...result, file: undefined, header: { ...header, assets: [] }, assetsId };
  parentPort!.postMessage({ id, result: answer, assets: fresh ? assets : undefined }, result.bytes ? [result.bytes.buffer as ArrayBuffer] : []);
});
