import { describe, expect, test } from 'vitest';
import { parseSource, locate } from '../../generator/load.ts';

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

  test('a Markdown file without front matter says what is missing', () => {
    const record = parseSource('Just text\n', 'content/blog/p.md', 'blog', 'blog/p.md');
    expect(record.problems[0]!.message).toMatch(/front matter is missing/);
  });
});
