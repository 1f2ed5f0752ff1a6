// The islands' build runs without esbuild plugins (bundle-sources.ts): what the plugins made on
// the fly is written as files. These tests check that the substitutions the plugins made are still
// made (nothing of what they kept out is in the bundle), and how the files are written.
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { bundleScripts, islandNames } from '../../../generator/assets/bundle.ts';
import { bundleSources } from '../../../generator/assets/bundle-sources.ts';

const root = join(import.meta.dirname, '../../..');
const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe('the island scripts without plugins', () => {
  test('one entry per island and nothing else; Yup and Formik rewritten; Formik\'s lodash cloner and hoist-non-react-statics left out', async () => {
    const { islands, inputs } = await bundleScripts({ root, mode: 'production' });
    expect(Object.keys(islands).sort()).toEqual(islandNames(root));
    for (const island of Object.values(islands)) expect(island.script).toMatch(/^\/assets\/js\/[A-Za-z]+-[A-Z0-9]{8}\.js$/);
    const from = (pattern: RegExp) => inputs.filter((input) => pattern.test(input));
    // The packages' own modules are not read; their rewritten copies are.
    expect(from(/^node_modules\/(yup\/index\.esm\.js|formik\/dist\/formik\.esm\.js)$/)).toEqual([]);
    expect(from(/site-bundle\/[0-9a-f]{16}\/(yup\/index\.esm\.js|formik\/formik\.esm\.js)$/)).toHaveLength(2);
    expect(from(/templates\/islands\/lib\/formik-lodash\.ts$/)).toHaveLength(1);
    // What the substitutions keep out: lodash's general cloner and path cache, react-is.
    expect(from(/node_modules\/lodash-es\/(clone|cloneDeep|toPath|_baseClone|_stringToPath)\.js$/)).toEqual([]);
    expect(from(/node_modules\/(hoist-non-react-statics|react-is)\//)).toEqual([]);
    // Every island's entry and React part are the written files.
    expect(from(/site-bundle\/[0-9a-f]{16}\/entry\//)).toHaveLength(islandNames(root).length);
  }, 60_000);

  test('the files are written once: a second call writes nothing, a changed file is put back', () => {
    const first = bundleSources(root, islandNames(root));
    const entry = first.entries[0]!.in;
    const before = statSync(entry).mtimeMs;
    const text = readFileSync(entry, 'utf8');
    bundleSources(root, islandNames(root));
    expect(statSync(entry).mtimeMs).toBe(before);
    writeFileSync(entry, '// changed\n');
    bundleSources(root, islandNames(root));
    expect(readFileSync(entry, 'utf8')).toBe(text);
  });

  test('a copy of the project that shares node_modules gets a folder of its own, importing its own templates', () => {
    const project = mkdtempSync(join(tmpdir(), 'site-bundle-sources-'));
    made.push(project);
    cpSync(join(root, 'templates'), join(project, 'templates'), { recursive: true });
    symlinkSync(join(root, 'node_modules'), join(project, 'node_modules'));
    const mine = bundleSources(root, ['Counters']);
    const theirs = bundleSources(project, ['Counters']);
    expect(dirname(dirname(theirs.entries[0]!.in))).not.toBe(dirname(dirname(mine.entries[0]!.in)));
    const hydrate = readFileSync(join(dirname(dirname(theirs.entries[0]!.in)), 'hydrate/Counters.tsx'), 'utf8');
    expect(hydrate).toContain(JSON.stringify(join(project, 'templates/islands/Counters.tsx')));
    // esbuild names the entry after following the link to the shared node_modules.
    expect(theirs.islandOf(relative(project, theirs.entries[0]!.in.replace(join(project, 'node_modules'), join(root, 'node_modules'))))).toBe('Counters');
    expect(theirs.islandOf(relative(project, mine.entries[0]!.in))).toBeUndefined();
    expect(theirs.islandOf('node_modules/.cache/elsewhere/entry/Counters.ts')).toBeUndefined();
  });
});
