// Test helpers: a throwaway copy of the real content tree that a test may break.
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const root = new URL('../', import.meta.url).pathname.replace(/\/$/, '');
export const contentDir = join(root, 'content');

export interface Sandbox {
  dir: string;
  content: string;
  /** Replaces `from` with `to` in a content file; fails loudly if `from` is not there. */
  edit(rel: string, from: string | RegExp, to: string): void;
  write(rel: string, text: string): void;
  read(rel: string): string;
  remove(): void;
}

export function sandbox(): Sandbox {
  const dir = mkdtempSync(join(tmpdir(), 'site-sandbox-'));
  const content = join(dir, 'content');
  cpSync(contentDir, content, { recursive: true });
  return {
    dir,
    content,
    edit(rel, from, to) {
      const file = join(content, rel);
      const text = readFileSync(file, 'utf8');
      const next = text.replace(from, to);
      if (next === text) throw new Error(`sandbox.edit: ${String(from)} not found in ${rel}`);
      writeFileSync(file, next);
    },
    write(rel, text) {
      writeFileSync(join(content, rel), text);
    },
    read(rel) {
      return readFileSync(join(content, rel), 'utf8');
    },
    remove() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Line (1-based) of the first line containing `needle` in a content file. */
export function lineOf(text: string, needle: string): number {
  const i = text.split('\n').findIndex((l) => l.includes(needle));
  if (i < 0) throw new Error(`lineOf: ${needle} not found`);
  return i + 1;
}

/** Every file under `dir` (paths relative to it, with /), with its bytes: to compare two builds. */
export function filesUnder(dir: string): Map<string, Buffer> {
  const found = new Map<string, Buffer>();
  const walk = (rel: string) => {
    for (const entry of readdirSync(join(dir, rel), { withFileTypes: true })) {
      const path = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path);
      else found.set(path, readFileSync(join(dir, path)));
    }
  };
  walk('');
  return found;
}

/** A digest of every file under `dir` (paths and bytes): two folders with the same content have the same one. */
export function contentKey(dir: string): string {
  const digest = createHash('sha256');
  for (const [path, bytes] of [...filesUnder(dir)].sort(([a], [b]) => (a < b ? -1 : 1))) digest.update(`${path}\0${bytes.length}\0`).update(bytes);
  return digest.digest('hex');
}
