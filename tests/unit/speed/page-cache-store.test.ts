// The page cache's filer (generator/speed/page-cache-store.ts): a page site build wrote is filed
// in the cache as a link to that file and a header, under temporary names renamed into place.
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PageFiler } from '../../../generator/speed/page-cache-store.ts';

let dir: string;
let cache: string;
let build: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'page-cache-store-'));
  cache = join(dir, 'cache');
  build = join(dir, 'build');
  mkdirSync(cache);
  mkdirSync(build);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const keyOf = (i: number) => i.toString(16).padStart(64, '0');

describe('the page filer', () => {
  test('files every page as a link to its file and its header as given; nothing temporary is left', () => {
    const count = 20;
    const store = new PageFiler(cache);
    for (let i = 0; i < count; i++) {
      const file = join(build, `page-${i}.html`);
      writeFileSync(file, `<p>page ${i}</p>`);
      expect(store.file({ key: keyOf(i), file, head: `check line ${i}\n{"path":"/p/${i}","é":"ü"}\n` })).toBeUndefined();
    }
    for (const i of [0, 7, count - 1]) {
      expect(statSync(join(cache, keyOf(i))).ino).toBe(statSync(join(build, `page-${i}.html`)).ino);
      expect(readFileSync(join(cache, `${keyOf(i)}.head`), 'utf8')).toBe(`check line ${i}\n{"path":"/p/${i}","é":"ü"}\n`);
    }
    expect(readdirSync(cache)).toHaveLength(count * 2);
  });

  test('a page that cannot be filed is a failure naming its entry, and the others are filed; an entry there already is replaced by a rename, never written into', () => {
    const old = join(dir, 'old-build.html');
    writeFileSync(old, 'the previous build shares this file');
    linkSync(old, join(cache, keyOf(1)));
    writeFileSync(join(cache, `${keyOf(1)}.head`), 'old head');
    writeFileSync(join(build, 'new.html'), 'the new page');
    const store = new PageFiler(cache);
    expect(store.file({ key: keyOf(0), file: join(build, 'gone.html'), head: 'head 0\n' })).toMatch(new RegExp(`^could not store .*${keyOf(0)}: .*ENOENT`));
    expect(store.file({ key: keyOf(1), file: join(build, 'new.html'), head: 'head 1\n' })).toBeUndefined();
    expect(readFileSync(old, 'utf8')).toBe('the previous build shares this file');
    expect(readFileSync(join(cache, keyOf(1)), 'utf8')).toBe('the new page');
    expect(readFileSync(join(cache, `${keyOf(1)}.head`), 'utf8')).toBe('head 1\n');
    expect(readdirSync(cache).sort()).toEqual([keyOf(1), `${keyOf(1)}.head`]);
  });
});
