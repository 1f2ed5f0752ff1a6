// The social cards' reader thread (cards.ts, CardReader): for a build that links its cards,
// reads each cached card this machine's record does not vouch for (a first build, a CI runner's
// restored cache), checks that it is a whole image, and answers with its size, SHA-256, CRC-32
// and which file it is, never its bytes. Given the card's sums (card-sums.ts), a card with their
// size and CRC-32 takes their SHA-256 instead of computing it. Each card is read into one buffer
// used again (page-cache-entry.ts, Scratch), opened without following a link or waiting on a
// FIFO. Runs under Node's own type stripping: erasable TypeScript only.
//
// It also links into the new build, in batches, the cards the record does vouch for (`link`):
// each is looked at (lstat: still the recorded file) and linked where the build puts it, the link
// kept only if it is that very file (link-kept.ts). On the main thread, those two looks and the
// link's bookkeeping (a promise and a queue entry a card) would weigh on a cached build, whose
// main thread is then the busier one. A card not linked here is the build's to
// handle as before (read, checked, written).
import { parentPort } from 'node:worker_threads';
import { lstatSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { crc32Of } from '../hash.ts';
import type { CardSum } from './card-sums.ts';
import { readEntryFile, Scratch } from './signed-files.ts';
import { isWholeImage } from '../assets/images/png-text.ts';
import { sameFile } from './file-records.ts';
import { linkKept } from './link-kept.ts';

/** Larger than any card (1200×630): a file past it is not one of ours. */
const MAX_CARD = 16 * 1024 * 1024;
const scratch = new Scratch();

/** A card to link: its file, its record's values, where it goes, and whether a file is there already (a spare's). */
export type CardLink = [path: string, size: number, mtimeMs: number, dev: number, ino: number, target: string, exists: boolean];

parentPort!.on('message', ({ id, path, link, sum }: { id: number; path: string; link?: CardLink[]; sum?: CardSum }) => {
  if (link) {
    // 1 where the card is linked, 0 where it is left to the build.
    const linked = link.map(([file, size, mtimeMs, dev, ino, target, exists]) => {
      try {
        // Over a spare (write.ts), the card is most often there already: that very file (device
        // and inode) with the recorded size and mtime is the recorded card, wherever the cache's
        // name for it points now. One lstat where the look below and the link's check make two.
        if (exists) {
          const there = lstatSync(target, { throwIfNoEntry: false });
          if (there?.isFile() && sameFile(there, { size, mtimeMs, dev, ino })) return 1;
        }
        const stats = lstatSync(file, { throwIfNoEntry: false });
        return stats?.isFile() && sameFile(stats, { size, mtimeMs, dev, ino }) && linkKept(file, { dev, ino }, target, true, exists) ? 1 : 0;
      } catch {
        return 0;
      }
    });
    parentPort!.postMessage({ id, linked });
    return;
  }
  const read = readEntryFile(path, MAX_CARD, undefined, scratch);
  if (typeof read !== 'object' || !read.bytes) {
    parentPort!.postMessage({ id });
    return;
  }
  const bytes = Buffer.from(read.bytes.buffer, read.bytes.byteOffset, read.bytes.byteLength);
  // A card that grew past what fstat saw is read one byte long, and is then no whole image either.
  if (bytes.length !== read.file.size || !isWholeImage(bytes)) {
    parentPort!.postMessage({ id });
    return;
  }
  const crc = crc32Of(bytes);
  const sha256 = sum && sum[0] === bytes.length && sum[2] === crc ? sum[1] : createHash('sha256').update(bytes).digest('hex');
  parentPort!.postMessage({ id, card: { ...read.file, sha256, crc32: crc } });
});
