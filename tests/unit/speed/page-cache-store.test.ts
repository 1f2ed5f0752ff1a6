// The page cache's store thread (generator/speed/page-cache-store.ts): a page site build wrote is filed
// in the cache as a link to that file and a header, under temporary names renamed into place.
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StoreThread } from '../../../generator/speed/page-cache-store.ts';

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

describe('the store thread', () => {
  test('files every page, more than a batch of them, as a link to its file and its header as given; nothing temporary is left', async () => {
    const count = StoreThread.BATCH * 2 + 7;
    const store = new StoreThread(cache);
    for (let i = 0; i < count; i++) {
      const file = join(build, `page-${i}.html`);
      writeFileSync(file, `<p>page ${i}</p>`);
      store.store({ key: keyOf(i), file, head: `check line ${i}\n{"path":"/p/${i}","é":"ü"}\n` });
    }
    expect(await store.finish()).toEqual({ stored: count, failures: [] });
    for (const i of [0, StoreThread.BATCH, count - 1]) {
      expect(statSync(join(cache, keyOf(i))).ino).toBe(statSync(join(build, `page-${i}.html`)).ino);
      expect(readFileSync(join(cache, `${keyOf(i)}.head`), 'utf8')).toBe(`check line ${i}\n{"path":"/p/${i}","é":"ü"}\n`);
    }
    expect(readdirSync(cache)).toHaveLength(count * 2);
  });

  test('a page that cannot be filed is a failure naming its entry, and the others are filed; an entry there already is replaced by a rename, never written into', async () => {
    const old = join(dir, 'old-build.html');
    writeFileSync(old, 'the previous build shares this file');
    linkSync(old, join(cache, keyOf(1)));
    writeFileSync(join(cache, `${keyOf(1)}.head`), 'old head');
    writeFileSync(join(build, 'new.html'), 'the new page');
    const store = new StoreThread(cache);
    store.store({ key: keyOf(0), file: join(build, 'gone.html'), head: 'head 0\n' });
    store.store({ key: keyOf(1), file: join(build, 'new.html'), head: 'head 1\n' });
    const { stored, failures } = await store.finish();
    expect(stored).toBe(1);
    expect(failures).toEqual([expect.stringMatching(new RegExp(`^could not store .*${keyOf(0)}: .*ENOENT`))]);
    expect(readFileSync(old, 'utf8')).toBe('the previous build shares this file');
    expect(readFileSync(join(cache, keyOf(1)), 'utf8')).toBe('the new page');
    expect(readFileSync(join(cache, `${keyOf(1)}.head`), 'utf8')).toBe('head 1\n');
    expect(readdirSync(cache).sort()).toEqual([keyOf(1), `${keyOf(1)}.head`]);
  });

  test('with nothing to store, finish answers at once', async () => {
    expect(await new StoreThread(cache).finish()).toEqual({ stored: 0, failures: [] });
  });
});
