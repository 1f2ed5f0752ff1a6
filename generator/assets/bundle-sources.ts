// The island scripts' sources that are not files of their own, written as files, so that esbuild
// bundles them without a plugin.
//
// Why: an esbuild plugin's callbacks (onResolve, onLoad) are answered by the thread that started
// the build, and in `site build` that is the main thread, busy loading, validating and rendering
// the content in synchronous stretches of tens of milliseconds. esbuild waits for each answer,
// and its steps run in a chain (an entry resolved, loaded, its imports resolved, loaded, …), so
// a busy main thread makes the bundle several times slower: in a clean `site build` it became
// the critical path, with rendering done before it and waiting.
//
// What is written, into `node_modules/.cache/site-bundle/<hash of the project folder>/` (the
// tool's own derived code, like the saved schema validators; one folder per project, because a
// test's copy of the project may share this node_modules through a link):
// - `entry/<Island>.ts`: the small entry a page loads (no React), which imports the island's
//   React part when its time comes;
// - `hydrate/<Island>.tsx`: that React part (a chunk of its own, named after the island);
// - `yup/index.esm.js` and `formik/formik.esm.js`: the packages' ES modules with bundle-pure.ts's
//   rewrites applied, and Formik's imports of lodash's clone, cloneDeep and toPath, and of
//   hoist-non-react-statics, pointed at what the plugin had substituted (below). The islands'
//   `yup` and `formik` are aliased to them (esbuild's `alias`, resolved by esbuild itself).
// Each file is written only when its text changed, through a temporary file and a rename, so
// concurrent builds of the same project never see half a file.
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PURE_REWRITES, applyRewrites, type Rewrite } from './bundle-pure.ts';

export interface BundleSources {
  /** esbuild entry points: one per island, `out` its name. */
  entries: { in: string; out: string }[];
  /** esbuild `alias`: the packages whose rewritten copies the islands import. */
  alias: Record<string, string>;
  /** The island whose entry esbuild's metafile names `entryPoint`; undefined for any other entry (a dynamic import's chunk). */
  islandOf(entryPoint: string): string | undefined;
}

/** Formik's imports pointed at what the bundle gives it instead (`at` is the copies' folder). */
function formikImports(root: string, at: string): Rewrite[] {
  const lodash = JSON.stringify(join(root, 'templates/islands/lib/formik-lodash.ts'));
  return [
    // Formik's lodash: its clone, cloneDeep and toPath carry lodash's general cloner and path
    // cache; lib/formik-lodash.ts does what Formik asks of them.
    ...(['clone', 'cloneDeep', 'toPath'] as const).map((name) => ({ from: `import ${name} from 'lodash-es/${name}';\n`, to: `import { ${name} } from ${lodash};\n` })),
    // Formik imports hoist-non-react-statics (and with it react-is) for connect(), which no form
    // here uses; through a module declared free of side effects, the import goes when connect()
    // does.
    { from: "import hoistNonReactStatics from 'hoist-non-react-statics';\n", to: `import hoistNonReactStatics from ${JSON.stringify(join(at, 'hoist/index.js'))};\n` },
  ];
}

/** Writes the sources for `islands` of the project at `root` (where needed) and says how to bundle them. */
export function bundleSources(root: string, islands: readonly string[]): BundleSources {
  const folder = createHash('sha256').update(root).digest('hex').slice(0, 16);
  const at = join(root, 'node_modules/.cache/site-bundle', folder);
  const file = (path: string) => JSON.stringify(join(root, path));
  const texts = new Map<string, string>();
  const entries: BundleSources['entries'] = [];
  const islandByEntry = new Map<string, string>();
  for (const name of islands) {
    const entry = join(at, 'entry', `${name}.ts`);
    texts.set(entry, [
      `import { scheduleIslands } from ${file('templates/islands/loader.ts')};`,
      `scheduleIslands(${JSON.stringify(name)}, () => import(${JSON.stringify(`../hydrate/${name}.tsx`)}));`,
      '',
    ].join('\n'));
    texts.set(join(at, 'hydrate', `${name}.tsx`), [
      `import Component from ${file(`templates/islands/${name}.tsx`)};`,
      `import { hydrateIsland } from ${file('templates/islands/runtime.tsx')};`,
      `export const hydrate = (element: HTMLElement) => hydrateIsland(element, ${JSON.stringify(name)}, Component);`,
      '',
    ].join('\n'));
    entries.push({ in: entry, out: name });
    islandByEntry.set(`site-bundle/${folder}/entry/${name}.ts`, name);
  }
  const alias: Record<string, string> = {};
  for (const { pkg, module, name, rewrites } of PURE_REWRITES) {
    const copy = join(at, pkg, module.split('/').pop()!);
    const source = readFileSync(join(root, 'node_modules', pkg, module), 'utf8');
    texts.set(copy, applyRewrites(name, source, pkg === 'formik' ? [...rewrites, ...formikImports(root, at)] : rewrites));
    // The package's own sideEffects declaration goes with its copy (Formik's: false).
    const { sideEffects } = JSON.parse(readFileSync(join(root, 'node_modules', pkg, 'package.json'), 'utf8')) as { sideEffects?: unknown };
    texts.set(join(at, pkg, 'package.json'), `${JSON.stringify(sideEffects === undefined ? {} : { sideEffects })}\n`);
    alias[pkg] = copy;
  }
  const hoist = join(root, 'node_modules/hoist-non-react-statics');
  const hoistMain = (JSON.parse(readFileSync(join(hoist, 'package.json'), 'utf8')) as { main: string }).main;
  texts.set(join(at, 'hoist/index.js'), `export { default } from ${JSON.stringify(join(hoist, hoistMain))};\n`);
  texts.set(join(at, 'hoist/package.json'), `${JSON.stringify({ sideEffects: false })}\n`);
  for (const [path, text] of texts) writeIfChanged(path, text);
  // esbuild names an entry relative to the project after following links (a test's copy of the
  // project links node_modules), so an entry is known by its path from site-bundle/ on.
  const islandOf = (entryPoint: string) => {
    const path = entryPoint.split('\\').join('/');
    const from = path.lastIndexOf('site-bundle/');
    return from < 0 ? undefined : islandByEntry.get(path.slice(from));
  };
  return { entries, alias, islandOf };
}

function writeIfChanged(path: string, text: string): void {
  try {
    if (readFileSync(path, 'utf8') === text) return;
  } catch {
    // missing: written below
  }
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    writeFileSync(temporary, text, { flag: 'wx' });
    renameSync(temporary, path);
  } finally {
    rmSync(temporary, { force: true });
  }
}
