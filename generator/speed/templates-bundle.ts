// The templates as one script, for a process that loads them once (a smaller fixed cost).
// templates/index.ts imports every template file, and through them Formik (with many of lodash's
// files), Swiper and React's server renderer: hundreds of modules, each resolved, read and linked
// by Node's loader on the main thread at every `site build`, while it loads and validates the
// content. Bundled by esbuild into one file, they load several times faster.
// And the first pages render faster: the bundle runs as a script with V8's code for it saved
// after a build's pages had called its functions (saveTemplatesCode), where Node's compile cache
// only keeps what V8 compiled before a module ran.
// What it saves: docs/performance.md.
//
// What the bundle holds, and what it leaves to Node:
//   - templates/, React and its server renderer, and the packages only templates use (Formik,
//     Swiper and theirs) are inside. The renderer (render.ts) renders with the React the
//     templates export (Templates.createElement, renderToStaticMarkup, renderToString), so there
//     is one React whichever way the templates were loaded;
//   - every module of ours outside templates/ (generator/transform/format.ts, functions/send-email/…) stays
//     outside, imported before the bundle runs and handed to it: one instance of it in the
//     process, as with the source;
//   - NODE_ENV is fixed in it (React's production or development build): a bundle made under
//     another NODE_ENV (SITE_REACT_DEV=1) is not used.
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
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import { compileWithCode, saveCode, type ScriptWithCode } from './script-code.ts';
import type { Templates } from '../render/render.ts';

/** Bumped whenever the bundle's options change: an older bundle is then not used. */
const FORMAT = 2;

const nodeEnv = () => process.env.NODE_ENV ?? '';

/** A file changed this close to the bundling may have changed again within its mtime's tick. */
const SETTLE_MS = 1000;

export interface TemplatesBundle {
  /** The bundle file (a CommonJS module, run as a script: runBundle). */
  file: string;
  /** What it was made from (JSON: Manifest). */
  manifest: string;
}

interface Manifest {
  format: number;
  esbuild: string;
  node: string;
  /** NODE_ENV when it was made: React's production or development build is chosen then. */
  nodeEnv: string;
  root: string;
  /** The bundle file's own size and mtime when written: a damaged or replaced bundle is not used. */
  bundle: [size: number, mtimeMs: number];
  /** Every file esbuild read: absolute path, size, mtime. */
  files: [path: string, size: number, mtimeMs: number][];
  /** Every folder holding one of them: absolute path, mtime (a file added or removed there changes it). */
  dirs: [path: string, mtimeMs: number][];
  /** Our modules the bundle requires by path (ES modules: imported before it runs). */
  modules: string[];
}

/** Where a project's templates bundle is kept: beside bin/register.js's transforms, named by the project's folder and NODE_ENV. */
export function templatesBundle(root: string, cacheDir = join(root, 'node_modules/.cache/site-templates')): TemplatesBundle {
  // One per NODE_ENV too: `site` runs in production, the unit tests under "test", one after the other.
  const id = createHash('sha256').update(`${resolve(root)}\0${nodeEnv()}`).digest('hex').slice(0, 16);
  return { file: join(cacheDir, `templates-${id}.cjs`), manifest: join(cacheDir, `templates-${id}.json`) };
}

/** The bundle's manifest when the bundle exists and every input is as it was when it was made, else undefined. */
export function freshBundle(root: string, bundle: TemplatesBundle): Manifest | undefined {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(bundle.manifest, 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
  if (manifest.format !== FORMAT || manifest.esbuild !== esbuildVersion || manifest.node !== process.version || manifest.root !== resolve(root) || manifest.nodeEnv !== nodeEnv()) return undefined;
  if (![manifest.files, manifest.dirs, manifest.bundle, manifest.modules].every(Array.isArray)) return undefined;
  const same = (path: string, size: number | undefined, mtimeMs: number) => {
    try {
      const s = statSync(path);
      return s.mtimeMs === mtimeMs && (size === undefined || s.size === size);
    } catch {
      return false;
    }
  };
  // The bundle is handed the modules it names (runBundle): ours, in this project, and nothing else.
  if (!manifest.modules.every((path) => typeof path === 'string' && isOurs(path) && path.startsWith(manifest.root + sep))) return undefined;
  const fresh = same(bundle.file, manifest.bundle[0], manifest.bundle[1])
    && manifest.files.every(([path, size, mtimeMs]) => same(path, size, mtimeMs))
    && manifest.dirs.every(([path, mtimeMs]) => same(path, undefined, mtimeMs));
  return fresh ? manifest : undefined;
}

/**
 * Bundles `root`/templates/index.ts into `bundle` (written under a temporary name, then renamed:
 * a process reading it sees the old file or the new one). Resolves to false when it was not kept
 * (an input changed while it was made, or too recently to trust).
 */
export async function makeTemplatesBundle(root: string, bundle: TemplatesBundle, options: { settleMs?: number } = {}): Promise<boolean> {
  const settleMs = options.settleMs ?? SETTLE_MS;
  const templatesDir = join(resolve(root), 'templates') + sep;
  const started = Date.now();
  const result = await build({
    entryPoints: [join(templatesDir, 'index.ts')],
    bundle: true,
    write: false,
    metafile: true,
    format: 'cjs',
    platform: 'node',
    target: 'node24',
    jsx: 'automatic',
    tsconfigRaw: {},
    keepNames: true,
    define: { 'process.env.NODE_ENV': JSON.stringify(nodeEnv()) },
    logLevel: 'silent',
    absWorkingDir: resolve(root),
    outfile: bundle.file,
    plugins: [{
      name: 'shared-modules',
      setup(b) {
        b.onResolve({ filter: /^\.\.?\// }, (args) => {
          const path = resolve(args.resolveDir, args.path);
          if (path.startsWith(templatesDir) || path.split(sep).includes('node_modules')) return undefined;
          return { path, external: true };
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
  const modules = [...new Set(Object.values(result.metafile.outputs).flatMap((o) => o.imports.filter((i) => i.external && isOurs(i.path)).map((i) => i.path)))];
  mkdirSync(dirname(bundle.file), { recursive: true });
  const temp = `${bundle.file}.${process.pid}-${Math.random().toString(36).slice(2)}`;
  try {
    writeFileSync(temp, output.contents);
    const written = statSync(temp);
    const manifest: Manifest = { format: FORMAT, esbuild: esbuildVersion, node: process.version, nodeEnv: nodeEnv(), root: resolve(root), bundle: [written.size, written.mtimeMs], files, dirs: [...dirs], modules };
    // The manifest goes first, naming the new file's size and mtime: until the rename, the old
    // bundle no longer matches it, so neither is used by a process that looks in between.
    writeFileSync(`${temp}.json`, JSON.stringify(manifest));
    renameSync(`${temp}.json`, bundle.manifest);
    renameSync(temp, bundle.file);
    sweepOrphans(dirname(bundle.file));
    return true;
  } finally {
    rmSync(temp, { force: true });
    rmSync(`${temp}.json`, { force: true });
  }
}

/**
 * Removes the bundles (and their manifests and V8 code) of project folders that are gone: the
 * tests build copies of the project in temporary folders, whose bundles would otherwise pile
 * up here.
 */
function sweepOrphans(cacheDir: string): void {
  for (const name of readdirSync(cacheDir)) {
    if (!/^templates-[0-9a-f]{16}\.json$/.test(name)) continue;
    try {
      const { root } = JSON.parse(readFileSync(join(cacheDir, name), 'utf8')) as { root?: unknown };
      if (typeof root !== 'string' || existsSync(root)) continue;
    } catch {
      continue;
    }
    const base = name.slice(0, -'.json'.length);
    for (const file of readdirSync(cacheDir)) if (file.startsWith(`${base}.`)) rmSync(join(cacheDir, file), { force: true });
  }
}

export interface LoadedTemplates {
  templates: Templates;
  /** Where they came from. */
  from: 'bundle' | 'source';
  /** A bundle being made for the next process (source only); resolves whether or not it was kept, never rejects. */
  bundling?: Promise<boolean>;
}

/** Our own modules (common/, generator/, functions/), which the bundle leaves out: TypeScript, ES modules. */
const isOurs = (path: string) => /\.tsx?$/.test(path) && !path.split(sep).includes('node_modules');

/** The bundle last run, and V8's code for it (script-code.ts). */
let bundleCode: ScriptWithCode | undefined;

/**
 * Runs the bundle: a CommonJS module compiled as a script with V8's code for it, when saved
 * (saveTemplatesCode). Node's compile cache keeps a module's code as compiled before it ran; most
 * of the templates' functions (and Formik's and Swiper's) are compiled when a page first calls
 * them, in the first page's render. `require` gives our modules as imported (the process's
 * instances) and anything else as Node's require would from templates/index.ts.
 */
async function runBundle(root: string, bundle: TemplatesBundle, manifest: Manifest): Promise<Templates> {
  const ours = new Map<string, unknown>();
  for (const path of manifest.modules) ours.set(path, await import(pathToFileURL(path).href));
  const nodeRequire = createRequire(join(resolve(root), 'templates/index.ts'));
  const require = (id: string) => (ours.has(id) ? ours.get(id) : nodeRequire(id));
  const code = compileWithCode(`(function (exports, require, module) {${readFileSync(bundle.file, 'utf8')}\n})`, bundle.file);
  const module = { exports: {} as Templates };
  (code.script.runInThisContext() as (e: object, r: typeof require, m: typeof module) => void)(module.exports, require, module);
  bundleCode = code;
  return module.exports;
}

/**
 * Once pages have been rendered with the bundle: saves V8's code for it with the functions
 * compiled by then, when none was used (or V8 rejected it: another bundle, another V8). Through
 * a temporary file and a rename; a read-only checkout goes without.
 */
export function saveTemplatesCode(): void {
  if (bundleCode) saveCode(bundleCode);
  bundleCode = undefined;
}

/**
 * The templates, from the bundle when it is fresh; otherwise from the source, while a bundle is
 * made for the next process (unless `make` is false: a render thread leaves that to the main
 * thread). A bundle that fails to run (damaged on disk) falls back to the source and is made again.
 */
export async function loadTemplates(root: string, bundle = templatesBundle(root), options: { make?: boolean } = {}): Promise<LoadedTemplates> {
  const manifest = freshBundle(root, bundle);
  if (manifest) {
    try {
      return { templates: await runBundle(root, bundle, manifest), from: 'bundle' };
    } catch {
      // Not a module we can run: the source is, and the next bundle replaces this one.
    }
  }
  const bundling = options.make === false ? undefined : makeTemplatesBundle(root, bundle).catch(() => false);
  const templates = (await import(pathToFileURL(join(root, 'templates/index.ts')).href)) as Templates;
  return { templates, from: 'source', bundling };
}
