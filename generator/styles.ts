// styles/main.scss → the stylesheet every page inlines in its head (README, "Styles: inlined,
// and why that is safe"); fonts referenced with asset-url() are hashed files. Dart Sass is plain
// JavaScript and takes a few hundred milliseconds of CPU, so a full
// build runs it on a worker thread (styles-worker.ts) while the main thread loads and checks
// the content; a preview's style edit compiles in-process (the module is warm by then).
// This file and what it imports run under Node's own type stripping in the worker: keep
// them to erasable TypeScript with .ts import paths.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { getCompileCacheDir } from 'node:module';
import { hash } from './hash.ts';

export interface StylesResult {
  files: Map<string, Buffer>;
  /** The whole compiled stylesheet, for a <style> element. */
  css: string;
  fontPreload: string;
}

export async function compileStyles(root: string): Promise<StylesResult> {
  const sass = await import('sass');
  const files = new Map<string, Buffer>();
  const fonts: string[] = [];
  const compiled = sass.compile(join(root, 'styles/main.scss'), {
    style: 'compressed',
    importers: [new sass.NodePackageImporter(root)],
    functions: {
      'asset-url($path)': (args) => {
        const path = args[0]!.assertString('path').text;
        const bytes = readFileSync(join(root, 'styles', path));
        const file = `assets/${path.replace(/\.([a-z0-9]+)$/, `-${hash(bytes)}.$1`)}`;
        files.set(file, bytes);
        fonts.push(`/${file}`);
        return new sass.SassString(`url("/${file}")`, { quotes: false });
      },
    },
  });
  // Raw text inside <style>: only `</style` could end it early, and our own Sass never writes
  // that; if a string in it ever did, fail here rather than ship a broken head.
  if (/<\/style/i.test(compiled.css)) throw new Error('styles: the compiled CSS contains "</style", which would end the inlined <style> element');
  return { files, css: compiled.css, fontPreload: fonts.find((f) => f.endsWith('.woff2')) ?? '' };
}

/** compileStyles on a worker thread. A Sass error rejects with Sass's own message (file:line). */
export function compileStylesInWorker(root: string): Promise<StylesResult> {
  return new Promise((resolve, reject) => {
    const compileCache = getCompileCacheDir();
    const worker = new Worker(new URL('./styles-worker.ts', import.meta.url), { workerData: { root, compileCache } });
    worker.once('message', (message: { files: [string, Uint8Array][]; css: string; fontPreload: string } | { error: string }) => {
      if ('error' in message) reject(new Error(message.error));
      else {
        const files = new Map(message.files.map(([name, bytes]) => [name, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]));
        resolve({ files, css: message.css, fontPreload: message.fontPreload });
      }
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the styles worker stopped (exit code ${code}) before it answered`)));
  });
}
