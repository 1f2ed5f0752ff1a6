// The social cards' cache folder (.site/cache/cards): how a card file is read and written, the
// records that name what this machine hashed, and the sweep that keeps the folder bounded.
import { constants, lstatSync, type Stats } from 'node:fs';
import { lstat, mkdir, open, readdir, rename, unlink, utimes, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { sha256 } from '../hash.ts';
import type { FileIdentity } from '../speed/signed-files.ts';

export interface SweepLimits {
  maxBytes: number;
  maxAgeDays: number;
}

export interface SweepResult {
  removed: number;
  bytes: number;
  kept: number;
}

/** What a build knows of its own cards, for the sweep: their keys, the sizes `each` saw, when each was last marked used, whether it drew any. */
export interface BuildCards {
  keys: readonly string[];
  sizes: ReadonlyMap<string, number>;
  marked: ReadonlyMap<string, number>;
  drewAny: boolean;
}

/** A card file from the cache folder, opened without following a link, and which file it was; undefined when it cannot be read. */
export async function readCard(path: string): Promise<{ bytes: Buffer; identity: FileIdentity; mtimeMs: number } | undefined> {
  try {
    const handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    try {
      const stats = await handle.stat();
      // No card comes near this bound: a bigger file is not one of ours, nor read into memory.
      if (!stats.isFile() || stats.size > MAX_CARD_BYTES) return undefined;
      return { bytes: await handle.readFile(), identity: { dev: stats.dev, ino: stats.ino }, mtimeMs: stats.mtimeMs };
    } finally {
      await handle.close();
    }
  } catch {
    return undefined;
  }
}

/** Larger than any card (1200×630): as card-reader.ts's bound. */
const MAX_CARD_BYTES = 16 * 1024 * 1024;

/** lstat, or undefined where there is nothing to see (gone, unreadable). */
export function lstatQuiet(path: string): Stats | undefined {
  try {
    return lstatSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/** A card's bytes, read again where a link cannot be kept: they must be those its record names. */
export async function readExpected(path: string, digest: string): Promise<Buffer> {
  const read = await readCard(path);
  if (!read || sha256(read.bytes) !== digest) throw new Error(`the social card ${path} changed while the build was using it; build again`);
  return read.bytes;
}


/** A card's file in the cache folder: its key (SHA-256, hex) and `.bin`; nothing else is touched. */
const CARD_FILE = /^[0-9a-f]{64}\.bin$/;
/** What `each` knows of the cards it read (not a card: never swept), and how many records it keeps at most. */
/** The single record earlier versions kept: removed by the sweep. */
const VERIFIED = 'verified.json';
/**
 * One record per content folder (`verified-<hash of its path>.json`): a build reads only what
 * its own content's cards need. A single record of every card in the folder (after the bench's
 * big sites) made the shipped site's small build parse all of them, and switching between
 * content folders kept the others' records in it.
 */
export const cardRecordName = (contentDir: string): string => `verified-${createHash('sha256').update(resolve(contentDir)).digest('hex').slice(0, 16)}.json`;
const RECORD_FILE = /^verified-[0-9a-f]{16}\.json$/;
/** The sweep's last full look at the folder: when, how many cards, their bytes (not a card: never swept). */
const LEDGER = 'sweep.json';
const LOOK_EVERY = 86_400_000;
/** Below this share of the size limit, the ledger spares the sweep a look; above it, a look trims the folder to TRIM_TO of it. */
const LOOK_BELOW = 0.9;
const TRIM_TO = 0.8;
/** A card in use is marked (its mtime set to now) when its mark is older than this. */
const MARK_EVERY = 86_400_000;

/** The ledger, or undefined when it is missing or not what the sweep writes (it is only a hint). */
async function readLedger(dir: string): Promise<{ at: number; count: number; bytes: number } | undefined> {
  try {
    const value: unknown = JSON.parse((await readCard(join(dir, LEDGER)))?.bytes.toString('utf8') ?? '');
    if (typeof value !== 'object' || value === null) return undefined;
    const { at, count, bytes } = value as Record<string, unknown>;
    return [at, count, bytes].every((n) => typeof n === 'number' && Number.isFinite(n) && n >= 0) ? { at: at as number, count: count as number, bytes: bytes as number } : undefined;
  } catch {
    return undefined;
  }
}

/** Write to a unique temporary name, then rename: a reader sees no file or the whole file. */
export async function writeAtomic(path: string, bytes: Buffer): Promise<void> {
  await mkdir(join(path, '..'), { recursive: true });
  const temp = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temp, bytes);
  await rename(temp, path);
}

/**
 * At most `n` jobs at once; the rest wait in order. The waiting list is read from a moving
 * start, not shifted: plan() queues every route's card at once, and an array that long is moved
 * whole by each shift() (V8 cannot trim one that big in place).
 */
export function limiter(n: number): <T>(job: () => Promise<T>) => Promise<T> {
  let active = 0;
  let waiting: ((() => void) | undefined)[] = [];
  let first = 0;
  return async (job) => {
    if (active >= n) await new Promise<void>((resolve) => waiting.push(resolve));
    else active++;
    try {
      return await job();
    } finally {
      if (first < waiting.length) {
        const next = waiting[first]!;
        waiting[first++] = undefined;
        if (first === waiting.length) {
          waiting = [];
          first = 0;
        }
        next();
      } else active--;
    }
  };
}

/**
 * Keeps the cache folder bounded (`site build`, once its build is in place). Every card title
 * ever built stays a file until something removes it: editing titles, a renamed brand, a new
 * font, or building other content with the same checkout (the bench's generated posts) only
 * add. So, like ccache: the cards this build planned are marked used now (their mtime, to the day: one marked within the last day is left as it is), and of the others, those unused for `maxAgeDays` go, then the least recently used
 * until the folder is under 80% of `maxBytes` (once past 90% of it). This build's cards are never removed, whatever their
 * size, and a file written after this build started (a concurrent build's) is left alone; a
 * card removed under a concurrent build is drawn again by it (`each`), never a wrong picture.
 * The folder is looked at in full at most once a day while it is well under `maxBytes` (a
 * ledger of the last look); otherwise only this build's cards are marked.
 */
export async function sweepCards(dir: string, build: BuildCards, limits: SweepLimits, started: number): Promise<SweepResult> {
  // This build's cards by file name, with the size `each` saw when it handed the card on.
  const used = new Map(build.keys.map((key) => [`${key}.bin`, build.sizes.get(key)]));
  const now = new Date();
  const limit = limiter(16);
  const runLimited = (jobs: (() => Promise<unknown>)[]) => Promise.all(jobs.map((job) => limit(job)));
  // Marked used to the day: a card marked within the last day keeps its mtime (a utimes a card
  // on every build, each also touching the dist/ file linked to the card, is slow).
  const stale = build.keys.filter((key) => !((build.marked.get(key) ?? 0) > now.getTime() - MARK_EVERY)).map((key) => `${key}.bin`);
  await runLimited(stale.map((name) => () => utimes(join(dir, name), now, now).catch(() => undefined)));
  // A build that drew no card left the folder as big as it found it, and every build that drew
  // one counted the folder after it. So within a day of the last full look, while that look
  // found the folder under LOOK_BELOW of the limit, such a build does not even list the folder,
  // which on a machine that built the bench's big sites holds tens of thousands of cards.
  // Records of old content folders and cards past the age limit wait for the next listing.
  if (!build.drewAny) {
    const ledger = await readLedger(dir);
    if (ledger && ledger.at <= now.getTime() && now.getTime() - ledger.at < LOOK_EVERY && ledger.bytes <= limits.maxBytes * LOOK_BELOW) {
      return { removed: 0, bytes: 0, kept: ledger.count };
    }
  }
  const names = await readdir(dir).catch(() => [] as string[]);
  // Listing the folder is cheap; an lstat of each of its files on every build is not. Within a
  // day of the last full look, and while the folder, counted by names at the last look's
  // average size, stays well under the size limit, there is nothing to remove but cards that
  // have just passed the age limit: they wait for the next look.
  const cardCount = names.filter((name) => CARD_FILE.test(name)).length;
  // Records of content folders not built for the age limit go, and the one record of earlier versions.
  await runLimited(names.filter((name) => name === VERIFIED || RECORD_FILE.test(name)).map((name) => async () => {
    const stats = await lstat(join(dir, name)).catch(() => undefined);
    if (name === VERIFIED || (stats && stats.mtimeMs < now.getTime() - limits.maxAgeDays * 86_400_000)) await unlink(join(dir, name)).catch(() => undefined);
  }));
  const ledger = await readLedger(dir);
  if (ledger && ledger.at <= now.getTime() && now.getTime() - ledger.at < LOOK_EVERY && ledger.count > 0 && (ledger.bytes / ledger.count) * cardCount <= limits.maxBytes * LOOK_BELOW) {
    return { removed: 0, bytes: 0, kept: names.length };
  }
  const others: { name: string; size: number; used: number }[] = [];
  let total = 0;
  // This build's own cards are never removed; only their bytes count, and `each` knew those. So
  // the look lstats the others alone: a big site's own cards may be over the size limit, and a
  // look at every one of them on every build is slow.
  await runLimited(names.filter((name) => CARD_FILE.test(name)).map((name) => async () => {
    const size = used.get(name);
    if (size !== undefined) {
      total += size;
      return;
    }
    const stats = await lstat(join(dir, name)).catch(() => undefined);
    if (!stats?.isFile()) return;
    total += stats.size;
    if (!used.has(name) && stats.mtimeMs < started) others.push({ name, size: stats.size, used: stats.mtimeMs });
  }));
  others.sort((a, b) => a.used - b.used);
  const old = now.getTime() - limits.maxAgeDays * 86_400_000;
  // Oldest first: those past the age limit, then on while the folder is over the size limit.
  // Past 90% of it (where the ledger no longer spares a look), the folder is brought down to
  // 80%, as ccache does: trimmed to just under the limit, it would stay above 90%, and every
  // build would look at every card again.
  const target = total > limits.maxBytes * LOOK_BELOW ? limits.maxBytes * TRIM_TO : limits.maxBytes;
  const remove: typeof others = [];
  for (const o of others) {
    if (o.used >= old && total <= target) break;
    remove.push(o);
    total -= o.size;
  }
  let removed = 0;
  let bytes = 0;
  await runLimited(remove.map((o) => async () => {
    await unlink(join(dir, o.name)).then(() => {
      removed++;
      bytes += o.size;
    }, () => undefined);
  }));
  await writeAtomic(join(dir, LEDGER), Buffer.from(JSON.stringify({ at: now.getTime(), count: cardCount - removed, bytes: total }))).catch(() => undefined);
  return { removed, bytes, kept: names.length - removed };
}
