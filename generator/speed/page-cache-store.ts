// Files in the page cache a page `site build` has rendered and written into the new build
// (page-cache.ts, Session.renderedFile): the entry's page is a hard link to that file (or a copy
// where no link can be made) and its header (`<key>.head`), each under a temporary name created
// exclusively, then renamed into place, as page-cache.ts's `writeNew` does for a page given as
// bytes. Plain synchronous calls: on a thread of its own, the messages cost more than the calls
// (docs/performance.md). A store that fails is a warning, never a failed build (the next build
// renders that page again).
import { closeSync, constants, copyFileSync, linkSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';

export interface StoreJob {
  /** The entry's key (its two file names in the cache folder). */
  key: string;
  /** The page's file in the new build, to link (or copy) as the entry's page. */
  file: string;
  /** The entry's header file's text (UTF-8): the check line and the JSON header. */
  head: string;
}

/** Files rendered pages into the cache folder `dir`. */
export class PageFiler {
  private readonly prefix = `.tmp-${process.pid}-${randomBytes(6).toString('hex')}-`;
  private made = 0;

  constructor(private readonly dir: string) {}

  /** Files one page: undefined when stored, else why not. */
  file({ key, file, head }: StoreJob): string | undefined {
    let temp: string | undefined;
    try {
      temp = this.temporary();
      try {
        linkSync(file, temp);
      } catch {
        copyFileSync(file, temp, constants.COPYFILE_EXCL);
      }
      renameSync(temp, join(this.dir, key));
      temp = this.temporary();
      const fd = openSync(temp, 'wx', 0o644);
      try {
        const bytes = Buffer.from(head, 'utf8');
        for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at);
      } finally {
        closeSync(fd);
      }
      renameSync(temp, join(this.dir, `${key}.head`));
      return undefined;
    } catch (error) {
      if (temp) {
        try {
          unlinkSync(temp);
        } catch {}
      }
      return `could not store ${join(this.dir, key)}: ${error instanceof Error ? error.message : String(error)}`;
    }
  }

  private temporary(): string {
    return join(this.dir, this.prefix + (this.made++).toString(36));
  }
}
