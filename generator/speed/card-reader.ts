// Checks a cached social card the machine's record does not vouch for (cards.ts, each: a first
// build, a CI runner's restored cache): that it is a whole image, and its size, SHA-256 and
// which file it is, never keeping its bytes. Each card is read into one buffer used again (signed-files.ts, Scratch), opened without following a link or waiting
// on a FIFO: read that way, a restored cache's cards cost a fraction of one read each into a
// buffer of its own (docs/performance.md).
import { createHash } from 'node:crypto';
import { readEntryFile, Scratch, type FileStats } from './signed-files.ts';
import { isWholeImage } from '../assets/images/png-text.ts';

/** Larger than any card (1200×630): a file past it is not one of ours. */
const MAX_CARD = 16 * 1024 * 1024;
const scratch = new Scratch();

/** A whole card read and checked: which file it is, and its bytes' SHA-256. */
export type CheckedCard = FileStats & { sha256: string };

/** The card at `path` checked, or undefined when it is not a whole image (or not there, or not a regular file). */
export function checkCard(path: string): CheckedCard | undefined {
  const read = readEntryFile(path, MAX_CARD, undefined, scratch);
  if (typeof read !== 'object' || !read.bytes) return undefined;
  const bytes = Buffer.from(read.bytes.buffer, read.bytes.byteOffset, read.bytes.byteLength);
  // A card that grew past what fstat saw is read one byte long, and is then no whole image either.
  if (bytes.length !== read.file.size || !isWholeImage(bytes)) return undefined;
  return { ...read.file, sha256: createHash('sha256').update(bytes).digest('hex') };
}
