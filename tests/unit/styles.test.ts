// The stylesheet's build cache (generator/styles.ts): a build whose style files are unchanged
// takes the compiled stylesheet from `.site/cache/styles` without running Sass, with the same
// bytes; an edit to any file Sass read (a partial, a package's CSS, a font) compiles again.
import { appendFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { compileStyles, compileStylesCached, type StylesResult } from '../../generator/styles.ts';
import { root } from '../helpers.ts';

let project: string;
let cacheDir: string;
let compiles = 0;
const compile = (at: string): Promise<StylesResult> => {
  compiles++;
  return compileStyles(at);
};

beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), 'styles-cache-'));
  cpSync(join(root, 'styles'), join(project, 'styles'), { recursive: true });
  cpSync(join(root, 'package.json'), join(project, 'package.json'));
  symlinkSync(join(root, 'node_modules'), join(project, 'node_modules'));
  cacheDir = join(project, '.site/cache/styles');
  // Files written just now count as possibly edited during a compile (styles.ts keeps no such
  // compile): date them an hour back, as files in a checkout are.
  const past = new Date(Date.now() - 3_600_000);
  for (const file of readdirSync(join(project, 'styles'), { recursive: true, withFileTypes: true })) {
    if (file.isFile()) utimesSync(join(file.parentPath, file.name), past, past);
  }
});
afterAll(() => rmSync(project, { recursive: true, force: true }));

test('a second build with the same style files compiles nothing and gets the same bytes', async () => {
  const first = await compileStylesCached(project, { cacheDir, compile });
  expect(first.cached).toBe(false);
  expect(first.css.length).toBeGreaterThan(20_000);
  expect(first.inputs.some((input) => input.endsWith('_tokens.scss'))).toBe(true);
  expect(first.inputs.some((input) => input.endsWith('swiper.css'))).toBe(true);
  const second = await compileStylesCached(project, { cacheDir, compile });
  expect(second.cached).toBe(true);
  expect(compiles).toBe(1);
  expect(second.css).toBe(first.css);
  expect(second.fontPreload).toBe(first.fontPreload);
  expect([...second.files.keys()]).toEqual([...first.files.keys()]);
  for (const [name, bytes] of first.files) expect(second.files.get(name)!.equals(bytes)).toBe(true);
});

test('an edited partial or font is a miss; the result is what Sass gives for the new files', async () => {
  await compileStylesCached(project, { cacheDir, compile });
  const before = compiles;
  appendFileSync(join(project, 'styles/_base.scss'), '\n.cache-probe { color: #123456; }\n');
  const edited = await compileStylesCached(project, { cacheDir, compile });
  expect(edited.cached).toBe(false);
  expect(compiles).toBe(before + 1);
  expect(edited.css).toContain('.cache-probe{color:#123456}');

  const font = edited.sources.find(([name]) => name.endsWith('.woff2'))![1];
  writeFileSync(font, Buffer.concat([readFileSync(font), Buffer.from([0])]));
  const refont = await compileStylesCached(project, { cacheDir, compile });
  expect(refont.cached).toBe(false);
  expect(refont.fontPreload).not.toBe(edited.fontPreload);
});

test('a file edited while Sass ran is not kept; a cache entry that is not a compiler output (bad JSON, a </style in it) is a miss, never an error', async () => {
  // An author saves a partial after Sass read it and before the compile returned.
  const racing = async (at: string) => {
    const result = await compile(at);
    appendFileSync(join(project, 'styles/_base.scss'), '\n.race-probe { color: #654321; }\n');
    return result;
  };
  const fresh = join(project, '.site/cache/race');
  const raced = await compileStylesCached(project, { cacheDir: fresh, compile: racing });
  expect(raced.cached).toBe(false);
  expect(raced.css).not.toContain('race-probe');
  const after = await compileStylesCached(project, { cacheDir: fresh, compile });
  expect(after.cached).toBe(false);
  expect(after.css).toContain('.race-probe{color:#654321}');

  const past = new Date(Date.now() - 3_600_000);
  for (const file of readdirSync(join(project, 'styles'), { recursive: true, withFileTypes: true })) {
    if (file.isFile()) utimesSync(join(file.parentPath, file.name), past, past);
  }
  await compileStylesCached(project, { cacheDir, compile });
  expect((await compileStylesCached(project, { cacheDir, compile })).cached).toBe(true);
  const entry = join(cacheDir, 'main.json');
  const good = JSON.parse(readFileSync(entry, 'utf8')) as { css: string };
  writeFileSync(entry, JSON.stringify({ ...good, css: `${good.css}</style><script>alert(1)</script>` }));
  const poisoned = await compileStylesCached(project, { cacheDir, compile });
  expect(poisoned.cached).toBe(false);
  expect(poisoned.css).not.toContain('</style');
  writeFileSync(entry, '{ not json');
  expect((await compileStylesCached(project, { cacheDir, compile })).cached).toBe(false);
});

test('the worker thread compiles the same stylesheet as the main thread', async () => {
  const [here, cached] = await Promise.all([compileStyles(root), compileStylesCached(root, { cacheDir: false })]);
  expect(cached.cached).toBe(false);
  expect(cached.css).toBe(here.css);
  expect(cached.fontPreload).toBe(here.fontPreload);
});
