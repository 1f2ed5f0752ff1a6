import { beforeEach, describe, expect, test } from 'vitest';
import { parseSource, locate } from '../../../generator/content/load.ts';

describe('load', () => {
  test('locates a nested YAML field by line and column', () => {
    const source = '# comment\nhero:\n  heading: Hello\ncounters:\n  items:\n    - value: 30\n      unit: percent\n';
    const record = parseSource(source, 'content/solutions/x.yaml', 'solutions', 'solutions/x.yaml');
    expect(locate(record, ['counters', 'items', 0, 'unit'])).toEqual({ line: 7, column: 13 });
    expect(locate(record, ['hero', 'heading'])).toEqual({ line: 3, column: 12 });
  });

  test('a missing field points at the deepest object that exists', () => {
    const record = parseSource('hero:\n  heading: Hi\n', 'f.yaml', 'solutions', 'solutions/f.yaml');
    expect(locate(record, ['hero', 'image'])).toEqual({ line: 2, column: 3 });
  });

  test('front matter lines are counted from the top of the Markdown file', () => {
    const source = '---\nid: 3\ndate: 2024-13-01\n---\nIntro.\n\n## 1. First\n';
    const record = parseSource(source, 'content/blog/p.md', 'blog', 'blog/p.md');
    expect(locate(record, ['date'])).toEqual({ line: 3, column: 7 });
    expect(record.bodyLine).toBe(5);
    expect(record.body).toContain('## 1. First');
    expect((record.data as { date: string }).date).toBe('2024-13-01');
  });

  test('YAML syntax errors become located problems, not exceptions', () => {
    const record = parseSource('title: a: b\n', 'content/pages/x.yaml', 'pages', 'pages/x.yaml');
    expect(record.problems).toHaveLength(1);
    expect(record.problems[0]).toMatchObject({ file: 'content/pages/x.yaml', line: 1 });
    expect(record.problems[0]!.message).toMatch(/^YAML syntax:/);
  });

  test('a tab in YAML indentation is one message naming the line, not the parser\'s cascade', () => {
    const source = 'title: Fleet\nhero:\n  heading: Hi\n\titems:\n\t  - a\n';
    const record = parseSource(source, 'content/pages/x.yaml', 'pages', 'pages/x.yaml');
    expect(record.problems).toEqual([
      { file: 'content/pages/x.yaml', line: 4, column: 1, path: '', code: 'yaml-tab', severity: 'error', message: 'YAML indentation must use spaces; line 4 has a tab', hint: 'replace the tab with spaces (also on line 5)' },
    ]);
    // A tab under a block scalar: the parser says "Block scalar values in collections must be indented".
    const front = parseSource('---\ntitle: x\nsubheading: >\n\tsome text\n---\nBody\n', 'content/blog/p.md', 'blog', 'blog/p.md');
    expect(front.problems).toMatchObject([{ line: 4, column: 1, code: 'yaml-tab', message: 'YAML indentation must use spaces; line 4 has a tab' }]);
  });

  test('a key written twice is named, and any other YAML mistake is one problem (the first the parser finds)', () => {
    expect(parseSource('title: a\ntitle: b\n', 'f.yaml', 'pages', 'pages/f.yaml').problems).toMatchObject([{ line: 2, column: 1, code: 'yaml-duplicate-key', message: '"title" is written twice in the same object' }]);
    expect(parseSource('x:\n  y: 1\n   z: 2\n', 'f.yaml', 'pages', 'pages/f.yaml').problems).toMatchObject([{ line: 2, code: 'yaml-syntax' }]);
  });

  test('aliases that would write out past 100,000 values (a "billion laughs") are one located problem before anything walks them; a few aliases are fine', () => {
    const bomb = ['lol0: &a0 "lol"', ...Array.from({ length: 9 }, (_, i) => `lol${i + 1}: &a${i + 1} [${Array(10).fill(`*a${i}`).join(', ')}]`)].join('\n');
    const record = parseSource(`---\ntitle: Hi\n${bomb}\n---\nBody.\n`, 'content/blog/p.md', 'blog', 'blog/p.md');
    expect(record.data).toBeUndefined();
    expect(record.problems.map((p) => [p.line, p.column, p.code, p.message])).toEqual([[4, 12, 'yaml-aliases', 'its aliases (*name), written out, would be more than 100,000 values']]);
    const few = parseSource('tags: &t [a, b]\nmore: *t\nagain: [*t, *t]\n', 'f.yaml', 'solutions', 'solutions/f.yaml');
    expect(few.problems).toEqual([]);
    expect(few.data).toEqual({ tags: ['a', 'b'], more: ['a', 'b'], again: [['a', 'b'], ['a', 'b']] });
  });

  test('a Markdown file without front matter says what is missing', () => {
    const record = parseSource('Just text\n', 'content/blog/p.md', 'blog', 'blog/p.md');
    expect(record.problems[0]!.message).toMatch(/front matter is missing/);
  });
});

describe('front matter is data, never code', () => {
  const ran = () => (globalThis as { __frontMatterRan?: boolean }).__frontMatterRan === true;
  beforeEach(() => delete (globalThis as { __frontMatterRan?: boolean }).__frontMatterRan);

  test('a ---js front matter is refused and runs nothing', () => {
    const source = '---js\n({ id: (globalThis.__frontMatterRan = true, 1) })\n---\nx\n';
    const record = parseSource(source, 'content/blog/zz.md', 'blog', 'blog/zz.md');
    expect(ran()).toBe(false);
    expect(record.data).toBeUndefined();
    expect(record.problems).toEqual([
      { file: 'content/blog/zz.md', line: 1, column: 1, path: '', code: 'front-matter-language', severity: 'error', message: 'front matter must start with a line of exactly ---, not "---js"', hint: expect.stringMatching(/^make the first line ---/) },
    ]);
  });

  test.each(['---coffee', '---json', '--- yaml', '---javascript', '---yaml', '----'])('an opening line "%s" is refused with a located problem', (open) => {
    const record = parseSource(`${open}\n{"id": 1}\n---\nx\n`, 'content/blog/zz.md', 'blog', 'blog/zz.md');
    expect(ran()).toBe(false);
    expect(record.data).toBeUndefined();
    expect(record.problems).toHaveLength(1);
    expect(record.problems[0]).toMatchObject({ line: 1, column: 1, message: expect.stringMatching(/^front matter must start with a line of exactly ---/) });
  });

  test('front matter that is never closed is one message, instead of the YAML parser reading the whole file', () => {
    const source = '---\nid: 1\ntitle: Winter driving\n\nWinter is here: check the tires.\n\n## 1. Tires\n- Check: pressure\n';
    const record = parseSource(source, 'content/blog/zz.md', 'blog', 'blog/zz.md');
    expect(record.problems).toEqual([
      { file: 'content/blog/zz.md', line: 1, column: 1, path: '', code: 'front-matter-unclosed', severity: 'error', message: 'front matter is not closed', hint: 'add a line of exactly --- after the YAML fields, before the text' },
    ]);
  });

  test('a YAML tag naming a JavaScript type stays inert data', () => {
    const source = '---\nid: !!js/function "function () { globalThis.__frontMatterRan = true }"\n---\nx\n';
    const record = parseSource(source, 'content/blog/zz.md', 'blog', 'blog/zz.md');
    const value = (record.data as { id?: unknown } | undefined)?.id;
    if (typeof value === 'function') value();
    expect(ran()).toBe(false);
    expect(typeof value).not.toBe('function');
  });

  test('Windows line endings and a byte-order mark still split front matter and body exactly', () => {
    const record = parseSource('\uFEFF---\r\nid: 3\r\n---\r\nIntro.\r\n', 'content/blog/p.md', 'blog', 'blog/p.md');
    expect(record.problems).toEqual([]);
    expect(record.data).toEqual({ id: 3 });
    expect(record.body).toBe('Intro.\r\n');
    expect(record.bodyLine).toBe(4);
  });
});
