import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OutputDir } from '../../generator/write.ts';

let dir: string;
let out: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'output-dir-'));
  out = join(dir, 'dist');
  mkdirSync(out);
  writeFileSync(join(out, 'old.html'), 'previous build');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const siblings = () => readdirSync(dir).filter((name) => name !== 'dist' && !name.startsWith('.dist.old-'));

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
