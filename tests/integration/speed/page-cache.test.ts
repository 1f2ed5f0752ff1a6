// The page cache of `site build` (generator/speed/page-cache.ts): after each kind of change a cached
// build writes exactly what a clean build writes, renders only the pages the change reaches,
// and ignores (with a warning) an entry it cannot trust. Builds share one sandbox and run as a
// chain: each step's cached build uses the cache the step before left.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { existsSync, appendFileSync, linkSync, utimesSync, closeSync, openSync, writeSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, truncateSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { Builder, type BuildOptions } from '../../../generator/build/build.ts';
import { MANIFEST, type Outputs } from '../../../generator/output/write.ts';
import { contentKey, filesUnder, sandbox, root, type Sandbox } from '../../helpers.ts';
import { readRecords } from '../../../generator/speed/file-records.ts';
import { MAGIC, recordName } from '../../../generator/speed/page-cache-entry.ts';
import { checkOf } from '../../../generator/speed/signed-files.ts';

const options = (project: string, content: string, cacheDir?: string): BuildOptions => ({
  root: project, contentDir: content, mode: 'production', includeDrafts: false, pageCache: cacheDir ? { dir: cacheDir } : undefined,
  // The project's photo and card caches, whatever `project` is: they are not under test here.
  imageCache: { dir: join(root, '.site/cache/images') }, cardCache: { cacheDir: join(root, '.site/cache/cards') },
});

function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (rel: string) => {
    for (const entry of readdirSync(join(dir, rel), { withFileTypes: true })) {
      const path = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path);
      else files[path] = readFileSync(join(dir, path)).toString('base64');
    }
  };
  walk('');
  return files;
}

function expectSame(cached: Outputs, clean: Outputs): void {
  expect([...cached.keys()].sort()).toEqual([...clean.keys()].sort());
  const differing = [...clean].filter(([file, bytes]) => !bytes.equals(cached.get(file)!)).map(([file]) => file);
  expect(differing).toEqual([]);
}

/** The clean build of each content the tests had with this checkout's tool: some steps build the same content again. */
const cleanBuilds = new Map<string, Outputs>();

/** A cached build and a clean one of the same content: equal outputs; the cached build's stats. */
async function cachedVersusClean(project: string, content: string, cacheDir: string) {
  const builder = new Builder(options(project, content, cacheDir));
  const cached = await builder.full();
  // As `site build` does once its output is in place: the folder keeps this build's entries only.
  await builder.pageCache!.sweep();
  // Another project is a copy whose templates or styles a test edits: always built afresh.
  const key = project === root ? contentKey(content) : undefined;
  const clean = (key && cleanBuilds.get(key)) || (await new Builder(options(project, content)).full());
  if (key) cleanBuilds.set(key, clean);
  expectSame(cached, clean);
  return { stats: builder.pageCache!.stats, clean, routes: builder.routes.map((r) => r.path) };
}

/**
 * `site build` through the CLI, on a sandbox's content: a full build every time. These tests are
 * about the page cache and the spare, so the build state that would let a build after a body
 * edit (or no edit) update dist/ in place is dropped first (build-update.test.ts tests that).
 */
const siteBuild = (own: Sandbox) => (args: string[]) => {
  const cache = args[args.indexOf('--cache-dir') + 1];
  if (args.includes('--cache-dir') && cache && existsSync(cache)) for (const name of readdirSync(cache, { withFileTypes: true })) if (/^build-[0-9a-f]{16}\.state$/.test(name.name)) rmSync(join(cache, name.name));
  return spawnSync(join(root, 'node_modules/.bin/node'), [join(root, 'bin/site.js'), '--content', own.content, 'build', ...args], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
};

let box: Sandbox;
let cacheDir: string;
beforeAll(async () => {
  box = sandbox();
  cacheDir = join(box.dir, 'page-cache');
  // Fills the cache: every page rendered and stored.
  const builder = new Builder(options(root, box.content, cacheDir));
  await builder.full();
  expect(builder.pageCache!.stats).toMatchObject({ reused: 0, stored: builder.routes.length });
}, 60_000);
afterAll(() => box.remove());

describe('a cached build writes what a clean build writes', () => {
  test('a post body edited: only that post renders (both languages: the French page names its English file)', async () => {
    box.edit('blog/fleet-management-trends-2024.md', 'None of these trends replaces the basics.', 'None of these trends, however shiny, replaces the basics.');
    const { stats, routes } = await cachedVersusClean(root, box.content, cacheDir);
    expect(stats.renderedPaths.sort()).toEqual(['/blog-details/1', '/fr/blog-details/1']);
    expect(stats.reused).toBe(routes.length - 2);
  });

  test('the sweep after a cached build removes the entries it replaced, and leaves one that appeared after the build listed the folder', async () => {
    const keys = () => new Set(readdirSync(cacheDir).filter((n) => /^[0-9a-f]{64}$/.test(n)));
    const before = keys();
    box.edit('blog/fleet-management-trends-2024.md', 'None of these trends, however shiny, replaces the basics.', 'None of these trends, however shiny, replaces the basics of fleet work.');
    const builder = new Builder(options(root, box.content, cacheDir));
    await builder.full();
    // Another build's entry, stored after this one listed the folder (a restored cache keeps old
    // mtimes): not this build's to remove, whatever its age.
    const other = join(cacheDir, 'e'.repeat(64));
    writeFileSync(other, 'another build');
    writeFileSync(`${other}.head`, 'another build');
    utimesSync(other, new Date(2020, 0, 1), new Date(2020, 0, 1));
    utimesSync(`${other}.head`, new Date(2020, 0, 1), new Date(2020, 0, 1));
    expect(await builder.pageCache!.sweep()).toBe(2);
    const after = keys();
    expect([...before].filter((k) => !after.has(k))).toHaveLength(2);
    expect(after.has('e'.repeat(64))).toBe(true);
    expect(readdirSync(cacheDir)).toContain(`${'e'.repeat(64)}.head`);
    rmSync(other);
    rmSync(`${other}.head`);
  });

  test("a post's title (shown in lists) edited: the post and the pages listing posts render, the rest is reused", async () => {
    box.edit('blog/fleet-management-trends-2024.md', 'title: "Fleet Management Trends and Innovations Shaping 2024"', 'title: "Fleet Trends Shaping 2024"');
    const { stats } = await cachedVersusClean(root, box.content, cacheDir);
    expect(stats.renderedPaths).toEqual(expect.arrayContaining(['/blog-details/1', '/', '/blogs', '/fr/blogs']));
    expect(stats.renderedPaths).not.toContain('/blog-details/2');
    expect(stats.reused).toBeGreaterThan(10);
  });

  test('a category renamed: every page renders', async () => {
    box.edit('blog-categories.yaml', 'name: Technology', 'name: Tech');
    const { stats, routes } = await cachedVersusClean(root, box.content, cacheDir);
    expect(stats.reused).toBe(0);
    expect(stats.rendered).toBe(routes.length);
  });

  test('site.yaml edited: every page renders', async () => {
    box.edit('site.yaml', 'display: (416) 555-0142', 'display: (416) 555-0199');
    box.edit('site.yaml', 'tel: "+14165550142"', 'tel: "+14165550199"');
    const { stats } = await cachedVersusClean(root, box.content, cacheDir);
    expect(stats.reused).toBe(0);
  });

  test('a post deleted: its pages go, lists render, other posts are reused', async () => {
    rmSync(join(box.content, 'blog/preparing-fleet-for-canadian-winter.md'));
    rmSync(join(box.content, 'fr/blog/preparing-fleet-for-canadian-winter.md'));
    const { stats } = await cachedVersusClean(root, box.content, cacheDir);
    expect(stats.renderedPaths).toEqual(expect.arrayContaining(['/', '/blogs', '/fr/blogs']));
    expect(stats.renderedPaths).not.toContain('/blog-details/2');
    expect(stats.reused).toBeGreaterThan(10);
  });

  test('a new post (English only, so shown in English on its French page): its pages and the lists render', async () => {
    const post = box.read('blog/fleet-management-trends-2024.md').replace(/^id: 1$/m, 'id: 99').replace(/^title: .*$/m, 'title: "A brand new post"');
    box.write('blog/a-brand-new-post.md', post);
    const { stats } = await cachedVersusClean(root, box.content, cacheDir);
    expect(stats.renderedPaths).toEqual(expect.arrayContaining(['/blog-details/99', '/fr/blog-details/99', '/', '/fr/blogs']));
    expect(stats.reused).toBeGreaterThan(10);
  });

  test('damaged, truncated, tampered and linked entries are ignored with a warning and never give a wrong page', async () => {
    // What the last step left is this content's cache; its clean build is the reference.
    const entries = readdirSync(cacheDir).filter((n) => /^[0-9a-f]{64}$/.test(n)).sort();
    expect(entries.length).toBeGreaterThan(20);
    const [truncated, flipped, tampered, linked, foreign, source] = entries as [string, string, string, string, string, string];
    const path = (name: string) => join(cacheDir, name);
    truncateSync(path(truncated), readFileSync(path(truncated)).length - 100);
    const bytes = readFileSync(path(flipped));
    bytes[bytes.length - 10]! ^= 0x20;
    writeFileSync(path(flipped), bytes);
    // A header edited to hide the page's real digest: its check line no longer matches.
    writeFileSync(path(`${tampered}.head`), readFileSync(path(`${tampered}.head`), 'latin1').replace(/"sha256":"[0-9a-f]{64}"/, `"sha256":"${'0'.repeat(64)}"`), 'latin1');
    unlinkSync(path(linked));
    symlinkSync('/etc/hostname', path(linked));
    // Another entry's files under this name: a valid entry, filed under the wrong key.
    writeFileSync(path(foreign), readFileSync(path(source)));
    writeFileSync(path(`${foreign}.head`), readFileSync(path(`${source}.head`)));
    const { stats } = await cachedVersusClean(root, box.content, cacheDir);
    const reasons = new Map(stats.ignored.map((i) => [i.entry.slice(-64), i.reason]));
    expect(reasons.get(truncated)).toMatch(/truncated/);
    expect(reasons.get(flipped)).toMatch(/does not match its SHA-256/);
    expect(reasons.get(tampered)).toMatch(/does not match its check/);
    expect(reasons.get(linked)).toMatch(/symbolic link/);
    expect(reasons.get(foreign)).toMatch(/another key/);
    expect(stats.rendered).toBe(5);
  });

  test('a damaged or tampered bundle cache file is ignored with a warning and the scripts are bundled again; the next build takes the new one', async () => {
    const file = join(cacheDir, 'bundle-production');
    const bytes = readFileSync(file);
    // A byte of the scripts changed (inside the JSON, after the check line).
    const at = bytes.indexOf('"files"') + 40;
    bytes[at] = bytes[at] === 0x41 ? 0x42 : 0x41;
    writeFileSync(file, bytes);
    const first = await cachedVersusClean(root, box.content, cacheDir);
    expect(first.stats.scripts).toBe('ignored');
    expect(first.stats.failed).toEqual([expect.stringMatching(/bundle-production: it does not match its check \(damaged or tampered\); the scripts were bundled again/)]);
    const second = await cachedVersusClean(root, box.content, cacheDir);
    expect(second.stats).toMatchObject({ scripts: 'reused', failed: [] });
    // A link there is not followed.
    rmSync(file);
    symlinkSync('/etc/hostname', file);
    const linked = await cachedVersusClean(root, box.content, cacheDir);
    expect(linked.stats.failed).toEqual([expect.stringMatching(/bundle-production: a symbolic link/)]);
  });

  test('site build --no-cache neither reads nor writes the cache; a cached CLI build writes the same dist/ and says what it reused', () => {
    const node = join(root, 'node_modules/.bin/node');
    const site = (args: string[]) => spawnSync(node, [join(root, 'bin/site.js'), '--content', box.content, 'build', ...args], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    const unused = join(box.dir, 'cli-cache');
    const clean = site(['--out', join(box.dir, 'cli-clean'), '--no-cache', '--cache-dir', unused]);
    expect(clean.status, clean.stderr).toBe(0);
    expect(clean.stdout).not.toMatch(/page cache/);
    expect(() => readdirSync(unused)).toThrow();
    // The cache the steps above left: every page of this content is in it.
    const cached = site(['--out', join(box.dir, 'cli-cached'), '--cache-dir', cacheDir]);
    expect(cached.status, cached.stderr).toBe(0);
    expect(cached.stdout).toMatch(/page cache: \d+ pages reused( \(\d+ linked unread: this machine hashed them before\))?, 0 rendered, 0 stored; island scripts reused/);
    expect(snapshot(join(box.dir, 'cli-cached'))).toEqual(snapshot(join(box.dir, 'cli-clean')));
    // Reused pages are the cache's files, linked, not copies; a clean build's are its own.
    const home = join(box.dir, 'cli-cached/index.html');
    expect(statSync(home).nlink).toBe(2);
    expect(readdirSync(cacheDir).some((name) => statSync(join(cacheDir, name)).ino === statSync(home).ino)).toBe(true);
    expect(statSync(join(box.dir, 'cli-clean/index.html')).nlink).toBe(1);
    // A tool that edits dist/ in place edits the cache's file too: the next build finds it and
    // renders that page, and its output is still the clean build's.
    appendFileSync(home, '<!-- edited in place -->');
    const after = site(['--out', join(box.dir, 'cli-after'), '--cache-dir', cacheDir]);
    expect(after.status, after.stderr).toBe(0);
    // Every other page was hashed by the build before on this machine: linked without a read.
    const [, reused, unread] = /page cache: (\d+) pages reused \((\d+) linked unread: this machine hashed them before\), 1 rendered, 1 stored/.exec(after.stdout) ?? [];
    expect(Number(unread)).toBe(Number(reused));
    expect(after.stderr).toMatch(/page cache: ignored .*: longer than stored/);
    expect(snapshot(join(box.dir, 'cli-after'))).toEqual(snapshot(join(box.dir, 'cli-clean')));
  });

  test('site build again and again into one dist/ writes over the spare (the build before the last) and gives what a clean build gives after each change: a post body, a deleted post, a new post', () => {
    const own = sandbox();
    try {
      const cache = join(own.dir, 'cache');
      const dist = join(own.dir, 'dist');
      const site = siteBuild(own);
      // A clean build of each content the steps had (the first two steps have the same).
      const cleanBuilds = new Map<string, Record<string, string>>();
      const cachedIsClean = (step: string) => {
        const cached = site(['--out', dist, '--cache-dir', cache]);
        expect(cached.status, `${step}: ${cached.stderr}`).toBe(0);
        const key = contentKey(own.content);
        if (!cleanBuilds.has(key)) {
          const clean = site(['--out', join(own.dir, `clean-${step}`), '--no-cache']);
          expect(clean.status, clean.stderr).toBe(0);
          cleanBuilds.set(key, snapshot(join(own.dir, `clean-${step}`)));
        }
        expect(snapshot(dist), step).toEqual(cleanBuilds.get(key));
        return cached.stdout;
      };
      for (const step of ['fills the cache', 'reuses it']) cachedIsClean(step);
      // The second build kept the first as the spare; each next build takes it and keeps the one it replaced.
      const spare = join(own.dir, '.dist.spare');
      expect(statSync(join(spare, 'index.html')).isFile()).toBe(true);
      own.edit('blog/fleet-management-trends-2024.md', 'None of these trends replaces the basics.', 'None of these trends, however shiny, replaces the basics.');
      expect(cachedIsClean('body')).toMatch(/page cache: \d+ pages reused.*, 2 rendered/);
      rmSync(join(own.content, 'blog/preparing-fleet-for-canadian-winter.md'));
      rmSync(join(own.content, 'fr/blog/preparing-fleet-for-canadian-winter.md'));
      cachedIsClean('deleted');
      expect(statSync(join(spare, 'blog-details/10/index.html')).isFile()).toBe(true);
      own.write('blog/a-brand-new-post.md', own.read('blog/fleet-management-trends-2024.md').replace(/^id: 1$/m, 'id: 99').replace(/^title: .*$/m, 'title: "A brand new post"'));
      cachedIsClean('new');
      // Over a spare that still had the deleted post: gone from dist/ all the same (checked above, and here by name).
      expect(readdirSync(join(dist, 'blog-details'))).not.toContain('10');
      expect(readdirSync(join(dist, 'blog-details'))).toContain('99');
    } finally {
      own.remove();
    }
  }, 120_000);

  test('over the spare, a page already there is kept only if it is the very file the record names: another entry\'s file, or a copy of the right bytes, is replaced by a link to its own entry', () => {
    const own = sandbox();
    try {
      const cache = join(own.dir, 'cache');
      const dist = join(own.dir, 'dist');
      const site = siteBuild(own);
      for (const step of ['fill', 'reuse']) {
        const built = site(['--out', dist, '--cache-dir', cache]);
        expect(built.status, `${step}: ${built.stderr}`).toBe(0);
      }
      // dist/ is the second build, the spare the first; both link every page to its entry.
      const spare = join(own.dir, '.dist.spare');
      const [one, two, three] = ['blog-details/1/index.html', 'blog-details/2/index.html', 'blog-details/3/index.html'];
      const entryOf = (file: string) => statSync(join(dist, file)).ino;
      for (const file of [one, two, three]) expect(statSync(join(spare, file)).ino).toBe(entryOf(file));
      const bytes = (file: string) => readFileSync(join(dist, file));
      // Page 1's place holds page 2's entry (a file the record vouches for, but another page's);
      // page 3's a copy of its own bytes (right bytes, not the recorded file).
      rmSync(join(spare, one));
      linkSync(join(spare, two), join(spare, one));
      rmSync(join(spare, three));
      writeFileSync(join(spare, three), bytes(three));
      const entries = { one: entryOf(one), three: entryOf(three) };
      const expected = { one: bytes(one), three: bytes(three) };
      const over = site(['--out', dist, '--cache-dir', cache]);
      expect(over.status, over.stderr).toBe(0);
      expect(over.stdout).toMatch(/page cache: (\d+) pages reused \(\1 linked unread[^)]*\), 0 rendered/);
      expect(over.stderr).not.toMatch(/page cache: ignored/);
      expect(statSync(join(dist, one)).ino).toBe(entries.one);
      expect(statSync(join(dist, three)).ino).toBe(entries.three);
      expect(readFileSync(join(dist, one)).equals(expected.one)).toBe(true);
      expect(readFileSync(join(dist, three)).equals(expected.three)).toBe(true);
      const clean = site(['--out', join(own.dir, 'clean'), '--no-cache']);
      expect(clean.status, clean.stderr).toBe(0);
      expect(snapshot(dist)).toEqual(snapshot(join(own.dir, 'clean')));
    } finally {
      own.remove();
    }
  }, 120_000);

  test('a page site build renders is stored as a link to the file it wrote into the build, not written twice; the next build reuses it', () => {
    const node = join(root, 'node_modules/.bin/node');
    const fresh = join(box.dir, 'cli-fill-cache');
    const site = (out: string) => spawnSync(node, [join(root, 'bin/site.js'), '--content', box.content, 'build', '--out', join(box.dir, out), '--cache-dir', fresh], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    const fill = site('cli-fill');
    expect(fill.status, fill.stderr).toBe(0);
    const [, rendered, stored] = /page cache: 0 pages reused, (\d+) rendered, (\d+) stored/.exec(fill.stdout) ?? [];
    expect(Number(stored)).toBe(Number(rendered));
    // Filed from its file in the build (page-cache-store.ts), with no warning.
    expect(fill.stderr).not.toMatch(/page cache|could not store/);
    // Every page of the build is an entry's file (one inode, two names), holding the page's bytes.
    const entries = new Map(readdirSync(fresh).filter((n) => /^[0-9a-f]{64}$/.test(n)).map((n) => [statSync(join(fresh, n)).ino, n]));
    const pages = filesUnder(join(box.dir, 'cli-fill'));
    const html = [...pages.keys()].filter((f) => f.endsWith('.html'));
    expect(html.length).toBe(Number(rendered));
    for (const file of html) {
      const entry = entries.get(statSync(join(box.dir, 'cli-fill', file)).ino);
      expect(entry, file).toBeDefined();
      expect(readFileSync(join(fresh, entry!)).equals(pages.get(file)!)).toBe(true);
    }
    const next = site('cli-fill-next');
    expect(next.status, next.stderr).toBe(0);
    expect(next.stdout).toMatch(new RegExp(`page cache: ${rendered} pages reused`));
    expect(next.stderr).not.toMatch(/page cache: ignored/);
    expect(snapshot(join(box.dir, 'cli-fill-next'))).toEqual(snapshot(join(box.dir, 'cli-fill')));
  });

  test('a page the reader has linked into the new build, then found stale (an asset answer changed), is rendered there instead, never written through the link into the old entry file, which the previous build shares', () => {
    const node = join(root, 'node_modules/.bin/node');
    const site = (out: string) => spawnSync(node, [join(root, 'bin/site.js'), '--content', box.content, 'build', '--out', join(box.dir, out), '--cache-dir', cacheDir], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    const warm = site('cli-warm');
    expect(warm.status, warm.stderr).toBe(0);
    // An entry whose header says one of its images answered otherwise when it was stored (its
    // check line made again, as anyone who can write the folder can without SITE_CACHE_SECRET).
    const heads = readdirSync(cacheDir).filter((name) => name.endsWith('.head'));
    const [name, text] = heads.map((n) => [n, readFileSync(join(cacheDir, n), 'utf8')] as const).find(([, t]) => /"assets":\[\["image"/.test(t))!;
    const key = name.slice(0, -'.head'.length);
    const json = text.slice(text.indexOf('\n') + 1, -1);
    const header = JSON.parse(json) as { path: string; sha256: string; assets: [string, string, string | null, string][] };
    const image = header.assets.findIndex(([kind]) => kind === 'image');
    header.assets[image]![3] = 'an answer the store does not give';
    const forged = Buffer.from(`${JSON.stringify(header)}\n`);
    writeFileSync(join(cacheDir, name), Buffer.concat([Buffer.from(`${MAGIC}${checkOf(forged, undefined)}\n`), forged]));
    // The previous build's page is the cache's file (linked): what a write through a link would change.
    // Its file as the build's manifest names it (the 404 page is 404.html, not 404/index.html).
    const rel = (JSON.parse(readFileSync(join(box.dir, 'cli-warm', MANIFEST), 'utf8')) as { routes: { path: string; file: string }[] }).routes.find((r) => r.path === header.path)!.file;
    const previous = join(box.dir, 'cli-warm', rel);
    const before = statSync(previous);
    expect(before.ino).toBe(statSync(join(cacheDir, key)).ino);
    const bytes = readFileSync(previous);
    const built = site('cli-stale');
    expect(built.status, built.stderr).toBe(0);
    expect(built.stderr).toMatch(new RegExp(`page cache: ignored .*${key}: the image .* is not what it was when the page was stored`));
    // The page was rendered into a file of its own; the previous build's (the old entry's) was not written.
    const after = statSync(previous);
    expect([after.mtimeMs, after.size]).toEqual([before.mtimeMs, before.size]);
    expect(readFileSync(previous).equals(bytes)).toBe(true);
    expect(statSync(join(box.dir, 'cli-stale', rel)).ino).not.toBe(before.ino);
    const clean = spawnSync(node, [join(root, 'bin/site.js'), '--content', box.content, 'build', '--out', join(box.dir, 'cli-stale-clean'), '--no-cache'], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    expect(clean.status, clean.stderr).toBe(0);
    expect(snapshot(join(box.dir, 'cli-stale'))).toEqual(snapshot(join(box.dir, 'cli-stale-clean')));
  });

  test("the record of what was hashed is this boot's: a restored cache's record (another machine's) vouches for nothing, so a page changed in place behind it is caught", () => {
    const node = join(root, 'node_modules/.bin/node');
    const site = (out: string) => spawnSync(node, [join(root, 'bin/site.js'), '--content', box.content, 'build', '--out', join(box.dir, out), '--cache-dir', cacheDir], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    // The reader keeps one record.
    const ledger = join(cacheDir, recordName(0));
    const record = JSON.parse(readFileSync(ledger, 'utf8')) as { format: number; boot: string; files: Record<string, [number, number, number, number, string]> };
    expect(record).toMatchObject({ format: 2, boot: readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() });
    // A page changed in place (it keeps its inode; the dist/ files linked to it change too), and
    // a record that names the changed file with the page's old SHA-256: what a forged artifact
    // would hold, were the inode numbers on the restoring runner those of the saving one.
    const [key, [, , , , digest]] = Object.entries(record.files).find(([k]) => statSync(join(cacheDir, k)).size > 1000)!;
    const page = join(cacheDir, key);
    const fd = openSync(page, 'r+');
    writeSync(fd, Buffer.from('<!--forged-->'), 0, 13, 100);
    closeSync(fd);
    const now = statSync(page);
    const forged = { ...record, files: { ...record.files, [key]: [now.size, now.mtimeMs, now.dev, now.ino, digest] } };
    // This boot's record would vouch for it (the blind spot file-records.ts names)...
    writeFileSync(ledger, JSON.stringify(forged));
    expect(readRecords(ledger).get(key)).toMatchObject({ size: now.size, sha256: digest });
    // ...another boot's vouches for nothing: the page is read, and caught.
    writeFileSync(ledger, JSON.stringify({ ...forged, boot: '00000000-0000-4000-8000-000000000000' }));
    expect(readRecords(ledger).size).toBe(0);
    const built = site('cli-other-boot');
    expect(built.status, built.stderr).toBe(0);
    expect(built.stdout).not.toMatch(/linked unread/);
    expect(built.stderr).toMatch(new RegExp(`page cache: ignored .*${key}: the page does not match its SHA-256`));
    expect(snapshot(join(box.dir, 'cli-other-boot'))).toEqual(snapshot(join(box.dir, 'cli-clean')));
  });

  test("a head this machine checked is taken from the record while it is that file; changed, or checked without this build's secret, it is read and checked", () => {
    const node = join(root, 'node_modules/.bin/node');
    const site = (out: string, env: Record<string, string> = {}) => spawnSync(node, [join(root, 'bin/site.js'), '--content', box.content, 'build', '--out', join(box.dir, out), '--cache-dir', cacheDir], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', ...env } });
    rmSync(join(cacheDir, recordName(0)), { force: true });
    const first = site('cli-heads-1');
    expect(first.status, first.stderr).toBe(0);
    // Every entry's record names its head, and the secret its head was checked with (none).
    const ledger = JSON.parse(readFileSync(join(cacheDir, recordName(0)), 'utf8')) as { files: Record<string, unknown[]>; shared: { check: string; lists: string[] } };
    const keys = Object.keys(ledger.files);
    expect(keys.length).toBeGreaterThan(30);
    expect(keys.every((k) => ledger.files[k]!.length === 6)).toBe(true);
    expect(ledger.shared.lists.length).toBeGreaterThan(0);
    // A head written over in place with bytes of the same length, and the record made to name
    // the file as it is now (what the blind spot of every record, file-records.ts, amounts to:
    // an in-place write that puts the old mtime back). The record's header is used and the file
    // is not read: a read would fail its check line. The page is right all the same.
    const key = keys.find((k) => statSync(join(cacheDir, k)).size > 1000)!;
    const headFile = join(cacheDir, `${key}.head`);
    const original = readFileSync(headFile);
    writeFileSync(headFile, Buffer.alloc(original.length, 0x20));
    const now = statSync(headFile);
    const extra = ledger.files[key]![5] as unknown[];
    ledger.files[key]![5] = [now.size, now.mtimeMs, now.dev, now.ino, ...extra.slice(4)];
    writeFileSync(join(cacheDir, recordName(0)), JSON.stringify(ledger));
    const vouched = site('cli-heads-2');
    expect(vouched.status, vouched.stderr).toBe(0);
    expect(vouched.stderr).not.toMatch(/page cache: ignored/);
    expect(vouched.stdout).toMatch(/page cache: (\d+) pages reused \(\1 linked unread/);
    expect(snapshot(join(box.dir, 'cli-heads-2'))).toEqual(snapshot(join(box.dir, 'cli-clean')));
    // The same head with another mtime: read, and its check line fails; that page is rendered.
    utimesSync(headFile, now.atime, new Date(now.mtimeMs + 5000));
    const changed = site('cli-heads-3');
    expect(changed.status, changed.stderr).toBe(0);
    expect(changed.stderr).toMatch(new RegExp(`page cache: ignored .*${key}: not a page cache entry`));
    expect(snapshot(join(box.dir, 'cli-heads-3'))).toEqual(snapshot(join(box.dir, 'cli-clean')));
    // Records made without a secret vouch for no head of a build with one: every head is read,
    // none is signed with it, every page is rendered.
    const signed = site('cli-heads-4', { SITE_CACHE_SECRET: 'another' });
    expect(signed.status, signed.stderr).toBe(0);
    expect(signed.stderr).toMatch(/not signed with SITE_CACHE_SECRET/);
    expect(signed.stdout).toMatch(/page cache: 0 pages reused/);
    expect(snapshot(join(box.dir, 'cli-heads-4'))).toEqual(snapshot(join(box.dir, 'cli-clean')));
  });

  test('an entry signed with another secret is ignored; with the same secret it is used', async () => {
    const signed = (secret: string) => new Builder({ ...options(root, box.content), pageCache: { dir: cacheDir, secret } });
    const first = signed('one');
    await first.full();
    expect(first.pageCache!.stats.reused).toBe(0);
    expect(first.pageCache!.stats.ignored[0]?.reason).toMatch(/not signed with SITE_CACHE_SECRET/);
    const again = signed('one');
    await again.full();
    expect(again.pageCache!.stats).toMatchObject({ reused: again.routes.length, rendered: 0 });
  });

});

describe('the cache is dropped when the tool changes', () => {
  // A copy of the project whose templates, styles and package.json a test may edit; the rest linked.
  let project: string;
  let content: string;
  let dir: string;
  beforeAll(async () => {
    project = mkdtempSync(join(tmpdir(), 'site-project-'));
    for (const name of ['templates', 'styles']) cpSync(join(root, name), join(project, name), { recursive: true });
    for (const name of ['package.json', 'package-lock.json', 'tsconfig.json']) cpSync(join(root, name), join(project, name));
    for (const name of ['node_modules', 'common', 'generator', 'functions', 'bin']) symlinkSync(join(root, name), join(project, name));
    mkdirSync(join(project, '.site'));
    content = join(project, 'content');
    cpSync(box.content, content, { recursive: true });
    dir = join(project, '.site/pages');
    await new Builder(options(project, content, dir)).full();
  }, 60_000);
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  test('a template edited: the cache is dropped, no page is reused', async () => {
    // This process keeps its first import of the templates (a new `site build` process would
    // load the edit), so what is tested here is the key: the template's bytes are in it.
    const file = join(project, 'templates/layout/Footer.tsx');
    writeFileSync(file, readFileSync(file, 'utf8').replace('<footer className="site-footer">', '<footer className="site-footer" data-edited="">'));
    const builder = new Builder(options(project, content, dir));
    await builder.full();
    expect(builder.pageCache!.stats).toMatchObject({ reused: 0, ignored: [] });
  });

  test('an island edited: its scripts are bundled again from the new source, not taken from the bundle cache', async () => {
    const before = new Builder(options(project, content, dir));
    await before.full();
    const file = join(project, 'templates/islands/Counters.tsx');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n(globalThis as { cacheTest?: string }).cacheTest = 'island-edited';\n`);
    const builder = new Builder(options(project, content, dir));
    const outputs = await builder.full();
    expect(builder.pageCache!.stats.scripts).toBe('stored');
    expect([...outputs].some(([name, bytes]) => name.startsWith('assets/js/') && bytes.includes('island-edited'))).toBe(true);
    const again = new Builder(options(project, content, dir));
    expect([...(await again.full())].some(([name, bytes]) => name.startsWith('assets/js/') && bytes.includes('island-edited'))).toBe(true);
    expect(again.pageCache!.stats.scripts).toBe('reused');
  });

  test('a style edited: no page is reused (the stylesheet is in every page)', async () => {
    const file = join(project, 'styles/_shell.scss');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n.cache-test-rule { color: red; }\n`);
    const { stats } = await cachedVersusClean(project, content, dir);
    expect(stats.reused).toBe(0);
  });

  test('another generator version: no page is reused', async () => {
    const file = join(project, 'package.json');
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as { version: string };
    writeFileSync(file, JSON.stringify({ ...pkg, version: `${pkg.version}-next` }, null, 2));
    const builder = new Builder(options(project, content, dir));
    await builder.full();
    expect(builder.pageCache!.stats.reused).toBe(0);
  });
});
