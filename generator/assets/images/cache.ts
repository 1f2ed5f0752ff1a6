// A persistent cache of encoded images, so a second build encodes nothing: Astro
// re-encodes on every CI build unless its cache folder is kept, which is the complaint this
// answers. The build passes `.site/cache/images`; CI restores and saves that folder.
//
// Layout: <dir>/<key>/entry and <dir>/<key>/<format>-<width>-<hash>. The key covers the
// source's bytes, the transform and the encoder, so a changed photo, role or sharp version is a
// new entry and nothing is ever invalidated by hand. Each file is written to a temporary name
// and renamed, and the entry is written last: an entry without a readable index, or whose files
// do not match the SHA-256s it lists, is a miss and is encoded again (a build killed half-way
// leaves a corrupt entry at worst, never a wrong image).
//
// The folder is input from a stranger (CI restores it from a cache any earlier run could write):
// `entry` starts with a line naming the SHA-256 of the rest, or its HMAC-SHA256 with
// SITE_CACHE_SECRET (as the page cache's headers: page-cache-entry.ts, checkOf), so with the
// secret only a build that had it can have written an entry; every value in it is checked for
// shape before a template sees it (a colour is `#rrggbb`, a format one of ours, a width a whole
// number), and every file is opened without following a link or waiting on a FIFO, must be a
// regular file under 64 MB, and must have the full SHA-256 the entry names.
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { hash, sha256 } from '../../hash.ts';
import { readCheckLine, readEntryFile, withCheckLine } from '../../speed/signed-files.ts';
import { encodeImage, type Encoded, type EncodedFile, type Transform } from './encode.ts';
import { sharpVersions } from './sharp.ts';

/** Bump when encode.ts changes its output for the same transform (a new encoder setting). */
export const ENCODER_REVISION = 2;

/** sharp and libvips versions plus our revision: part of every key (the versions without loading sharp: sharp.ts). */
export function encoderVersion(): string {
  const { sharp, vips } = sharpVersions();
  return `sharp ${sharp} vips ${vips} r${ENCODER_REVISION}`;
}

/** JSON with object keys sorted, so the same transform always gives the same key. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The cache key: sha256 of the source's digest, the transform and the encoder version. */
export function cacheKey(source: Buffer, transform: Transform, version = encoderVersion()): string {
  const digest = createHash('sha256').update(source).digest('hex');
  return createHash('sha256').update(`${digest}\n${stableJson(transform)}\n${version}`).digest('hex');
}

/** What an entry holds after its check line: the encoded result without the bytes, with each file's SHA-256. */
interface Index extends Omit<Encoded, 'files'> {
  version: string;
  files: (Omit<EncodedFile, 'bytes'> & { sha256: string })[];
}

/** An entry's first line: this, then the check of the rest (checkOf). */
const MAGIC = 'site-image-cache 1 ';
const ENTRY = 'entry';
/** The index of earlier versions (no check line): never read, removed when its entry is written again. */
const OLD_INDEX = 'index.json';
const MAX_ENTRY = 1024 * 1024;
const MAX_FILE = 64 * 1024 * 1024;

/** Options for ImageCache; `encode` is replaceable so tests can count encodes. */
export interface CacheOptions {
  encode?: (bytes: Buffer, transform: Transform) => Promise<Encoded>;
  /** Encodes at once; default the machine's cores. */
  concurrency?: number;
  /** SITE_CACHE_SECRET: entries are signed with it, and only entries signed with it are read. */
  secret?: string;
}

/** Encoded images, read from the cache folder or encoded (a few at a time) and stored there. */
export class ImageCache {
  /** Entries served from disk / encoded by this instance: the build reports both. */
  readonly stats = { hits: 0, encoded: 0 };
  private readonly encode: (bytes: Buffer, transform: Transform) => Promise<Encoded>;
  private readonly queue: Queue;
  private readonly pending = new Map<string, Promise<Encoded>>();

  private readonly secret: string | undefined;

  constructor(private readonly dir: string, options: CacheOptions = {}) {
    this.encode = options.encode ?? encodeImage;
    this.queue = new Queue(options.concurrency ?? availableParallelism());
    this.secret = options.secret;
  }

  /** The source encoded for the transform; the same request twice at once encodes once. */
  get(source: Buffer, transform: Transform): Promise<Encoded> {
    const key = cacheKey(source, transform);
    let result = this.pending.get(key);
    if (!result) {
      result = this.load(key, source, transform).finally(() => this.pending.delete(key));
      this.pending.set(key, result);
    }
    return result;
  }

  private async load(key: string, source: Buffer, transform: Transform): Promise<Encoded> {
    const cached = await this.read(key);
    if (cached) {
      this.stats.hits++;
      return cached;
    }
    const encoded = await this.queue.run(() => this.encode(source, transform));
    this.stats.encoded++;
    await this.write(key, encoded);
    return encoded;
  }

  /** The entry, or undefined if it is missing, partial, corrupt, unsigned (with a secret) or not ours in any way. */
  private async read(key: string): Promise<Encoded | undefined> {
    const folder = join(this.dir, key);
    const body = readCheckLine(join(folder, ENTRY), MAGIC, MAX_ENTRY, this.secret);
    if (!body) return undefined;
    let index: unknown;
    try {
      index = JSON.parse(body.toString('utf8'));
    } catch {
      return undefined;
    }
    if (!isIndex(index) || index.version !== encoderVersion()) return undefined;
    const files: EncodedFile[] = [];
    for (const file of index.files) {
      const read = readEntryFile(join(folder, entryName(file)), MAX_FILE);
      // Missing, a link, not a regular file, too big, or grown since fstat (read one byte long).
      if (typeof read !== 'object' || !read.bytes || read.bytes.length !== read.file.size) return undefined;
      const bytes = Buffer.from(read.bytes.buffer, read.bytes.byteOffset, read.bytes.byteLength);
      if (sha256(bytes) !== file.sha256 || hash(bytes) !== file.hash) return undefined;
      const { sha256: _sha256, ...meta } = file;
      files.push({ ...meta, bytes });
    }
    const { version: _version, ...rest } = index;
    return { ...rest, files };
  }

  private async write(key: string, encoded: Encoded): Promise<void> {
    const folder = join(this.dir, key);
    await mkdir(folder, { recursive: true });
    for (const file of encoded.files) await writeAtomic(join(folder, entryName(file)), file.bytes);
    const index: Index = { ...encoded, version: encoderVersion(), files: encoded.files.map(({ bytes, ...meta }) => ({ ...meta, sha256: sha256(bytes) })) };
    const json = Buffer.from(JSON.stringify(index));
    await writeAtomic(join(folder, ENTRY), withCheckLine(MAGIC, json, this.secret));
    await rm(join(folder, OLD_INDEX), { force: true }).catch(() => undefined);
  }
}

const FORMATS = new Set(['avif', 'webp', 'jpeg', 'png']);
const SOURCE_FORMATS = new Set(['jpeg', 'png', 'webp', 'avif']);
const size = (n: unknown) => Number.isSafeInteger(n) && (n as number) > 0 && (n as number) <= 100_000;

/**
 * Whether `value` is an index as `write` makes it: each value the right type and shape, so
 * nothing a stranger wrote reaches a file name, an attribute or a style as anything but a
 * width, a colour or one of our formats.
 */
function isIndex(value: unknown): value is Index {
  if (!value || typeof value !== 'object') return false;
  const index = value as Record<string, unknown>;
  const source = index.source as Record<string, unknown> | undefined;
  if (typeof index.version !== 'string' || (index.fallback !== 'jpeg' && index.fallback !== 'png')) return false;
  if (typeof index.dominant !== 'string' || !/^#[0-9a-f]{6}$/.test(index.dominant)) return false;
  if (!source || typeof source !== 'object' || !SOURCE_FORMATS.has(source.format as string) || !size(source.width) || !size(source.height)
    || !Number.isSafeInteger(source.bytes) || (source.bytes as number) < 0 || typeof source.hasAlpha !== 'boolean') return false;
  if (!Array.isArray(index.widths) || index.widths.length === 0 || !index.widths.every(size)) return false;
  return Array.isArray(index.files) && index.files.length > 0 && index.files.every((f: unknown) => {
    const file = f as Record<string, unknown>;
    return !!file && typeof file === 'object' && FORMATS.has(file.format as string) && size(file.width) && size(file.height)
      && typeof file.hash === 'string' && /^[A-Za-z0-9]{10}$/.test(file.hash)
      && typeof file.sha256 === 'string' && /^[0-9a-f]{64}$/.test(file.sha256);
  });
}

function entryName(file: Pick<EncodedFile, 'format' | 'width' | 'hash'>): string {
  return `${file.format}-${file.width}-${file.hash}`;
}

/** Write to a unique temporary name, then rename: readers see the old file or the new one. */
async function writeAtomic(path: string, bytes: Buffer): Promise<void> {
  const temp = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temp, bytes);
  await rename(temp, path);
}

/**
 * At most `limit` encodes at once. Memory is bounded by jobs, not images: each job holds its
 * source bytes, one raw copy at the widest output (1920×1440×3 = 8 MB; JPEG shrink-on-load
 * decodes a 12 MP photo at half size to get there) and the one below it, plus the AVIF
 * encoder's buffers, so 50 photos on 2 cores cost 2 jobs' worth, not 50. libvips' own thread pool is set to 1 so the jobs, not libvips,
 * fill the cores (otherwise each job would spawn a thread per core and multiply the buffers),
 * and its operation cache is off, as no image is decoded twice in a build.
 */
class Queue {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async run<T>(job: () => Promise<T>): Promise<T> {
    // A finishing job hands its slot straight to the next waiter, so a caller arriving in
    // between cannot take it too and exceed the limit.
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    try {
      return await job();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}
