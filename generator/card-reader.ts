// The social cards' reader thread (cards.ts, CardReader): for a build that links its cards,
// reads each cached card this machine's record does not vouch for (a first build, a CI runner's
// restored cache: 40,000 cards, 2.3 GB at 20,000 posts), checks that it is a whole image, and
// answers with its size, SHA-256 and which file it is, never its bytes. Each card is read into
// one buffer used again (page-cache-entry.ts, Scratch), opened without following a link or
// waiting on a FIFO. Runs under Node's own type stripping: erasable TypeScript only.
import { parentPort } from 'node:worker_threads';
import { createHash } from 'node:crypto';
import { readEntryFile, Scratch } from './page-cache-entry.ts';
import { isWholeImage } from './images/png-text.ts';

/** Larger than any card (1200×630, ~60 KB): a file past it is not one of ours. */
const MAX_CARD = 16 * 1024 * 1024;
const scratch = new Scratch();

parentPort!.on('message', ({ id, path }: { id: number; path: string }) => {
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
  parentPort!.postMessage({ id, card: { ...read.file, sha256: createHash('sha256').update(bytes).digest('hex') } });
});
