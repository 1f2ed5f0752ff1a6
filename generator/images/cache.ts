// A persistent cache of encoded images (issue #17), so a second build encodes nothing: Astro
// re-encodes on every CI build unless its cache folder is kept, which is the complaint this
// answers. The build passes `.site/cache/images`; CI restores and saves that folder.
//
// Layout: <dir>/<key>/index.json and <dir>/<key>/<format>-<width>-<hash>.<ext>. The key covers
// the source's bytes, the transform and the encoder, so a changed photo, role or sharp version
// is a new entry and nothing is ever invalidated by hand. Each file is written to a temporary
// name and renamed, and the index is written last: an entry without a readable index, or whose
// files do not match the hashes it lists, is a miss and is encoded again (a build killed
// half-way leaves a corrupt entry at worst, never a wrong image).
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { hash } from '../hash.ts';
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

/** What index.json holds: the encoded result without the bytes. */
interface Index extends Omit<Encoded, 'files'> {
  version: string;
  files: Omit<EncodedFile, 'bytes'>[];
}

/** Options for ImageCache; `encode` is replaceable so tests can count encodes. */
export interface CacheOptions {
  encode?: (bytes: Buffer, transform: Transform) => Promise<Encoded>;
  /** Encodes at once; default the machine's cores. */
  concurrency?: number;
}

/** Encoded images, read from the cache folder or encoded (a few at a time) and stored there. */
export class ImageCache {
  /** Entries served from disk / encoded by this instance: the build reports both. */
  readonly stats = { hits: 0, encoded: 0 };
  private readonly encode: (bytes: Buffer, transform: Transform) => Promise<Encoded>;
  private readonly queue: Queue;
  private readonly pending = new Map<string, Promise<Encoded>>();

  constructor(private readonly dir: string, options: CacheOptions = {}) {
    this.encode = options.encode ?? encodeImage;
    this.queue = new Queue(options.concurrency ?? availableParallelism());
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

  /** The entry, or undefined if it is missing, partial or corrupt in any way. */
  private async read(key: string): Promise<Encoded | undefined> {
    const folder = join(this.dir, key);
    try {
      const index = JSON.parse(await readFile(join(folder, 'index.json'), 'utf8')) as Index;
      if (index.version !== encoderVersion() || !Array.isArray(index.files) || index.files.length === 0) return undefined;
      const files: EncodedFile[] = [];
      for (const file of index.files) {
        const bytes = await readFile(join(folder, entryName(file)));
        if (hash(bytes) !== file.hash) return undefined;
        files.push({ ...file, bytes });
      }
      const { version: _version, ...rest } = index;
      return { ...rest, files };
    } catch {
      // Missing folder, unreadable or half-written index, a file gone: encode again.
      return undefined;
    }
  }

  private async write(key: string, encoded: Encoded): Promise<void> {
    const folder = join(this.dir, key);
    await mkdir(folder, { recursive: true });
    for (const file of encoded.files) await writeAtomic(join(folder, entryName(file)), file.bytes);
    const index: Index = { ...encoded, version: encoderVersion(), files: encoded.files.map(({ bytes: _bytes, ...meta }) => meta) };
    await writeAtomic(join(folder, 'index.json'), Buffer.from(JSON.stringify(index)));
  }
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
