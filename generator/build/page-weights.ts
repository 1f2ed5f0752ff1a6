// What a page weighs, in gzip bytes: its HTML, every script it may load (the shell, its islands,
// their imports and lazy chunks) and its stylesheet. The build summary, the JavaScript budgets
// (checks/) and the admin all ask here; each size is computed once per bundle.
import { gzip, gzipSync } from 'node:zlib';
import type { BundleResult } from '../assets/bundle.ts';
import type { Route } from '../render/routes.ts';

type Client = BundleResult['client'];

export class PageWeights {
  private readonly gzipped = new Map<Buffer, number>();
  /** The scripts' gzip bytes per island set, for the client they were measured on. */
  private scripts: { client: Client; bySet: Map<string, number> } | undefined;
  /** Each page stylesheet's gzip size (a handful: one per set of parts). */
  private readonly css = new Map<string, number>();

  /** `output`: a build's file by its path (no leading slash), or undefined. */
  constructor(private readonly output: (file: string) => Buffer | undefined) {}

  /**
   * HTML, JS and CSS of `route`. HTML is 0 after a build that hands its pages on instead of
   * keeping them; the stylesheet is inlined in the page's head, so it is inside `html` too.
   */
  of(route: Route, client: Client, islands: readonly string[], stylesheet: string): { html: number; js: number; css: number } {
    return { html: this.gz(`/${route.file}`), js: this.scriptsWeight(client, islands), css: this.gzText(stylesheet) };
  }

  /**
   * Measures the scripts' gzip sizes on libuv's threads while pages render, so level 9 does not
   * hold up the main thread when the summary asks; a size not measured by then is measured there.
   */
  measureScripts(files: Map<string, Buffer> | undefined): void {
    for (const [file, bytes] of files ?? []) {
      if (!file.endsWith('.js') || this.gzipped.has(bytes)) continue;
      gzip(bytes, { level: 9 }, (error, zipped) => {
        if (!error && !this.gzipped.has(bytes)) this.gzipped.set(bytes, zipped.length);
      });
    }
  }

  /** Pages share a handful of island sets, so each set is summed once per bundle. */
  private scriptsWeight(client: Client, islands: readonly string[]): number {
    if (this.scripts?.client !== client) this.scripts = { client, bySet: new Map() };
    const key = islands.join(',');
    const known = this.scripts.bySet.get(key);
    if (known !== undefined) return known;
    const hrefs = new Set([client.shellScript]);
    for (const name of islands) {
      hrefs.add(client.islands[name]!.script);
      client.islands[name]!.imports.forEach((i) => hrefs.add(i));
      client.islands[name]!.lazy.forEach((i) => hrefs.add(i));
    }
    let js = 0;
    let found = true;
    for (const href of hrefs) {
      const size = this.gz(href);
      found &&= size > 0;
      js += size;
    }
    // Kept only once every script is among the outputs (a weight asked for before is not final).
    if (found) this.scripts.bySet.set(key, js);
    return js;
  }

  private gzText(text: string): number {
    let size = this.css.get(text);
    if (size === undefined) {
      if (this.css.size >= 64) this.css.clear();
      this.css.set(text, (size = gzipSync(text, { level: 9 }).length));
    }
    return size;
  }

  private gz(href: string): number {
    const bytes = this.output(href.replace(/^\//, ''));
    if (!bytes) return 0;
    let size = this.gzipped.get(bytes);
    if (size === undefined) {
      size = gzipSync(bytes, { level: 9 }).length;
      this.gzipped.set(bytes, size);
    }
    return size;
  }
}
