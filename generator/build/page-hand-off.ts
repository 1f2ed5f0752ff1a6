// What a build does with each page it rendered: hands it to the sink that writes it, files it in
// the page cache, and keeps its digest for the build manifest.
import { sha256 } from '../hash.ts';
import type { Route } from '../render/routes.ts';
import type { FileDigest } from '../output/site-files.ts';
import type { Hashed, Linkable, ReadBytes } from '../output/write.ts';
import type { Session } from '../speed/page-cache.ts';

/**
 * Where `site build` hands each page and card: a rendered page whole or as pieces; may return a
 * promise to say "wait". `source`, when given, is a file in a cache folder that holds exactly
 * these bytes (a reused page, a social card), as it was when they were read: the sink may link it
 * instead of writing the bytes again. With `hashed` (only when the build is told the sink
 * `hashesPages`), the sink computes the SHA-256 of the pieces it writes and calls `hashed` once
 * with it (undefined if the write failed): OutputDir's page writer does it on its own thread.
 */
export type PageSink = (file: string, data: Buffer | Buffer[] | ReadBytes, source?: Linkable, hashed?: Hashed) => Promise<void> | undefined | void;

export interface HandOffOptions {
  sink?: PageSink;
  /** The page cache's session, when the build keeps one. */
  cached?: Session;
  /** Where a file of the new build is to be written (OutputDir.claim), for the page cache's links. */
  claim?: (file: string) => string;
  /** Whether the sink reports each page's SHA-256 (`hashed`). */
  sinkHashes: boolean;
  /** The islands of each route, kept by the builder for page weights and the admin. */
  islandsByRoute: Map<string, string[]>;
}

export class PageHandOff {
  /** Every output's size and SHA-256, for the build manifest. */
  readonly digests = new Map<string, FileDigest>();
  /** The paths rendered, in order. */
  readonly rendered: string[] = [];
  /** Pages whose SHA-256 the sink has yet to report, and who waits for the last one. */
  private unhashed = 0;
  private allHashed: (() => void) | undefined;

  constructor(private readonly o: HandOffOptions) {}

  /** A page rendered: its digest, its islands and its place in the order. */
  accept(route: Route, digest: FileDigest, islands: string[]): void {
    this.digests.set(route.file, digest);
    this.o.islandsByRoute.set(route.path, islands);
    this.rendered.push(route.path);
  }

  /**
   * Hands a rendered page to the sink and, when `record`, files it in the page cache. The whole
   * page never exists in memory: it is hashed as pieces, like they are written.
   */
  hand(route: Route, chunks: Buffer[], islands: string[], record: boolean): Promise<void> | undefined {
    const { sink, cached, claim } = this.o;
    const bytes = chunks.reduce((n, c) => n + c.length, 0);
    // The sink hashes what it writes (on the page writer's thread). With the page cache, the
    // entry is then the file the sink wrote, linked into the cache once it is written
    // (renderedFile) and filed under the sink's SHA-256: not hashed on this thread and written
    // a second time from here.
    const store = cached && record ? cached : undefined;
    if (this.o.sinkHashes && (!store || claim)) {
      const digest = { bytes, sha256: '' };
      // What the render asked the asset store for, taken now: the next route's render starts before the write is done.
      const assets = store?.assetCalls();
      const target = store && claim!(route.file);
      this.unhashed += 1;
      const wait = sink!(route.file, chunks, undefined, (hex) => {
        digest.sha256 = hex ?? '';
        if (store && hex) store.renderedFile(route, target!, bytes, hex, islands, assets!);
        if (--this.unhashed === 0) this.allHashed?.();
      });
      this.accept(route, digest, islands);
      return wait || undefined;
    }
    const digest = { bytes, sha256: sha256(chunks) };
    let wait = sink!(route.file, chunks);
    if (store) wait = both(wait, store.rendered(route, chunks, digest.sha256, islands));
    this.accept(route, digest, islands);
    return wait || undefined;
  }

  /** Resolves once the sink has reported the SHA-256 of every page handed to it (the manifest lists them all). */
  async allReported(): Promise<void> {
    if (this.unhashed) await new Promise<void>((resolve) => (this.allHashed = resolve));
  }
}

/** Waits for both "wait" answers, when either asks. */
export function both(a: Promise<void> | undefined | void, b: Promise<void> | undefined | void): Promise<void> | undefined {
  return a && b ? Promise.all([a, b]).then(() => {}) : (a || b || undefined);
}
