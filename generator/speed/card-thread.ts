// The main thread's side of the social cards' reader thread (card-reader.ts): cards to check and
// cards to link go over as messages and their answers come back as promises. A thread that fails
// answers 'failed' from then on, and the build does the work itself.
import { Worker } from 'node:worker_threads';
import { threadEnv } from './thread-env.ts';
import type { CardSum } from './card-sums.ts';
import type { FileStats } from './signed-files.ts';
import type { CardLink } from './card-reader.ts';

export type { CardLink };

/** A whole card the reader thread read: which file it is, and its bytes' SHA-256. */
type CheckedCard = FileStats & { sha256: string; crc32: number };

/**
 * The card reader thread (card-reader.ts). A card it cannot use is `undefined` (read and drawn
 * again here); a thread that fails (it cannot start, it stops) answers 'failed' for every card
 * still waiting and every later one, and those are read on this thread as before: a failing
 * thread costs speed, never a card.
 */
export class CardReader {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, (answer: CheckedCard | number[] | undefined | 'failed') => void>();
  private next = 0;
  private failed = false;

  constructor() {
    // A small heap: the thread keeps one card's bytes at a time.
    this.worker = new Worker(new URL('./card-reader.ts', import.meta.url), { env: threadEnv(), resourceLimits: { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 64 } });
    this.worker.on('message', ({ id, card, linked }: { id: number; card?: CheckedCard; linked?: number[] }) => this.settle(id, linked ?? card));
    const fail = () => {
      this.failed = true;
      for (const id of [...this.waiting.keys()]) this.settle(id, 'failed');
    };
    this.worker.on('error', fail);
    this.worker.on('exit', fail);
  }

  /** Reads and checks the card at `path`; with its `sum` (card-sums.ts), its SHA-256 is taken from there when its size and CRC-32 match. */
  check(path: string, sum?: CardSum): Promise<CheckedCard | undefined | 'failed'> {
    if (this.failed) return Promise.resolve('failed');
    const id = this.next++;
    this.worker.postMessage({ id, path, sum });
    return new Promise((resolve) => this.waiting.set(id, (answer) => resolve(Array.isArray(answer) ? undefined : answer)));
  }

  /** Links `cards` where they go (card-reader.ts): 1 for each linked, 0 for each left; undefined if the thread failed. */
  link(cards: CardLink[]): Promise<number[] | undefined> {
    if (this.failed) return Promise.resolve(undefined);
    const id = this.next++;
    this.worker.postMessage({ id, link: cards });
    return new Promise((resolve) => this.waiting.set(id, (answer) => resolve(Array.isArray(answer) ? answer : undefined)));
  }

  async close(): Promise<void> {
    this.failed = true;
    await this.worker.terminate();
  }

  private settle(id: number, answer: CheckedCard | number[] | undefined | 'failed'): void {
    const resolve = this.waiting.get(id);
    if (!resolve) return;
    this.waiting.delete(id);
    resolve(answer);
  }
}
