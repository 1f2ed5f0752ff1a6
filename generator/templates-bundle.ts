// The templates as one module, for a process that loads them once (issue #19, "smaller fixed
// cost"). templates/index.ts imports 64 template files, and through them Formik (with 119 of
// lodash's files) and Swiper (35): some 220 modules, each resolved, read and linked by Node's
// loader, about 65-85 ms of the main thread at every `site build`, while it loads and validates
// the content. The same code bundled by esbuild into one file loads in 16-26 ms.
//
// What the bundle holds, and what it leaves to Node:
//   - templates/ and the packages only templates use (Formik, Swiper and theirs) are inside;
//   - React stays outside, so the renderer and the templates share one React;
//   - every module of ours outside templates/ (generator/format.ts, functions/send-email/…) stays
//     outside too, imported by its file URL: one instance of it in the process, as with the source.
// esbuild is given no tsconfig (tsconfigRaw {}) and the JSX setting bin/register.js uses, so the
// bundled code is the code the source loader runs; `keepNames` keeps every function's name. The
// test that renders every shipped route both ways compares the pages byte for byte.
//
// It is a code cache, like bin/register.js's transforms and Node's compile cache: it holds code, never
// anything derived from content, and a clean build may use it. It is used only while it is the
// code it was made from: every file esbuild read has the size and mtime it had, and every
// folder that held one lists the same names (its mtime), with the same esbuild, Node and options.
// Otherwise the source is imported as before and a new bundle is made beside the build, for the
// next process. A file changed within a second before the bundle was made is not trusted (its
// mtime could hide a second edit in the same tick): that bundle is not kept. The preview's
// reloads after a template edit import the source (Builder.reloadTemplates), as before.
import { build, version as esbuildVersion } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import type { Templates } from './render.ts';

/** Bumped whenever the bundle's options change: an older bundle is then not used. */
const FORMAT = 1;

/** A file changed this close to the bundling may have changed again within its mtime's tick. */
const SETTLE_MS = 1000;

export interface TemplatesBundle {
  /** The bundle file (ES module). */
  file: string;
  /** What it was made from (JSON: Manifest). */
  manifest: string;
}

interface Manifest {
  format: number;
  esbuild: string;
  node: string;
  root: string;
  /** The bundle file's own size and mtime when written: a damaged or replaced bundle is not used. */
  bundle: [size: number, mtimeMs: number];
  /** Every file esbuild read: absolute path, size, mtime. */
  files: [path: string, size: number, mtimeMs: number][];
  /** Every folder holding one of them: absolute path, mtime (a file added or removed there changes it). */
  dirs: [path: string, mtimeMs: number][];
}

/** Where a project's templates bundle is kept: beside bin/register.js's transforms, named by the project's folder. */
export function templatesBundle(root: string, cacheDir = join(root, 'node_modules/.cache/site-templates')): TemplatesBundle {
  const id = createHash('sha256').update(resolve(root)).digest('hex').slice(0, 16);
  return { file: join(cacheDir, `templates-${id}.mjs`), manifest: join(cacheDir, `templates-${id}.json`) };
}

/**
 * The bundle's URL when it exists and every input is as it was when it was made, else undefined.
 * The URL names the bundle's mtime: a process that loads a newer bundle gets a new module.
 */
export function freshBundle(root: string, bundle: TemplatesBundle): string | undefined {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(bundle.manifest, 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
  if (manifest.format !== FORMAT || manifest.esbuild !== esbuildVersion || manifest.node !== process.version || manifest.root !== resolve(root)) return undefined;
  if (!Array.isArray(manifest.files) || !Array.isArray(manifest.dirs) || !Array.isArray(manifest.bundle)) return undefined;
  const same = (path: string, size: number | undefined, mtimeMs: number) => {
    try {
      const s = statSync(path);
      return s.mtimeMs === mtimeMs && (size === undefined || s.size === size);
    } catch {
      return false;
    }
  };
  const fresh = same(bundle.file, manifest.bundle[0], manifest.bundle[1])
    && manifest.files.every(([path, size, mtimeMs]) => same(path, size, mtimeMs))
    && manifest.dirs.every(([path, mtimeMs]) => same(path, undefined, mtimeMs));
  return fresh ? `${pathToFileURL(bundle.file).href}?made=${manifest.bundle[1]}` : undefined;
}

/**
 * Bundles `root`/templates/index.ts into `bundle` (written under a temporary name, then renamed:
 * a process reading it sees the old file or the new one). Resolves to false when it was not kept
 * (an input changed while it was made, or too recently to trust).
 */
export async function makeTemplatesBundle(root: string, bundle: TemplatesBundle, options: { settleMs?: number } = {}): Promise<boolean> {
  const settleMs = options.settleMs ?? SETTLE_MS;
  const templatesDir = join(resolve(root), 'templates') + sep;
  const fromTemplates = createRequire(join(templatesDir, 'index.ts'));
  const started = Date.now();
  const result = await build({
    entryPoints: [join(templatesDir, 'index.ts')],
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    jsx: 'automatic',
    tsconfigRaw: {},
    keepNames: true,
    logLevel: 'silent',
    absWorkingDir: resolve(root),
    outfile: bundle.file,
    // Packages bundled in may be CommonJS (Formik) and `require` React: they get Node's require
    // as templates/index.ts would, wherever the bundle is kept.
    banner: { js: `import { createRequire as __siteCreateRequire } from "node:module"; const require = __siteCreateRequire(${JSON.stringify(pathToFileURL(join(templatesDir, 'index.ts')).href)});` },
    plugins: [{
      name: 'shared-modules',
      setup(b) {
        // React by the file Node resolves it to from the templates: the module the renderer has.
        // (A CommonJS package's require() takes a path; an import, a URL.)
        b.onResolve({ filter: /^(react|react-dom)(\/.*)?$/ }, (args) => {
          const path = fromTemplates.resolve(args.path);
          return { path: args.kind === 'require-call' ? path : pathToFileURL(path).href, external: true };
        });
        b.onResolve({ filter: /^\.\.?\// }, (args) => {
          const path = resolve(args.resolveDir, args.path);
          if (path.startsWith(templatesDir) || path.split(sep).includes('node_modules')) return undefined;
          return { path: pathToFileURL(path).href, external: true };
        });
      },
    }],
  });
  const output = result.outputFiles[0];
  if (!output || !result.metafile) return false;
  const files: Manifest['files'] = [];
  const dirs = new Map<string, number>();
  for (const input of Object.keys(result.metafile.inputs)) {
    const path = resolve(root, input);
    const s = statSync(path);
    if (s.mtimeMs >= started - settleMs) return false;
    files.push([path, s.size, s.mtimeMs]);
    const dir = dirname(path);
    if (!dirs.has(dir)) dirs.set(dir, statSync(dir).mtimeMs);
  }
  if ([...dirs.values()].some((mtimeMs) => mtimeMs >= started - settleMs)) return false;
  mkdirSync(dirname(bundle.file), { recursive: true });
  const temp = `${bundle.file}.${process.pid}-${Math.random().toString(36).slice(2)}`;
  try {
    writeFileSync(temp, output.contents);
    const written = statSync(temp);
    const manifest: Manifest = { format: FORMAT, esbuild: esbuildVersion, node: process.version, root: resolve(root), bundle: [written.size, written.mtimeMs], files, dirs: [...dirs] };
    // The manifest goes first, naming the new file's size and mtime: until the rename, the old
    // bundle no longer matches it, so neither is used by a process that looks in between.
    writeFileSync(`${temp}.json`, JSON.stringify(manifest));
    renameSync(`${temp}.json`, bundle.manifest);
    renameSync(temp, bundle.file);
    return true;
  } finally {
    rmSync(temp, { force: true });
    rmSync(`${temp}.json`, { force: true });
  }
}

export interface LoadedTemplates {
  templates: Templates;
  /** Where they came from. */
  from: 'bundle' | 'source';
  /** A bundle being made for the next process (source only); resolves whether or not it was kept, never rejects. */
  bundling?: Promise<boolean>;
}

/**
 * The templates, from the bundle when it is fresh; otherwise from the source, while a bundle is
 * made for the next process (unless `make` is false: a render thread leaves that to the main
 * thread). A bundle that fails to load (damaged on disk) falls back to the source and is made again.
 */
export async function loadTemplates(root: string, bundle = templatesBundle(root), options: { make?: boolean } = {}): Promise<LoadedTemplates> {
  const url = freshBundle(root, bundle);
  if (url) {
    try {
      return { templates: (await import(url)) as Templates, from: 'bundle' };
    } catch {
      // Not a module we can run: the source is, and the next bundle replaces this one.
    }
  }
  const bundling = options.make === false ? undefined : makeTemplatesBundle(root, bundle).catch(() => false);
  const templates = (await import(pathToFileURL(join(root, 'templates/index.ts')).href)) as Templates;
  return { templates, from: 'source', bundling };
}
