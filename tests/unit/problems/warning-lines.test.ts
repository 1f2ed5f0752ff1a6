// How the CLI lists warnings (generator/terminal.ts warningLines): every one, unless a kind has
// many; then its first few and a count, so one broken link is not lost among 2,000 untranslated posts.
import { describe, expect, test } from 'vitest';
import { KIND_LISTED_UP_TO, SHOWN_OF_A_KIND, warningLines as colouredLines } from '../../../generator/terminal.ts';
import type { Problem } from '../../../generator/problems/problems.ts';
import type { Code } from '../../../generator/problems/errors.ts';

const warning = (code: Code, i: number): Problem => ({ file: `content/blog/post-${String(i).padStart(3, '0')}.md`, line: 1, column: 1, path: '', code, severity: 'warning', message: `${code} ${i}`, hint: '' });
// In a terminal the counts are dimmed: compare the words.
const warningLines = (...args: Parameters<typeof colouredLines>) => colouredLines(...args).map((l) => l.replace(/\x1b\[\d+m/g, ''));
const of = (code: Code, n: number) => Array.from({ length: n }, (_, i) => warning(code, i));

describe('warningLines', () => {
  test('a kind with up to KIND_LISTED_UP_TO warnings is listed whole, and nothing says more', () => {
    const lines = warningLines([...of('broken-link', 1), ...of('missing-description', KIND_LISTED_UP_TO)]);
    expect(lines).toHaveLength(1 + KIND_LISTED_UP_TO);
    expect(lines.join('\n')).not.toMatch(/more|not shown/);
  });

  test('a kind with more shows its first SHOWN_OF_A_KIND, in order, then how many more; the other kinds stay whole', () => {
    const lines = warningLines([...of('broken-link', 2), ...of('missing-description', 1200), ...of('translation-outdated', 3)]);
    expect(lines).toEqual([
      '  content/blog/post-000.md:1:1  broken-link 0',
      '  content/blog/post-001.md:1:1  broken-link 1',
      ...Array.from({ length: SHOWN_OF_A_KIND }, (_, i) => `  content/blog/post-00${i}.md:1:1  missing-description ${i}`),
      `  … and ${(1200 - SHOWN_OF_A_KIND).toLocaleString('en-CA')} more missing-description warnings`,
      '  content/blog/post-000.md:1:1  translation-outdated 0',
      '  content/blog/post-001.md:1:1  translation-outdated 1',
      '  content/blog/post-002.md:1:1  translation-outdated 2',
      `  (1,195 not shown: --all-warnings lists every one; npx site translate status counts the French copy by collection)`,
    ]);
  });

  test('the French hint only when a translation warning is among them', () => {
    const lines = warningLines(of('missing-description', KIND_LISTED_UP_TO + 1));
    expect(lines.at(-1)).toBe(`  (${KIND_LISTED_UP_TO + 1 - SHOWN_OF_A_KIND} not shown: --all-warnings lists every one)`);
  });

  test('all lists every one', () => {
    const lines = warningLines(of('translation-missing', 50), true);
    expect(lines).toHaveLength(50);
    expect(lines.at(-1)).toBe('  content/blog/post-049.md:1:1  translation-missing 49');
  });
});
