// styles/main.scss → the stylesheet every page inlines in its head (docs/architecture.md,
// "Styles and fonts"); fonts referenced with asset-url() are hashed files.
//
// Sass is the `sass` package (Dart Sass compiled to JavaScript, as the design card names it).
// Its first compile in a process is slow (megabytes of JavaScript and the JIT warming up; a
// second compile in the same process is much faster), so:
// - a build keeps what it compiled in `.site/cache/styles/` with the list of files Sass read
//   and their SHA-256 (a depfile, as make or ccache keep one); the next build re-reads those
//   files and, if every one still has the same bytes (and Sass is the same version), takes the
//   stylesheet from the cache without loading Sass at all;
//   The entry is input from a stranger (CI restores `.site/cache` from a cache earlier runs wrote),
//   and its CSS goes into every page: it starts with a line naming the SHA-256 of the rest, or
//   its HMAC-SHA256 with SITE_CACHE_SECRET (page-cache-entry.ts, checkOf), so with the secret
//   only a build that had it can have written it; it is read without following a link or
//   waiting on a FIFO; every path in it must stay in the project (a source file in `styles/`,
//   as asset-url() allows) and every output name be an `assets/…-<hash>.<ext>` name;
// - otherwise a full build compiles on a worker thread (styles-worker.ts) while the main thread
//   loads and checks the content; a preview's style edit compiles in-process (warm by then).
// This file and what it imports run under Node's own type stripping in the worker: keep them to
// erasable TypeScript with .ts import paths.
//
// (The embedded compiler, `sass-embedded`, needs less CPU, but its lock entries name one
// prebuilt binary per platform, and a registry that serves only this platform's binary makes
// `npm ci` refuse the lock file: CI here is such a machine. The cache gives a rebuild more than
// the embedded compiler would.)
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { threadEnv } from '../speed/thread-env.ts';
import { hash, sha256 } from '../hash.ts';
import { readCheckLine, withCheckLine } from '../speed/signed-files.ts';

export interface StylesResult {
  files: Map<string, Buffer>;
  /** The whole compiled stylesheet, for a <style> element. */
  css: string;
  fontPreload: string;
  /** Every file the compile read (Sass sources and asset-url() files), absolute. */
  inputs: string[];
  /** Output file name → the absolute path of the file its bytes were read from. */
  sources: [string, string][];
}

/** Compiles the styles in this thread. A Sass error rejects with Sass's own message (file:line). */
export async function compileStyles(root: string): Promise<StylesResult> {
  const sass = await import('sass');
  const files = new Map<string, Buffer>();
  const fonts: string[] = [];
  const sources: [string, string][] = [];
  const compiled = await sass.compileAsync(join(root, 'styles/main.scss'), {
    style: 'compressed',
    importers: [new sass.NodePackageImporter(root)],
    functions: {
      'asset-url($path)': (args) => {
        const path = args[0]!.assertString('path').text;
        const source = resolve(root, 'styles', path);
        if (!source.startsWith(resolve(root, 'styles') + sep)) throw new Error(`asset-url("${path}") leaves the styles folder`);
        const bytes = readFileSync(source);
        const file = `assets/${path.replace(/\.([a-z0-9]+)$/, `-${hash(bytes)}.$1`)}`;
        files.set(file, bytes);
        fonts.push(`/${file}`);
        sources.push([file, source]);
        return new sass.SassString(`url("/${file}")`, { quotes: false });
      },
    },
  });
  // Raw text inside <style>: only `</style` could end it early, and our own Sass never writes
  // that; if a string in it ever did, fail here rather than ship a broken head.
  if (/<\/style/i.test(compiled.css)) throw new Error('styles: the compiled CSS contains "</style", which would end the inlined <style> element');
  const inputs = [...compiled.loadedUrls.filter((url) => url.protocol === 'file:').map((url) => fileURLToPath(url)), ...sources.map(([, source]) => source)];
  return { files, css: compiled.css, fontPreload: fonts.find((f) => f.endsWith('.woff2')) ?? '', inputs, sources };
}

/** compileStyles on a worker thread. A Sass error rejects with Sass's own message (file:line). */
export function compileStylesInWorker(root: string): Promise<StylesResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./styles-worker.ts', import.meta.url), { env: threadEnv(), workerData: { root } });
    worker.once('message', (message: { files: [string, Uint8Array][]; css: string; fontPreload: string; inputs: string[]; sources: [string, string][] } | { error: string }) => {
      if ('error' in message) reject(new Error(message.error));
      else {
        const files = new Map(message.files.map(([name, bytes]) => [name, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]));
        resolve({ files, css: message.css, fontPreload: message.fontPreload, inputs: message.inputs, sources: message.sources });
      }
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the styles worker stopped (exit code ${code}) before it answered`)));
  });
}

interface CacheEntry {
  sass: string;
  css: string;
  fontPreload: string;
  /** Output file name → the source file (relative to root) its bytes come from. */
  files: [string, string][];
  /** Every input, relative to root, with the SHA-256 of its bytes when compiled. */
  inputs: [string, string][];
}

export interface CachedStylesOptions {
  /** Where the entry lives; `false` compiles every time and keeps nothing. */
  cacheDir?: string | false;
  /** How to compile on a miss (a full build: the worker; tests: in-process). */
  compile?: (root: string) => Promise<StylesResult>;
  /** SITE_CACHE_SECRET: the entry is signed with it, and only an entry signed with it is read. */
  secret?: string;
}

/** The entry's first line: this, then the check of the rest (checkOf). */
const MAGIC = 'site-styles-cache 1 ';
const MAX_ENTRY = 16 * 1024 * 1024;
/** An output name as asset-url() makes it (compileStyles): under assets/, the file's hash before its extension. */
const OUTPUT_NAME = /^assets\/(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_.-]+-[A-Za-z0-9]{10}\.[a-z0-9]+$/;

/**
 * The stylesheet from the cache when no file Sass read has changed, else compiled (and kept).
 * Output is the same bytes either way: the cache holds the compiler's output for exactly these
 * inputs. A cache file that is missing, unreadable, from another Sass version or not ours is a
 * miss, never an error.
 */
export async function compileStylesCached(root: string, options: CachedStylesOptions = {}): Promise<StylesResult & { cached: boolean }> {
  const cacheDir = options.cacheDir ?? join(root, '.site/cache/styles');
  const version = sassVersion(root);
  const entryPath = cacheDir ? join(cacheDir, 'main.json') : '';
  if (entryPath) {
    const hit = readEntry(root, entryPath, version, options.secret);
    if (hit) return { ...hit, cached: true };
  }
  const started = Date.now();
  const result = await (options.compile ?? compileStylesInWorker)(root);
  // The digests below are of the bytes on disk after the compile: a file edited while Sass ran
  // could have been compiled as it was before, so such a compile is not kept (as git treats a
  // file whose mtime is not older than its index: "racily clean").
  const inputs = [...new Set(result.inputs)];
  const racy = inputs.some((input) => {
    try {
      return statSync(input).mtimeMs >= started - 2;
    } catch {
      return true;
    }
  });
  if (entryPath && !racy) {
    const entry: CacheEntry = {
      sass: version,
      css: result.css,
      fontPreload: result.fontPreload,
      files: result.sources.map(([name, source]) => [name, relative(root, source)]),
      inputs: inputs.map((input) => [relative(root, input), sha256(readFileSync(input))]),
    };
    try {
      mkdirSync(cacheDir as string, { recursive: true });
      const temporary = `${entryPath}.${process.pid}.tmp`;
      const json = Buffer.from(JSON.stringify(entry));
      writeFileSync(temporary, withCheckLine(MAGIC, json, options.secret));
      renameSync(temporary, entryPath);
    } catch {
      // A read-only checkout builds without the cache.
    }
  }
  return { ...result, cached: false };
}

function readEntry(root: string, entryPath: string, version: string, secret: string | undefined): StylesResult | undefined {
  const body = readCheckLine(entryPath, MAGIC, MAX_ENTRY, secret);
  if (!body) return undefined;
  const styles = resolve(root, 'styles') + sep;
  // A path the entry names, if it is in the folder `under`.
  const inProject = (path: unknown, under: string) => {
    if (typeof path !== 'string') return undefined;
    const absolute = resolve(root, path);
    return absolute.startsWith(under) ? absolute : undefined;
  };
  try {
    const entry = JSON.parse(body.toString('utf8')) as CacheEntry;
    if (entry.sass !== version || typeof entry.css !== 'string' || typeof entry.fontPreload !== 'string' || !Array.isArray(entry.inputs) || entry.inputs.length === 0 || !Array.isArray(entry.files)) return undefined;
    // The same guard as after a compile: a cache file is not trusted to keep to it.
    if (/<\/style/i.test(entry.css)) return undefined;
    const inputs: string[] = [];
    // Sass reads the project's styles and packages' CSS: nothing in the cache folder, where a
    // stranger could have left a FIFO for readFileSync to wait on.
    const modules = resolve(root, 'node_modules') + sep;
    for (const [input, digest] of entry.inputs) {
      const path = inProject(input, styles) ?? inProject(input, modules);
      if (!path || typeof digest !== 'string' || sha256(readFileSync(path)) !== digest) return undefined;
      inputs.push(path);
    }
    const files = new Map<string, Buffer>();
    const sources: [string, string][] = [];
    for (const [name, source] of entry.files) {
      const path = inProject(source, styles);
      if (typeof name !== 'string' || !OUTPUT_NAME.test(name) || !path) return undefined;
      // The file's name carries the hash of its bytes: a renamed or edited source is a miss.
      const bytes = readFileSync(path);
      if (!name.includes(`-${hash(bytes)}.`)) return undefined;
      files.set(name, bytes);
      sources.push([name, path]);
    }
    if (entry.fontPreload !== '' && !files.has(entry.fontPreload.slice(1))) return undefined;
    return { files, css: entry.css, fontPreload: entry.fontPreload, inputs, sources };
  } catch {
    // Not JSON, an entry of another shape, a file gone or unreadable: compiled again.
    return undefined;
  }
}

function sassVersion(root: string): string {
  try {
    return (createRequire(join(root, 'package.json'))('sass/package.json') as { version: string }).version;
  } catch {
    return 'unknown';
  }
}
