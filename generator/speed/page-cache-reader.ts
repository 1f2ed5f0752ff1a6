// The page cache's entry reader (page-cache.ts, Session): reads and checks the entries the build
// asks for, and gives each page's bytes, or none when the build only links the pages (`lazy`,
// `site build`). It keeps a record of what this machine hashed (file-records.ts,
// `verified-0.json` in the cache folder) and at `close` records the entries it used: a page the
// record vouches for is not read again when the build only links it (`lazy`), nor its head
// while that is the file the record names (page-cache-entry.ts, recordedEntry).
// It runs on the main thread: on a thread of its own, the messages and copies cost more than
// the reads it moved off (docs/performance.md).
import { join } from 'node:path';
import { assetListOf, headRecordOf, headRecordValue, readEntry, recordCheck, recordedEntry, recordName, spareEntry, type AssetCall, type EntryResult, type HeadRecord } from './page-cache-entry.ts';
import { Scratch } from './signed-files.ts';
import { linkKept } from './link-kept.ts';
import { readRecordFile, writeRecords, type FileRecord } from './file-records.ts';

/** A page file's record, with its head's when the record has one this build may use. */
interface Recorded {
  record: FileRecord;
  head?: { head: HeadRecord; assets: AssetCall[]; list: string };
}

/** What the build asks of one entry: the page's key and path; with `target`, link it there (`exists`: a spare's file is there). */
export interface EntryRequest {
  key: string;
  path: string;
  lazy: boolean;
  target?: string;
  exists?: boolean;
}

export class EntryReader {
  private readonly known: Set<string>;
  private readonly ledger: string;
  private readonly check: string;
  private recorded: Map<string, Recorded> | undefined;
  private readonly used = new Map<string, FileRecord>();
  // Pages of one site ask the asset store the same questions (the header's and footer's icons
  // and logos: dozens on a post page): each distinct list is numbered once, in the order this
  // record names them (shared.lists), and the build checks each list once.
  private readonly listTexts: string[] = [];
  private readonly listPlace = new Map<string, number>();
  private readonly lists: AssetCall[][] = [];
  // A build that only links the pages (`lazy`) gets none of their bytes: each is read into this
  // one buffer and checked here.
  private readonly scratch = new Scratch();

  constructor(private readonly dir: string, private readonly secret: string | undefined, islands: string[]) {
    this.known = new Set(islands);
    this.ledger = join(dir, recordName(0));
    this.check = recordCheck(secret);
  }

  /** The asset questions numbered `id` (an answer's `assetsId`). */
  assets(id: number): AssetCall[] {
    const list = this.lists[id];
    if (!list) throw new Error(`generator bug: the page cache's reader has no asset list ${id}`);
    return list;
  }

  read({ key, path, lazy, target, exists }: EntryRequest): EntryResult {
    let result: EntryResult;
    let list: string | undefined;
    try {
      const mine = lazy ? (this.recorded ??= this.readRecord()).get(key) : undefined;
      // Most often, over a spare, the page is where it goes already (spareEntry); else the record's
      // entry is looked at in the cache, or the entry read.
      const fromRecord = mine?.head && ((target && exists && spareEntry(key, path, this.known, mine.record, mine.head.head, mine.head.assets, target)) || recordedEntry(this.dir, key, path, this.known, mine.record, mine.head.head, mine.head.assets));
      if (fromRecord) list = mine!.head!.list;
      result = fromRecord || readEntry(this.dir, key, path, this.secret, this.known, mine?.record, lazy ? this.scratch : undefined);
      if (result.kind === 'ok') {
        list ??= JSON.stringify(result.header.assets);
        let place = this.listPlace.get(list);
        if (place === undefined) {
          this.listPlace.set(list, (place = this.listTexts.push(list) - 1));
          this.lists.push(result.header.assets);
        }
        const { headFile } = result;
        const head = headFile && headRecordValue({ file: headFile, path, bytes: result.header.bytes, islands: result.header.islands, assets: place });
        this.used.set(key, { ...result.file, sha256: result.header.sha256, ...(head ? { extra: head } : {}) });
        // Only a page the record vouched for (not read) is linked here; one read and checked
        // here is linked by the build from its bytes' file.
        if (target && !result.bytes && !result.checked && !result.linked) result = { ...result, linked: linkKept(join(this.dir, key), result.identity, target, true, exists) };
        result = { ...result, assetsId: place };
      }
    } catch (error) {
      result = { kind: 'bad' as const, reason: `unreadable (${error instanceof Error ? error.message : String(error)})` };
    }
    return result;
  }

  /** Writes the record of the entries this build used. */
  close(): void {
    if (this.used.size) writeRecords(this.ledger, this.used, { check: this.check, lists: this.listTexts });
  }

  /** The record the last build left; a head record is kept only from one made with this build's secret (or none). */
  private readRecord(): Map<string, Recorded> {
    const all = new Map<string, Recorded>();
    const { records, shared } = readRecordFile(this.ledger);
    const texts = shared.check === this.check && Array.isArray(shared.lists) ? (shared.lists as unknown[]) : [];
    const lists = texts.map((text) => [text, assetListOf(text)] as const);
    for (const [key, record] of records) {
      const head = headRecordOf(record.extra);
      const [list, assets] = head && head.assets < lists.length ? lists[head.assets]! : [undefined, undefined];
      all.set(key, { record, head: head && assets ? { head, assets, list: list as string } : undefined });
    }
    return all;
  }
}
