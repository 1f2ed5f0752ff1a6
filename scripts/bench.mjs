// `npm run bench`: a benchmark that reports, never a test that times.
//   - the shipped site: full build wall time
//   - N synthetic posts (default 1000 and 4000, the shared harness's corpus): full-build wall
//     time and peak RSS (median of 3 clean builds, /usr/bin/time)
//   - one edit → rebuilt page served by `site preview` (median of 7 saves)
//   - the page cache: per size, a build that fills it, one post's body edited, then
//     the cached build's wall time (every page and card read and hashed, as on CI, no dist/),
//     edited twice more and the last cached build's (dist/ kept, as on an author's machine or a
//     CI that saves dist/ with the cache: a body edit updates it in place, build-update.ts), its
//     dist/ compared byte for byte with a clean build's
//   Clean builds run with --no-cache: they reuse nothing derived from an earlier build's
//   content (the photo and social card caches aside, as before: docs/performance.md).
//   - with --peers: ../shared/bench/run.sh builds the same corpus with Hugo (when Debian's hugo is
//     installed; with HUGO_BUILDFUTURE=true, so it builds the posts the corpus dates after today),
//     Eleventy and Astro beside ours in one run and prints its table; a tool that wrote fewer
//     pages than there are posts is named.
// Options: --sizes 1000,4000  --runs 3  --peers  --no-preview (skip the preview edit timing)
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync, rmSync, existsSync, renameSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createHash } from 'node:crypto';
import { convert } from './bench-content.mjs';

const root = resolve(import.meta.dirname, '..');
const siteBin = join(root, 'bin/site.js');
// The CLI runs as a program, as `npx site` and the npm scripts run it: its shebang finds Node 24
// on this PATH and passes the V8 flag it needs (see bin/site.js).
const binEnv = { ...process.env, PATH: `${join(root, 'node_modules/.bin')}:${process.env.PATH}` };
const shared = resolve(root, '../shared/bench');
const work = join(root, '.bench');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const sizes = arg('sizes', '1000,4000').split(',').map(Number);
const runs = Number(arg('runs', '3'));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
mkdirSync(work, { recursive: true });

// Deleting thousands of files slows every build on this VM's file system for minutes after
// (ext4 without a journal: the kernel does not reuse inodes freed in the last 60-360 s and scans
// past them; ../shared/bench/run.sh, "Why .trash/ and SETTLE_S"). This script removes its old
// outputs at its end and notes when; a run started within SETTLE_S seconds of that (370, as
// run.sh; SETTLE_S=0 skips the wait) waits first, or its first builds pay for the last run's
// clean-up. Deletions by anything else are not known here.
const purgedAt = join(work, '.last-purge');
const settleS = Number(process.env.SETTLE_S ?? 370);
{
  const last = existsSync(purgedAt) ? Number(readFileSync(purgedAt, 'utf8')) : NaN;
  const wait = Number.isFinite(last) && settleS > 0 ? Math.min(settleS, Math.ceil((last - Date.now()) / 1000 + settleS)) : 0;
  if (wait > 0) {
    console.log(`# settling ${wait} s: the last run removed its old outputs ${Math.round((Date.now() - last) / 1000)} s ago (SETTLE_S=0 skips)`);
    await new Promise((done) => setTimeout(done, wait * 1000));
  }
}

/** The social cards' record of a content folder (generator/assets/cards.ts, cardRecordName). */
const cardRecordName = (contentDir) => `verified-${createHash('sha256').update(resolve(contentDir)).digest('hex').slice(0, 16)}.json`;

/**
 * One build under /usr/bin/time (clean unless `cache` says otherwise): wall seconds and peak RSS in
 * MB. The output folder a build would replace is moved away first (a fresh checkout's build), its
 * spare too (write.ts, OutputDir); with `keep`, both stay where the build before left them, as on
 * an author's machine.
 */
function timedBuild(contentDir, outDir, cache = ['--no-cache'], keep = false) {
  if (!keep && existsSync(outDir)) renameSync(outDir, `${outDir}.old-${Date.now()}`);
  const spare = join(outDir, '..', `.${outDir.split('/').pop()}.spare`);
  if (!keep && existsSync(spare)) renameSync(spare, `${outDir}.old-${Date.now()}-spare`);
  // A generated corpus has two warnings a post (no description, no French copy): a big one prints
  // past spawnSync's 1 MB default, which kills the build mid-print (status null).
  const r = spawnSync('/usr/bin/time', ['-f', '%e %M', siteBin, '--content', contentDir, 'build', '--out', outDir, ...cache], { encoding: 'utf8', env: binEnv, maxBuffer: 256 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`build failed (${r.error?.message ?? `exit ${r.status}`}):\n${r.stdout.slice(-2000)}\n${r.stderr.slice(-2000)}`);
  const [wall, kb] = r.stderr.trim().split('\n').pop().split(' ').map(Number);
  return { wall, rss: kb / 1024, stdout: r.stdout };
}

async function editLatency(contentDir, postFile, postPath, label) {
  // Port 0: the system picks a free port; the preview prints the one it got.
  const child = spawn(siteBin, ['--content', contentDir, 'preview', '--port', '0', '--out', join(work, `preview-${label}`)], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...binEnv, NO_COLOR: '1' } });
  const port = await new Promise((resolveReady, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /Preview http:\/\/[^:]+:(\d+)/.exec(out);
      if (m) resolveReady(Number(m[1]));
    });
    child.on('exit', () => reject(new Error(`preview exited:\n${out}`)));
  });
  const original = readFileSync(postFile, 'utf8');
  const samples = [];
  try {
    for (let i = 0; i < 7; i++) {
      const token = `benchtoken${Date.now()}x${i}`;
      const t0 = performance.now();
      writeFileSync(postFile, `${original}\nA paragraph that says ${token}.\n`);
      for (;;) {
        const body = await (await fetch(`http://127.0.0.1:${port}${postPath}`)).text();
        if (body.includes(token)) break;
        if (performance.now() - t0 > 10_000) throw new Error('edit never showed up');
        await new Promise((r) => setTimeout(r, 2));
      }
      samples.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 150));
    }
  } finally {
    writeFileSync(postFile, original);
    child.kill();
  }
  return median(samples);
}

/** Files of a build folder that differ from another's (missing on either side included). */
function differences(a, b) {
  const list = (dir, rel = '', out = new Map()) => {
    for (const e of readdirSync(join(dir, rel), { withFileTypes: true })) {
      const path = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) list(dir, path, out);
      else out.set(path, statSync(join(dir, path)).size);
    }
    return out;
  };
  const [left, right] = [list(a), list(b)];
  const differ = [...new Set([...left.keys(), ...right.keys()])].filter((f) => left.get(f) !== right.get(f) || !readFileSync(join(a, f)).equals(readFileSync(join(b, f))));
  return differ;
}

/**
 * The page cache: fill it (a full build that stores every page), edit one post's body, build
 * again with it (timed), and compare that dist/ with a clean build of the same content.
 */
function cachedBuild(contentDir, postFile, label) {
  const cacheDir = join(work, `page-cache-${label}`);
  rmSync(cacheDir, { recursive: true, force: true });
  const cache = ['--cache-dir', cacheDir];
  const fill = timedBuild(contentDir, join(work, `out-cached-${label}`), cache);
  const original = readFileSync(postFile, 'utf8');
  try {
    // First cached build: every reused page is read and hashed (as on CI, where the cache is
    // restored: this machine's record vouches for none of its files, file-records.ts). The
    // social cards' record of this content folder goes too, so every card is read and hashed
    // as well, as on CI.
    writeFileSync(postFile, `${original}\nA paragraph added for the cached build benchmark.\n`);
    rmSync(join(root, '.site/cache/cards', cardRecordName(contentDir)), { force: true });
    const first = timedBuild(contentDir, join(work, `out-cached-${label}`), cache);
    // The next ones on this machine (an author's laptop, a persistent runner): the record vouches,
    // and dist/ stays where the build before left it. The first of them keeps the dist/ it
    // replaces as its spare; the one measured writes over that spare, as every build after does.
    writeFileSync(postFile, `${original}\nA paragraph added for the cached build benchmark, edited again.\n`);
    timedBuild(contentDir, join(work, `out-cached-${label}`), cache, true);
    writeFileSync(postFile, `${original}\nA paragraph added for the cached build benchmark, edited a third time.\n`);
    const cached = timedBuild(contentDir, join(work, `out-cached-${label}`), cache, true);
    const clean = timedBuild(contentDir, join(work, `out-clean-${label}`));
    const differ = differences(join(work, `out-cached-${label}`), join(work, `out-clean-${label}`));
    return { fill: fill.wall, first: first.wall, wall: cached.wall, rss: cached.rss, summary: /page cache: .*|updated in place: .*/.exec(cached.stdout)?.[0] ?? '', identical: differ.length === 0 ? 'yes' : `NO: ${differ.length} files differ (${differ.slice(0, 3).join(', ')})` };
  } finally {
    writeFileSync(postFile, original);
  }
}

const preview = !process.argv.includes('--no-preview');
const rows = [];
const cachedRows = [];
{
  const shipped = [];
  for (let i = 0; i < runs; i++) shipped.push(timedBuild(join(root, 'content'), join(work, 'out-shipped')));
  rows.push({ corpus: 'shipped site', wall: median(shipped.map((s) => s.wall)), rss: Math.max(...shipped.map((s) => s.rss)), edit: preview ? await editLatency(join(root, 'content'), join(root, 'content/blog/fleet-management-trends-2024.md'), '/blog-details/1', 'shipped') : NaN });
}
for (const n of sizes) {
  const corpus = join(work, `corpus-${n}`);
  const tree = join(work, `content-${n}`);
  spawnSync(process.execPath, [join(shared, 'gen.mjs'), String(n), corpus, '--clean'], { stdio: 'ignore' });
  const { ids } = convert(corpus, tree);
  const builds = [];
  for (let i = 0; i < runs; i++) builds.push(timedBuild(tree, join(work, `out-${n}`)));
  const [slug, id] = [...ids.entries()][Math.floor(n / 2)];
  const edit = preview ? await editLatency(tree, join(tree, 'blog', `bench-${slug}.md`), `/blog-details/${id}`, `n${n}`) : NaN;
  rows.push({ corpus: `${n} posts`, wall: median(builds.map((b) => b.wall)), rss: Math.max(...builds.map((b) => b.rss)), edit });
  cachedRows.push({ corpus: `${n} posts`, ...cachedBuild(tree, join(tree, 'blog', `bench-${slug}.md`), `n${n}`) });
}

console.log('\n| corpus | full build (median) | peak RSS | edit → page served (median of 7) |');
console.log('|---|---|---|---|');
for (const r of rows) console.log(`| ${r.corpus} | ${r.wall.toFixed(2)} s | ${r.rss.toFixed(0)} MB | ${Number.isNaN(r.edit) ? '–' : `${r.edit.toFixed(0)} ms`} |`);
console.log('\n| corpus | build filling the page cache | one post edited: first cached build (every page read, as on CI) | edited again: next cached build (dist/ kept: updated in place) | its peak RSS | byte-identical to a clean build | what the cache did |');
console.log('|---|---|---|---|---|---|---|');
for (const r of cachedRows) console.log(`| ${r.corpus} | ${r.fill.toFixed(2)} s | ${r.first.toFixed(2)} s | ${r.wall.toFixed(2)} s | ${r.rss.toFixed(0)} MB | ${r.identical} | ${r.summary} |`);

if (process.argv.includes('--peers')) {
  const dir = join(work, 'peers');
  if (!existsSync(join(dir, 'run.sh'))) {
    spawnSync('cp', ['-r', `${shared}/.`, dir], { stdio: 'inherit' });
    for (const peer of ['eleventy', 'astro']) {
      // The harness's Astro lock file lacks optional platform packages npm 11 expects: fall back to install.
      const ci = spawnSync('npm', ['ci', '--loglevel=error'], { cwd: join(dir, peer), stdio: 'inherit' });
      if (ci.status !== 0) spawnSync('npm', ['install', '--loglevel=error', '--no-audit', '--no-fund'], { cwd: join(dir, peer), stdio: 'inherit' });
    }
  }
  // Hugo is the speed anchor: run it whenever Debian's hugo is installed; TOOLS overrides.
  const peerTools = spawnSync('sh', ['-c', 'command -v hugo'], { stdio: 'ignore' }).status === 0 ? 'hugo eleventy astro' : 'eleventy astro';
  if (!peerTools.includes('hugo')) console.log('(hugo is not installed: apt-get install -y hugo to compare with it)');
  // HUGO_BUILDFUTURE=true: the corpus gives its posts a day each from 2012 on, so a big corpus
  // dates most of them after today, and Hugo skips a post dated in the future by default
  // (`buildFuture = false`, scheduled publishing): its row would time far fewer pages than
  // Eleventy and we built. Hugo reads any top-level setting from a HUGO_ variable.
  const resultsFile = join(dir, 'results.tsv');
  for (const n of sizes) {
    const before = existsSync(resultsFile) ? readFileSync(resultsFile, 'utf8').split('\n').length : 0;
    spawnSync('bash', ['run.sh', String(n)], {
      cwd: dir,
      stdio: 'inherit',
      env: { ...process.env, HUGO_BUILDFUTURE: 'true', TOOLS: process.env.TOOLS ?? peerTools, SETTLE_S: process.env.SETTLE_S ?? '0', ELEVENTY_NODE_DIR: join(dir, 'astro/node_modules/.bin'), OURS_CMD: join(root, 'scripts/bench-ours.sh'), OURS_NAME: 'site', OURS_VERSION: JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version, BENCH_TREE: join(work, `harness-content-${n}`) },
    });
    // A row is only a comparison if the tool built every post: say so when one wrote fewer pages.
    const rows = existsSync(resultsFile) ? readFileSync(resultsFile, 'utf8').split('\n').slice(before).map((line) => line.split('\t')) : [];
    for (const [tool, pages] of new Map(rows.filter((r) => r[4] === String(n) && r[12]).map((r) => [r[1], Number(r[12])]))) {
      if (pages < n) console.log(`⚠ ${tool} wrote ${pages} pages for ${n} posts: its row did not build every post`);
    }
  }
}
// Old outputs were moved aside during timing (deleting thousands of files slows the next
// build on this VM's file system); remove them now that timing is over.
const old = readdirSync(work).filter((name) => /^out-.*\.old-\d+(-spare)?$|^\.out-.*\.spare$|^out-shipped$|^out-c(ached|lean)-|^page-cache-/.test(name));
for (const name of old) rmSync(join(work, name), { recursive: true, force: true });
// When, for the next run's settling (above).
if (old.length) writeFileSync(purgedAt, String(Date.now()));
