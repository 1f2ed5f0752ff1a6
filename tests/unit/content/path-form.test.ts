// The plain-path rule every output path and every path read from content goes through
// (generator/content/paths.ts): the one-expression accept it starts with must never accept a path that
// the checks after it refuse, and `under` must give what join() gives for every path accepted.
import { describe, expect, test } from 'vitest';
import { join } from 'node:path';
import { pathFormProblem, under } from '../../../generator/content/paths.ts';

/** The rule as the checks after the fast accept state it (the whole function before it had one). */
function slowProblem(path: string): string | undefined {
  if (path === '') return 'is empty';
  if (/[\u0000-\u001f\u007f]/.test(path)) return 'contains a control character';
  if (path.includes('\\')) return 'contains a backslash; separate folders with /';
  if (path.startsWith('/')) return 'is an absolute path';
  const segments = path.split('/');
  if (segments.includes('..')) return 'has a ".." segment, which would leave its folder';
  if (segments.some((s) => s === '' || s === '.')) return 'has an empty or "." segment';
  return undefined;
}

// Paths built from the characters that matter to the rule, every one up to length 5, then random longer ones.
const ALPHABET = ['a', '.', '/', '\\', '\u0000', '\n', '\u007f', 'é', ' '];

function* short(max: number): Generator<string> {
  let level = [''];
  yield '';
  for (let n = 1; n <= max; n++) {
    const next: string[] = [];
    for (const p of level) for (const c of ALPHABET) next.push(p + c);
    yield* next;
    level = next;
  }
}

describe('pathFormProblem', () => {
  test('says of every path exactly what the full checks say', () => {
    let seen = 0;
    for (const path of short(5)) {
      expect(pathFormProblem(path), JSON.stringify(path)).toBe(slowProblem(path));
      seen++;
    }
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const pieces = ['blog', '.', '..', '', 'index.html', '..a', 'a..', '.hidden', 'x\\y', 'fr', ' ', 'é'];
    for (let i = 0; i < 20000; i++) {
      const path = Array.from({ length: 1 + Math.floor(random() * 6) }, () => pieces[Math.floor(random() * pieces.length)]).join(random() < 0.9 ? '/' : '//');
      expect(pathFormProblem(path), JSON.stringify(path)).toBe(slowProblem(path));
      seen++;
    }
    expect(seen).toBeGreaterThan(60000);
  });

  test('names what is wrong', () => {
    expect(pathFormProblem('blog/../../etc/passwd')).toBe('has a ".." segment, which would leave its folder');
    expect(pathFormProblem('/etc/passwd')).toBe('is an absolute path');
    expect(pathFormProblem('blog//index.html')).toBe('has an empty or "." segment');
    expect(pathFormProblem('blog/index.html')).toBeUndefined();
  });
});

describe('under', () => {
  test('is join() for a plain path under a root as join() gives it', () => {
    for (const root of ['dist', '.bench/.out.tmp-12', '/tmp/x/.dist.tmp-1', '/', '../site/.dist.spare']) {
      for (const rel of ['index.html', 'blog-details/1/index.html', 'fr/blogs/index.html', '..a/b', 'a../.b']) {
        expect(pathFormProblem(rel)).toBeUndefined();
        expect(under(join(root), rel)).toBe(join(root, rel));
      }
    }
  });
});
