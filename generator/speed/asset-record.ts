// What the asset store answered while a page rendered, and asking it again. A page rendered
// somewhere else than this build's asset store (a page from the page cache, rendered by an
// earlier build) carries the record of its asks: every image and icon, with a hash of
// the answer. Asking this build's store the same questions (`AssetReplay`) makes the files,
// the sprite and the photo-role warnings exactly those a render here would have made, and an
// answer that differs tells that the page is not the one a render here would give.
import { createHash } from 'node:crypto';
import type { RenderCache, RenderInputs } from '../render/render.ts';
import type { AssetCall } from './page-cache-entry.ts';
import { stableJson } from '../assets/images/cache.ts';

/** A short hash of an asset store answer (an ImageInfo, an icon's markup). */
export const answerOf = (value: unknown): string => createHash('sha256').update(stableJson(value)).digest('hex').slice(0, 32);

/**
 * Records what the asset store answers while a page renders. Shell parts and islands are
 * rendered once per build (render.ts) and shared: what they asked for is kept per part and
 * counted for every page that shows the part, so each page's record is complete on its own.
 */
export class Recorder {
  private current = new Map<string, AssetCall>();
  private readonly parts = new Map<string, Map<string, AssetCall>>();
  private readonly open = new Set<Map<string, AssetCall>>();

  reset(): void {
    this.current = new Map();
    this.open.clear();
  }

  calls(): AssetCall[] {
    return [...this.current.values()];
  }

  wrap(inputs: RenderInputs): RenderInputs {
    const note = (call: AssetCall) => {
      const id = `${call[0]}\0${call[1]}\0${call[2]}`;
      this.current.set(id, call);
      for (const part of this.open) part.set(id, call);
    };
    const cache = inputs.cache;
    return {
      ...inputs,
      image: (path, role) => {
        const info = inputs.image(path, role);
        note(['image', path, role ?? null, answerOf(info)]);
        return info;
      },
      icon: (path) => {
        const svg = inputs.icon(path);
        note(['icon', path, null, answerOf(svg)]);
        return svg;
      },
      // An inlined image is the 'logo' image's file written into the page: recorded as that
      // image, so a reused page asks for the same file and is rendered again if it changed.
      inlineImage: inputs.inlineImage && ((path) => {
        const info = inputs.inlineImage!(path);
        note(['image', path, 'logo', answerOf(inputs.image(path, 'logo'))]);
        return info;
      }),
      cache: cache && ({ ...cache, shell: this.parted('shell', cache.shell), islands: this.parted('island', cache.islands) } as RenderCache),
    };
  }

  /** A shared-part map whose misses open a part (until it is set) and whose hits count it for the page. */
  private parted<V>(kind: string, base: Map<string, V>): Map<string, V> {
    // eslint-free subclass: render.ts reads with get() and writes with set() after rendering the part.
    const recorder = this;
    return new (class extends Map<string, V> {
      override get(key: string): V | undefined {
        const value = super.get(key);
        const id = `${kind}\0${key}`;
        if (value === undefined) {
          const part = new Map<string, AssetCall>();
          recorder.parts.set(id, part);
          recorder.open.add(part);
        } else for (const [callId, call] of recorder.parts.get(id) ?? []) recorder.current.set(callId, call);
        return value;
      }
      override set(key: string, value: V): this {
        const part = recorder.parts.get(`${kind}\0${key}`);
        if (part) recorder.open.delete(part);
        return super.set(key, value);
      }
    })(base);
  }
}

/**
 * Asks one build's asset store again what recorded pages asked. Each question is asked once per
 * build: the store's answers (and what asking records) are the same for every page, and hashing
 * them again for each page adds up on a big site.
 */
export class AssetReplay {
  private readonly answers = new Map<string, string>();

  constructor(private readonly store: Pick<RenderInputs, 'image' | 'icon'>) {}

  /**
   * Undefined when every answer is the recorded one, else why not (an answer that differs, or an
   * asset the store cannot give).
   */
  mismatch(calls: readonly AssetCall[]): string | undefined {
    try {
      for (const [kind, path, role, answer] of calls) {
        const id = `${kind}\0${path}\0${role}`;
        let given = this.answers.get(id);
        if (given === undefined) {
          given = answerOf(kind === 'image' ? this.store.image(path, (role ?? undefined) as Parameters<RenderInputs['image']>[1]) : this.store.icon(path));
          this.answers.set(id, given);
        }
        if (given !== answer) return `the ${kind} ${path} is not what it was when the page was stored`;
      }
    } catch (error) {
      return `it names an asset the site cannot give (${error instanceof Error ? error.message : String(error)})`;
    }
    return undefined;
  }
}
