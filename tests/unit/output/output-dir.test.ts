import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, linkSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { Folders, OutputDir } from '../../../generator/output/write.ts';

let dir: string;
let out: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'output-dir-'));
  out = join(dir, 'dist');
  mkdirSync(out);
  writeFileSync(join(out, 'old.html'), 'previous build');
});
// A detached `rm` may still be deleting a replaced build inside `dir`, and a removal racing it
// can stop early: retry until the folder is gone.
afterEach(async () => {
  for (let attempt = 0; attempt < 50 && existsSync(dir); attempt++) {
    rmSync(dir, { recursive: true, force: true });
    if (existsSync(dir)) await new Promise((resolve) => setTimeout(resolve, 20));
  }
});

// The replaced build is deleted by a detached `rm` after the commit, so it may still be there.
const siblings = () => readdirSync(dir).filter((name) => name !== 'dist' && !name.startsWith('.dist.old-') && !name.startsWith('.dist.trash-'));

describe('OutputDir', () => {
  test('files written while rendering, whole or in pieces, and the rest at commit, replace the previous build', async () => {
    const target = new OutputDir(out);
    const shared = Buffer.from('<header>same on every page</header>');
    for (let i = 0; i < 200; i++) target.write(`posts/${i}/index.html`, [Buffer.from(`<p>${i}</p>`), shared, Buffer.from('é'.repeat(i))]);
    target.write('robots.txt', Buffer.from('User-agent: *\n'));
    // The previous build is served until the commit.
    expect(readFileSync(join(out, 'old.html'), 'utf8')).toBe('previous build');
    await target.commit(new Map([['robots.txt', Buffer.from('ignored: already written')], ['sitemap.xml', Buffer.from('<urlset/>')]]));
    expect(existsSync(join(out, 'old.html'))).toBe(false);
    expect(readFileSync(join(out, 'posts/7/index.html'), 'utf8')).toBe(`<p>7</p>${shared}${'é'.repeat(7)}`);
    expect(readFileSync(join(out, 'posts/199/index.html'), 'utf8')).toBe(`<p>199</p>${shared}${'é'.repeat(199)}`);
    expect(readFileSync(join(out, 'robots.txt'), 'utf8')).toBe('User-agent: *\n');
    expect(readFileSync(join(out, 'sitemap.xml'), 'utf8')).toBe('<urlset/>');
    expect(siblings()).toEqual([]);
  });

  test('a file from a cache is linked when it is still the file its bytes were read from; otherwise its bytes are written', async () => {
    const cache = join(dir, 'cache');
    mkdirSync(cache);
    const same = join(cache, 'same');
    const swapped = join(cache, 'swapped');
    const symlinked = join(cache, 'symlinked');
    writeFileSync(same, 'checked bytes');
    writeFileSync(swapped, 'checked bytes');
    writeFileSync(symlinked, 'checked bytes');
    const identity = (path: string) => ({ dev: statSync(path).dev, ino: statSync(path).ino });
    const sameId = identity(same);
    const swappedId = identity(swapped);
    const symlinkedId = identity(symlinked);
    // Replaced by renaming another file over it after it was read (a concurrent store, a stranger).
    writeFileSync(`${swapped}.new`, 'other bytes');
    renameSync(`${swapped}.new`, swapped);
    // Replaced by a link to somewhere else.
    rmSync(symlinked);
    symlinkSync('/etc/hostname', symlinked);
    const target = new OutputDir(out);
    target.link('a.html', { path: same, identity: sameId }, Buffer.from('checked bytes'));
    target.link('b.html', { path: swapped, identity: swappedId }, Buffer.from('checked bytes'));
    target.link('c.html', { path: symlinked, identity: symlinkedId }, Buffer.from('checked bytes'));
    target.link('d.html', { path: join(cache, 'gone'), identity: sameId }, Buffer.from('checked bytes'));
    await target.commit(new Map());
    expect(statSync(join(out, 'a.html')).ino).toBe(sameId.ino);
    for (const name of ['a.html', 'b.html', 'c.html', 'd.html']) {
      expect(readFileSync(join(out, name), 'utf8'), name).toBe('checked bytes');
      expect(lstatSync(join(out, name)).isFile(), name).toBe(true);
    }
    for (const name of ['b.html', 'c.html', 'd.html']) expect(statSync(join(out, name)).nlink, name).toBe(1);
    expect(readFileSync(swapped, 'utf8')).toBe('other bytes');
  });

  test('bytes to read only when needed are read only where the link cannot be kept, and a read that refuses fails the commit', async () => {
    const cache = join(dir, 'cache');
    mkdirSync(cache);
    const same = join(cache, 'same');
    const swapped = join(cache, 'swapped');
    writeFileSync(same, 'checked bytes');
    writeFileSync(swapped, 'checked bytes');
    const identity = (path: string) => ({ dev: statSync(path).dev, ino: statSync(path).ino });
    const sameId = identity(same);
    const swappedId = identity(swapped);
    writeFileSync(`${swapped}.new`, 'other bytes');
    renameSync(`${swapped}.new`, swapped);
    const reads: string[] = [];
    const reader = (name: string) => async () => {
      reads.push(name);
      return Buffer.from('checked bytes');
    };
    const target = new OutputDir(out);
    target.link('a.html', { path: same, identity: sameId }, reader('a'));
    target.link('b.html', { path: swapped, identity: swappedId }, reader('b'));
    await target.commit(new Map());
    expect(reads).toEqual(['b']);
    expect(statSync(join(out, 'a.html')).ino).toBe(sameId.ino);
    expect(readFileSync(join(out, 'b.html'), 'utf8')).toBe('checked bytes');
    expect(statSync(join(out, 'b.html')).nlink).toBe(1);
    const refused = new OutputDir(out);
    refused.link('c.html', { path: swapped, identity: swappedId }, () => Promise.reject(new Error('the bytes changed')));
    await expect(refused.commit(new Map())).rejects.toThrow(/could not write/);
    expect(existsSync(join(out, 'c.html'))).toBe(false);
  });

  test('a write that fails makes commit fail and leaves the previous build untouched', async () => {
    const target = new OutputDir(out);
    target.write('a/index.html', Buffer.from('a page'));
    // "a/index.html" is a file, so nothing can be written beneath it.
    target.write('a/index.html/b.html', [Buffer.from('impossible')]);
    await expect(target.commit(new Map())).rejects.toThrow(/could not write/);
    expect(readdirSync(out)).toEqual(['old.html']);
    expect(siblings()).toEqual([]);
  });

  test('an abandoned build (invalid content, a render error) leaves no trace', async () => {
    const target = new OutputDir(out);
    for (let i = 0; i < 50; i++) target.write(`p/${i}.html`, Buffer.from(String(i)));
    await target.abort();
    expect(readdirSync(out)).toEqual(['old.html']);
    expect(siblings()).toEqual([]);
  });

  test('a big build: every page lands, written or linked, and an abandoned build leaves no folder behind', async () => {
    const files = Array.from({ length: 1500 }, (_, i) => `blog-details/post-${i}/index.html`);
    const cached = join(dir, 'cached.html');
    writeFileSync(cached, 'from the cache');
    const target = new OutputDir(out);
    for (const [i, file] of files.entries()) {
      // Every third page is linked from a file, as a reused page is (folders made synchronously).
      if (i % 3 === 0) target.link(file, { path: cached, identity: { dev: statSync(cached).dev, ino: statSync(cached).ino } }, Buffer.from('from the cache'));
      else target.write(file, [Buffer.from(`page `), Buffer.from(String(i))]);
    }
    await target.commit(new Map());
    expect(readdirSync(join(out, 'blog-details'))).toHaveLength(files.length);
    for (const i of [0, 1, 2, files.length - 1]) expect(readFileSync(join(out, files[i]!), 'utf8')).toBe(i % 3 === 0 ? 'from the cache' : `page ${i}`);
    // Abandoned while its pages are still being written.
    const abandoned = new OutputDir(out);
    for (const file of files) abandoned.write(`again/${file}`, [Buffer.from('page')]);
    await abandoned.abort();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(siblings()).toEqual(['cached.html']);
    // A path that would leave the build folder is refused before any folder is made.
    const refused = new OutputDir(out);
    expect(() => refused.write('../outside/index.html', [Buffer.from('x')])).toThrow(/generator bug: the output path/);
    await refused.abort();
    expect(existsSync(join(dir, 'outside'))).toBe(false);
    expect(siblings()).toEqual(['cached.html']);
  });
});

describe('a write that fails', () => {
  test('a page it cannot write fails the build with the system\'s error (code and path, for exit 7); the other pages are written, the previous build stays, and nothing hangs', async () => {
    const files = Array.from({ length: 200 }, (_, i) => `p/${i}/index.html`);
    const target = new OutputDir(out);
    const reported: (string | undefined)[] = [];
    for (const file of files) target.write(file, [Buffer.from(file)], (hex) => reported.push(hex));
    // Its folder would be a file the build has just written.
    target.write('p/0/index.html/inside.html', [Buffer.from('x')], (hex) => reported.push(hex));
    const failure = await target.commit(new Map()).then(() => undefined, (error: Error) => error);
    expect(failure?.message).toMatch(/could not write/);
    const cause = failure?.cause as NodeJS.ErrnoException;
    expect(cause.code).toMatch(/^(ENOTDIR|EEXIST)$/);
    expect(cause.path).toContain('index.html');
    expect(reported.filter((hex) => hex === undefined)).toHaveLength(1);
    expect(reported.filter((hex) => typeof hex === 'string' && /^[0-9a-f]{64}$/.test(hex))).toHaveLength(files.length);
    expect(readFileSync(join(out, 'old.html'), 'utf8')).toBe('previous build');
  });

});

test('a writer whose disk falls behind asks the renderer to wait, and lets it go on once the backlog halves', async () => {
  const target = new OutputDir(out);
  const page = Buffer.alloc(1024 * 1024, 'x');
  let wait: Promise<void> | undefined;
  let handed = 0;
  while (!wait) {
    wait = target.write(`big/${handed}.html`, [page]);
    handed += 1;
  }
  // 24 MB handed over before the first write could finish.
  expect(handed).toBeGreaterThan(20);
  await wait;
  await target.commit(new Map());
  expect(readdirSync(join(out, 'big'))).toHaveLength(handed);
});

/** A PID that existed and no longer does: a child process that has exited. */
function deadPid(): number {
  const child = spawnSync('true');
  expect(child.status).toBe(0);
  return child.pid;
}

/** A folder beside dist/ holding one file, as a build with this PID leaves it. */
function leftover(kind: 'tmp' | 'old', pid: number, file: string, text: string): string {
  const folder = join(dir, `.dist.${kind}-${pid}`);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, file), text);
  return folder;
}

describe('a build killed during the swap', () => {
  test('a kill between the two renames left no dist/: the next build restores the previous one, removes the dead build\'s folders, and completes', async () => {
    const dead = deadPid();
    rmSync(out, { recursive: true });
    leftover('old', dead, 'old.html', 'previous build');
    leftover('tmp', dead, 'index.html', 'complete but never swapped in');
    const target = new OutputDir(out);
    // Restored before anything else: a build that now fails still leaves the previous dist/.
    expect(readdirSync(out)).toEqual(['old.html']);
    expect(readdirSync(dir).filter((n) => n.includes(String(dead)))).toEqual([]);
    await target.commit(new Map([['index.html', Buffer.from('new build')]]));
    expect(readdirSync(out)).toEqual(['index.html']);
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toBe('new build');
    expect(siblings()).toEqual([]);
  });

  test('a restored dist/ survives a build that is then abandoned', async () => {
    rmSync(out, { recursive: true });
    leftover('old', deadPid(), 'old.html', 'previous build');
    await new OutputDir(out).abort();
    expect(readFileSync(join(out, 'old.html'), 'utf8')).toBe('previous build');
    expect(siblings()).toEqual([]);
  });

  test('folders left by killed builds are removed; a running build\'s folders and dist/ are left alone', async () => {
    const dead = deadPid();
    const live = spawn('sleep', ['60']);
    try {
      leftover('old', dead, 'old.html', 'an older build');
      leftover('tmp', dead, 'half.html', 'half a build');
      const liveTemp = leftover('tmp', live.pid!, 'index.html', 'being written');
      const liveOld = leftover('old', live.pid!, 'old.html', 'being swapped');
      mkdirSync(join(dir, '.dist-other.tmp-1'));
      const target = new OutputDir(out);
      expect(readFileSync(join(out, 'old.html'), 'utf8')).toBe('previous build');
      expect(existsSync(join(dir, `.dist.old-${dead}`)) || existsSync(join(dir, `.dist.tmp-${dead}`))).toBe(false);
      expect(readFileSync(join(liveTemp, 'index.html'), 'utf8')).toBe('being written');
      expect(readFileSync(join(liveOld, 'old.html'), 'utf8')).toBe('being swapped');
      expect(existsSync(join(dir, '.dist-other.tmp-1'))).toBe(true);
      await target.abort();
    } finally {
      live.kill();
    }
  });

  test('with no dist/ and a running build in the middle of its swap, its previous build is not taken', () => {
    const live = spawn('sleep', ['60']);
    try {
      rmSync(out, { recursive: true });
      const liveOld = leftover('old', live.pid!, 'old.html', 'previous build');
      const target = new OutputDir(out);
      expect(existsSync(out)).toBe(false);
      expect(readFileSync(join(liveOld, 'old.html'), 'utf8')).toBe('previous build');
      return target.abort();
    } finally {
      live.kill();
    }
  });
});

describe('output paths', () => {
  test.each(['../escaped.html', 'assets/img/../../../escaped.svg', '/tmp/absolute.html', 'a//b.html', './a.html', 'a\\..\\b.html', ''])('an output path "%s" is refused as a generator bug and nothing is written outside the build', async (file) => {
    const target = new OutputDir(out);
    expect(() => target.write(file, Buffer.from('x'))).toThrow(/generator bug.*output path/);
    await expect(target.commit(new Map([[file, Buffer.from('x')]]))).rejects.toThrow(/could not write/);
    expect(readdirSync(dir).sort()).toEqual(readdirSync(dir).filter((n) => n === 'dist' || n.startsWith('.dist.')).sort());
    expect(readdirSync(out)).toEqual(['old.html']);
  });
});

describe('a cached build written over the spare (the build before the last)', () => {
  const spare = () => join(dir, '.dist.spare');
  const identity = (path: string) => ({ dev: statSync(path).dev, ino: statSync(path).ino });
  /** Every file (its bytes) and folder under `root`, as paths. */
  const tree = (root: string) => {
    const entries: Record<string, string> = {};
    const walk = (rel: string) => {
      for (const entry of readdirSync(join(root, rel), { withFileTypes: true })) {
        const path = rel ? `${rel}/${entry.name}` : entry.name;
        expect(entry.isFile() || entry.isDirectory(), path).toBe(true);
        if (entry.isDirectory()) {
          entries[`${path}/`] = '';
          walk(path);
        } else entries[path] = readFileSync(join(root, path), 'utf8');
      }
    };
    walk('');
    return entries;
  };

  test('gives byte for byte what an empty folder gives: what the build does not write goes, a file where a folder goes and the reverse are replaced, a cache\'s file there is replaced, never written into, and one that is already the file to link stays', async () => {
    const cache = join(dir, 'cache');
    mkdirSync(cache);
    for (const name of ['page1', 'page2', 'page3', 'card']) writeFileSync(join(cache, name), `cached ${name}`);
    // The spare as an earlier build left it, its pages the cache's files.
    mkdirSync(join(spare(), 'gone/deeper'), { recursive: true });
    writeFileSync(join(spare(), 'gone/deeper/index.html'), 'a post since deleted');
    for (const n of [1, 2, 3, 4]) mkdirSync(join(spare(), `posts/${n}`), { recursive: true });
    linkSync(join(cache, 'page1'), join(spare(), 'posts/1/index.html'));
    linkSync(join(cache, 'page2'), join(spare(), 'posts/2/index.html'));
    writeFileSync(join(spare(), 'posts/3/index.html'), 'an older page 3');
    linkSync(join(cache, 'card'), join(spare(), 'posts/4/index.html'));
    mkdirSync(join(spare(), 'feed.xml'));
    writeFileSync(join(spare(), 'feed.xml/inside'), 'a folder where the feed goes');
    writeFileSync(join(spare(), 'about'), 'a file where a folder goes');
    writeFileSync(join(spare(), 'robots.txt'), 'old robots');

    const build = (target: OutputDir) => {
      target.write('posts/1/index.html', [Buffer.from('page 1 '), Buffer.from('rendered again')]);
      target.link('posts/2/index.html', { path: join(cache, 'page2'), identity: identity(join(cache, 'page2')) }, Buffer.from('cached page2'));
      target.link('posts/3/index.html', { path: join(cache, 'page3'), identity: identity(join(cache, 'page3')) }, Buffer.from('cached page3'));
      target.write('posts/4/index.html', Buffer.from('page 4, whole'));
      target.write('about/index.html', [Buffer.from('about')]);
      return target.commit(new Map([['feed.xml', Buffer.from('<feed/>')], ['robots.txt', Buffer.from('new robots')]]));
    };
    const page2 = statSync(join(spare(), 'posts/2/index.html')).ino;
    await build(new OutputDir(out, { spare: true }));
    await build(new OutputDir(join(dir, 'empty')));
    expect(tree(out)).toEqual(tree(join(dir, 'empty')));
    expect(tree(out)).toEqual({ 'posts/': '', 'posts/1/': '', 'posts/1/index.html': 'page 1 rendered again', 'posts/2/': '', 'posts/2/index.html': 'cached page2', 'posts/3/': '', 'posts/3/index.html': 'cached page3', 'posts/4/': '', 'posts/4/index.html': 'page 4, whole', 'about/': '', 'about/index.html': 'about', 'feed.xml': '<feed/>', 'robots.txt': 'new robots' });
    // The cache's files the spare shared are as they were; the linked pages are the cache's files.
    for (const name of ['page1', 'page2', 'page3', 'card']) expect(readFileSync(join(cache, name), 'utf8')).toBe(`cached ${name}`);
    expect(statSync(join(out, 'posts/2/index.html')).ino).toBe(page2);
    expect(statSync(join(out, 'posts/3/index.html')).ino).toBe(statSync(join(cache, 'page3')).ino);
    expect(statSync(join(out, 'posts/1/index.html')).ino).not.toBe(statSync(join(cache, 'page1')).ino);
    // The build it replaced is not the next spare: its page is its own file, a second copy on disk.
    expect(existsSync(spare())).toBe(false);
  });

  test('the build replaced is kept as the spare only when most of its pages are a cache\'s files', async () => {
    const cache = join(dir, 'cache');
    mkdirSync(cache);
    const pages = ['a/index.html', 'b/index.html', 'c/index.html'];
    for (const file of pages) writeFileSync(join(cache, file[0]!), `cached ${file}`);
    const linked = (target: OutputDir) => {
      for (const file of pages) target.link(file, { path: join(cache, file[0]!), identity: identity(join(cache, file[0]!)) }, Buffer.from(`cached ${file}`));
      return target.commit(new Map());
    };
    const written = (target: OutputDir) => {
      for (const file of pages) target.write(file, [Buffer.from(`rendered ${file}`)]);
      return target.commit(new Map());
    };
    await linked(new OutputDir(out, { spare: true }));
    await linked(new OutputDir(out, { spare: true }));
    // The first build's pages were the cache's: it is the spare.
    expect(readdirSync(spare()).sort()).toEqual(['a', 'b', 'c']);
    await written(new OutputDir(out, { spare: true }));
    await linked(new OutputDir(out, { spare: true }));
    // The replaced build had rendered its pages (its own files): deleted, not kept.
    expect(existsSync(spare())).toBe(false);
    expect(readFileSync(join(out, 'b/index.html'), 'utf8')).toBe('cached b/index.html');
  });

  test('a big build over a spare whose pages are a cache\'s files', async () => {
    const files = Array.from({ length: 1200 }, (_, i) => `blog-details/${i}/index.html`);
    const cached = join(dir, 'cached.html');
    writeFileSync(cached, 'from the cache');
    // The spare has every other page, each a link to the cache's file.
    for (const [i, file] of files.entries()) {
      if (i % 2) continue;
      mkdirSync(join(spare(), file, '..'), { recursive: true });
      linkSync(cached, join(spare(), file));
    }
    const target = new OutputDir(out, { spare: true });
    for (const [i, file] of files.entries()) {
      if (i % 3 === 0) target.link(file, { path: cached, identity: identity(cached) }, Buffer.from('from the cache'));
      else target.write(file, [Buffer.from('page '), Buffer.from(String(i))]);
    }
    await target.commit(new Map());
    expect(readFileSync(cached, 'utf8')).toBe('from the cache');
    expect(statSync(cached).nlink).toBe(1 + files.filter((_, i) => i % 3 === 0).length);
    for (const [i, file] of files.entries()) expect(readFileSync(join(out, file), 'utf8')).toBe(i % 3 === 0 ? 'from the cache' : `page ${i}`);
    expect(readdirSync(join(out, 'blog-details'))).toHaveLength(files.length);
  });

  test('a spare holding a link (or anything but files and folders) is not used: nothing is written through it, and the build starts from an empty folder', async () => {
    const outside = join(dir, 'outside');
    mkdirSync(outside);
    mkdirSync(spare());
    symlinkSync(outside, join(spare(), 'posts'));
    const target = new OutputDir(out, { spare: true });
    target.write('posts/1/index.html', [Buffer.from('page 1')]);
    await target.commit(new Map());
    expect(readdirSync(outside)).toEqual([]);
    expect(lstatSync(join(out, 'posts')).isDirectory()).toBe(true);
    expect(tree(out)).toEqual({ 'posts/': '', 'posts/1/': '', 'posts/1/index.html': 'page 1' });
  });

  test('a clean build (no spare option) neither takes nor keeps one; an abandoned build gives back the spare it took', async () => {
    mkdirSync(spare());
    writeFileSync(join(spare(), 'kept.html'), 'the spare');
    const clean = new OutputDir(out);
    clean.write('a.html', Buffer.from('a'));
    await clean.commit(new Map());
    expect(readdirSync(spare())).toEqual(['kept.html']);
    expect(readdirSync(out)).toEqual(['a.html']);
    const abandoned = new OutputDir(out, { spare: true });
    expect(existsSync(spare())).toBe(false);
    abandoned.write('b.html', Buffer.from('b'));
    await abandoned.abort();
    expect(readdirSync(spare()).sort()).toEqual(['b.html', 'kept.html']);
    expect(readdirSync(out)).toEqual(['a.html']);
  });
});

describe('Folders', () => {
  test('a folder made at once (a link) while it is being made for a write calls each waiting write once, after it exists', async () => {
    const folders = new Folders();
    const folder = join(dir, 'a/b');
    const calls: string[] = [];
    const made = new Promise<void>((resolve) => {
      folders.make(folder, (error) => calls.push(`first ${error ? error.message : 'ok'} ${existsSync(folder)}`));
      folders.make(folder, (error) => {
        calls.push(`second ${error ? error.message : 'ok'} ${existsSync(folder)}`);
        resolve();
      });
    });
    folders.makeSync(folder);
    await made;
    // The asynchronous mkdir has finished too by the time a later one has.
    await new Promise<void>((resolve) => folders.make(join(dir, 'c'), () => resolve()));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual(['first ok true', 'second ok true']);
    expect(folders.isMade(folder)).toBe(true);
  });
});
