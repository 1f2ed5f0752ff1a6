// A clean `site build` renders pages while esbuild bundles the island scripts on the other core.
// Pages name the scripts' files, whose names are their content hashes, so until the bundle is in
// they render with stand-ins for those names (standInClient) and are held here; once it is in,
// each held page, and every shell part rendered with a stand-in, is completed into the bytes it
// would have had (completeChunks) and handed on in the order it was rendered.
import { randomBytes } from 'node:crypto';
import { completeChunks, type ClientAssets } from '../render/render.ts';
import type { Route } from '../render/routes.ts';

/** Pages a build holds at most while the scripts are bundled: then it waits for them. */
const HELD_PAGES = 64;

export interface HeldPage {
  route: Route;
  chunks: Buffer[];
  islands: string[];
}

export class HeldPages {
  /** What the stand-in names carry, so completing them cannot touch any other text. */
  readonly nonce = randomBytes(12).toString('hex');
  private ready = false;
  private readonly pages: HeldPage[] = [];

  constructor(bundle: Promise<unknown>) {
    bundle.then(() => (this.ready = true), () => (this.ready = true));
  }

  hold(page: HeldPage): void {
    this.pages.push(page);
  }

  /** Whether to complete the held pages now: the scripts are in, or as many pages are held as may be. */
  get due(): boolean {
    return this.ready || this.pages.length >= HELD_PAGES;
  }

  /**
   * With `client`'s scripts in: completes the shell parts in `shell` (rendered with stand-ins,
   * shared by the pages still to render), then gives each held page completed, in order.
   */
  *completed(client: ClientAssets, shell: Map<string, Buffer>): Generator<HeldPage> {
    const done = new Map<Buffer, Buffer>();
    for (const [key, markup] of shell) shell.set(key, completeChunks([markup], client, this.nonce, done)[0]!);
    for (const page of this.pages) yield { ...page, chunks: completeChunks(page.chunks, client, this.nonce, done) };
  }
}
