// The build's image stage: after validation, before the Markdown and the pages,
// every photo the content names is encoded once (or read from the persistent cache) and handed
// to the asset store, so rendering stays synchronous. A photo that cannot be delivered is a
// problem located at each field or Markdown image that names it. The stage remembers what it
// encoded: the preview re-encodes only a photo whose file changed (`invalidate`).
import { availableParallelism } from 'node:os';
import { SPRITE_FOLDERS, type AssetStore } from '../assets.ts';
import type { Place } from '../../problems/errors.ts';
import { displayPath, listUnder, readUnder } from '../../content/paths.ts';
import { join } from 'node:path';
import type { Problem } from '../../problems/problems.ts';
import { ImageCache, type CacheOptions } from './cache.ts';
import { defaultTransform, ImageSourceError, type Encoded, type Transform } from './encode.ts';
import { activeSvgProblem, encodeProblem, extensionProblem, isRaster, isSupportedImage, sizeProblem, sourceBytesProblem } from './problems.ts';
import { WIDTH_LADDER } from './roles.ts';
import { replacedAt } from '../../speed/memo.ts';

/** One place content names an image: a schema field (x-check image) or a Markdown ![…](…). */
export interface ImageReference {
  value: string;
  /** Where it is written; lazy, as locating a YAML field re-parses the file. */
  at: () => Place;
}

/**
 * The one transform every photo is encoded with: the whole ladder, so every role is served by
 * one encode. AVIF effort 1 (of 0–9): higher efforts cost several times as long for little or
 * nothing off the files, and 1 over 0 makes every file a little smaller for every visitor, paid
 * once per photo (the cache keeps it). Budget: 50 phone photos cold in ≤ 90 s on 2 cores, peak
 * RSS under 500 MB (`npm run bench:images`; docs/performance.md).
 */
export const photoTransform: Transform = { ...defaultTransform, widths: WIDTH_LADDER, avifEffort: 1 };

type Outcome = { encoded: Encoded; error?: undefined } | { encoded?: undefined; error: ImageSourceError };

export class ImageStage {
  readonly cache: ImageCache;
  private outcomes = new Map<string, Outcome>();
  /** The references of the last run, by image: the warnings are located at the first. */
  private references = new Map<string, ImageReference[]>();
  /** The last run's list of references. */
  private lastRefs: ImageReference[] | undefined;

  constructor(private readonly contentDir: string, cacheDir: string, private readonly assets: AssetStore, options: CacheOptions & { transform?: Transform } = {}) {
    this.cache = new ImageCache(cacheDir, options);
    this.transform = options.transform ?? photoTransform;
  }

  private readonly transform: Transform;

  /**
   * Encodes every photo `refs` names that is not encoded yet and returns the problems: an
   * unsupported format or a corrupt file, once per reference. SVGs are left to the asset store.
   */
  async run(refs: ImageReference[]): Promise<Problem[]> {
    // The preview's edit: the last run's references with the few an edit replaced put in place,
    // when each names the image the one it replaces named (the map is then what it would be made
    // anew).
    const at = this.lastRefs && replacedAt(refs, this.lastRefs);
    const last = this.lastRefs;
    const patched = !!at && !!last && at.every((i) => {
      const places = refs[i]!.value === last[i]!.value ? this.references.get(refs[i]!.value) : undefined;
      const place = places?.indexOf(last[i]!) ?? -1;
      if (place >= 0) places![place] = refs[i]!;
      return place >= 0;
    });
    if (!patched) {
      this.references = new Map();
      // Appended in place: copying the list for each reference is quadratic in the posts that
      // share a picture.
      for (const ref of refs) {
        const places = this.references.get(ref.value);
        if (places) places.push(ref);
        else this.references.set(ref.value, [ref]);
      }
    }
    this.lastRefs = refs;
    const problems: Problem[] = [];
    const todo: string[] = [];
    for (const [value, places] of this.references) {
      // Located only when there is a problem: each at() re-parses its file with positions, and
      // calling it for every image to ask about the extension would slow every build.
      if (!isSupportedImage(value)) problems.push(...places.map((p) => extensionProblem(value, p.at())!));
      else if (isRaster(value) && !this.outcomes.has(value)) todo.push(value);
    }
    problems.push(...this.svgProblems());
    // A few sources at a time: each is read whole, and a phone photo is megabytes of JPEG.
    // The cache bounds the encodes themselves; this bounds the bytes waiting for them.
    const workers = Array.from({ length: Math.min(todo.length, availableParallelism() * 2) }, async () => {
      for (let value = todo.shift(); value !== undefined; value = todo.shift()) await this.encode(value);
    });
    await Promise.all(workers);
    for (const [value, places] of this.references) {
      const error = this.outcomes.get(value)?.error;
      if (error) problems.push(...places.map((p) => encodeProblem(value, p.at(), error)!));
    }
    return problems;
  }

  /**
   * Every SVG the site publishes that holds more than a drawing (activeSvgProblem), located in
   * the SVG itself: those content names, and every one in the icon folders (the icon sprite
   * takes them all, named or not).
   */
  private svgProblems(): Problem[] {
    const svgs = new Set([...this.references.keys()].filter((value) => value.toLowerCase().endsWith('.svg')));
    for (const folder of SPRITE_FOLDERS) {
      let entries: ReturnType<typeof listUnder> = [];
      try {
        entries = listUnder(this.contentDir, `images/${folder}`);
      } catch {
        // No such folder (validation reports a link or anything odd on the way).
      }
      for (const entry of entries) if (entry.isFile() && entry.name.endsWith('.svg') && !entry.name.startsWith('.')) svgs.add(`images/${folder}/${entry.name}`);
    }
    const problems: Problem[] = [];
    for (const value of [...svgs].sort()) {
      const problem = activeSvgProblem(readUnder(this.contentDir, value).toString('utf8'), displayPath(join(this.contentDir, value)));
      if (problem) problems.push(problem);
    }
    return problems;
  }

  private async encode(value: string): Promise<void> {
    let outcome: Outcome;
    try {
      outcome = { encoded: await this.cache.get(readUnder(this.contentDir, value), this.transform) };
    } catch (error) {
      // Anything but an author's bad file is the generator's bug: let it through.
      if (!(error instanceof ImageSourceError)) throw error;
      outcome = { error };
    }
    this.outcomes.set(value, outcome);
    if (outcome.encoded) this.assets.useRaster(value, outcome.encoded);
  }

  /** Forget a photo whose file changed or went: the next run reads and encodes (or finds) it again. */
  invalidate(path: string): void {
    this.outcomes.delete(path);
  }

  /** Photos narrower than the widest role the pages showed them in: warnings, at the first reference. */
  warnings(): Problem[] {
    const found: Problem[] = [];
    for (const [value, places] of this.references) {
      const encoded = this.outcomes.get(value)?.encoded;
      const uses = this.assets.uses.get(value);
      if (!encoded || !uses) continue;
      const warning = sizeProblem(value, places[0]!.at(), encoded.source.width, uses);
      if (warning) found.push(warning);
      const heavy = sourceBytesProblem(value, places[0]!.at(), encoded.source.bytes);
      if (heavy) found.push(heavy);
    }
    return found;
  }

  /** Where each image of the last run is first named (for the admin and the heavy-image check). */
  firstReference(value: string): Place | undefined {
    return this.references.get(value)?.[0]?.at();
  }
}
