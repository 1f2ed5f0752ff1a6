// The stylesheet's build cache (generator/assets/styles.ts): a build whose style files are unchanged
// takes the compiled stylesheet from `.site/cache/styles` without running Sass, with the same
// bytes; an edit to any file Sass read (a partial, a package's CSS, a font) compiles again.
import { appendFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { compileStyles, compileStylesCached, type StylesResult } from '../../../generator/assets/styles.ts';
import { root } from '../../helpers.ts';
import { hash } from '../../../generator/hash.ts';

/** The JSON after an entry's check line. */
const readIndex = (entry: string) => {
  const data = readFileSync(entry);
  return JSON.parse(data.subarray(data.indexOf(10) + 1).toString('utf8')) as { css: string; files: [string, string][]; inputs: [string, string][]; fontPreload: string };
};
/** Writes `index` under a check line as the build makes it (SHA-256, or HMAC with `secret`): what anyone who can write the folder can do without the secret. */
const writeIndex = (entry: string, index: object, secret?: string) => {
  const json = Buffer.from(JSON.stringify(index));
  const check = secret ? createHmac('sha256', secret).update(json).digest('hex') : createHash('sha256').update(json).digest('hex');
  writeFileSync(entry, Buffer.concat([Buffer.from(`site-styles-cache 1 ${check}\n`), json]));
};

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
  const good = readIndex(entry);
  writeIndex(entry, { ...good, css: `${good.css}</style><script>alert(1)</script>` });
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

test('an entry a stranger wrote is compiled over: with a valid check line, it still names only project styles and asset names; with SITE_CACHE_SECRET, only a signed one is read', async () => {
  const dir = join(project, '.site/cache/stranger');
  const entry = join(dir, 'main.json');
  const fresh = async (secret?: string) => {
    rmSync(dir, { recursive: true, force: true });
    const made = await compileStylesCached(project, { cacheDir: dir, compile, secret });
    expect((await compileStylesCached(project, { cacheDir: dir, compile, secret })).cached).toBe(true);
    return { made, index: readIndex(entry) };
  };
  const missed = async (change: (index: ReturnType<typeof readIndex>) => void, secret?: string) => {
    const { made, index } = await fresh();
    change(index);
    writeIndex(entry, index, secret);
    const again = await compileStylesCached(project, { cacheDir: dir, compile });
    expect(again.cached).toBe(false);
    expect(again.css).toBe(made.css);
    expect([...again.files.keys()]).toEqual([...made.files.keys()]);
  };
  // A file outside styles/ (its name carries its hash, as asset-url() names them).
  const outside = readFileSync(join(project, 'package.json'));
  await missed((index) => index.files.push([`assets/package-${hash(outside)}.json`, 'package.json']));
  await missed((index) => index.files.push([`assets/passwd-${hash(readFileSync('/etc/passwd'))}.txt`, '/etc/passwd']));
  // An output name that leaves assets/.
  await missed((index) => index.files.push([index.files[0]![0].replace('assets/', 'assets/../../'), index.files[0]![1]]));
  // A preload that is not one of the entry's files.
  await missed((index) => (index.fontPreload = 'https://example.org/x.woff2'));
  // An input in the cache folder, a FIFO a plain read would wait on for ever.
  execFileSync('mkfifo', [join(project, '.site/cache/fifo')]);
  await missed((index) => index.inputs.push(['.site/cache/fifo', 'a'.repeat(64)]));
  // A link to a good entry.
  const { index } = await fresh();
  writeIndex(join(project, '.site/cache/elsewhere.json'), index);
  rmSync(entry);
  symlinkSync(join(project, '.site/cache/elsewhere.json'), entry);
  expect((await compileStylesCached(project, { cacheDir: dir, compile })).cached).toBe(false);
  // With the secret: an entry with any other check line (a plain SHA-256, another secret) is a miss; the one it writes is a hit.
  await fresh();
  expect((await compileStylesCached(project, { cacheDir: dir, compile, secret: 's3cret' })).cached).toBe(false);
  expect((await compileStylesCached(project, { cacheDir: dir, compile, secret: 's3cret' })).cached).toBe(true);
  const signed = readIndex(entry);
  writeIndex(entry, { ...signed, css: `${signed.css}body{background:url(https://example.org/t)}` }, 'another');
  const tampered = await compileStylesCached(project, { cacheDir: dir, compile, secret: 's3cret' });
  expect(tampered.cached).toBe(false);
  expect(tampered.css).not.toContain('example.org');
}, 30_000);
