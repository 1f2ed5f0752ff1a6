// Saving a form writes the file with a minimal diff (generator/authoring/yaml-edit.ts): only the
// changed values' text changes; comments, key order, quoting, blank lines and untouched lines stay
// byte for byte; an unchanged form writes the same bytes; the result reads back as the values.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { editYaml } from '../../../generator/authoring/yaml-edit.ts';
import { contentDir } from '../../helpers.ts';

/** The lines of `after` that differ from `before`'s, by line number (files of the same length). */
const changedLines = (before: string, after: string) => {
  const [a, b] = [before.split('\n'), after.split('\n')];
  expect(b.length).toBe(a.length);
  return b.flatMap((line, i) => (line === a[i] ? [] : [[i + 1, line]]));
};

const FAQ = `# yaml-language-server: $schema=../../generator/schemas/faq.schema.json
order: 1   # first on the page
title: "What does it cost?"

content: |
  It depends on the fleet.

  Call us at {phone}.
tags: [eld, cost]
author:
  name: 'Ana Li'   # the editor
  count: 3
`;

describe('values already in the file', () => {
  test('a changed value is rewritten in its own quoting; every other byte stays', () => {
    const { text, structural } = editYaml(FAQ, [
      { path: ['title'], value: 'What does it cost, and why?' },
      { path: ['author', 'name'], value: "Ana O'Neil" },
      { path: ['author', 'count'], value: 4 },
      { path: ['order'], value: 2 },
    ]);
    expect(structural).toBe(false);
    expect(changedLines(FAQ, text)).toEqual([
      [2, 'order: 2   # first on the page'],
      [3, 'title: "What does it cost, and why?"'],
      [11, "  name: 'Ana O''Neil'   # the editor"],
      [12, '  count: 4'],
    ]);
    expect(parse(text)).toMatchObject({ order: 2, title: 'What does it cost, and why?', author: { name: "Ana O'Neil", count: 4 } });
  });

  test('a block of Markdown keeps its indentation, and its header says how its text ends', () => {
    const { text } = editYaml(FAQ, [{ path: ['content'], value: 'It depends.\n\nOne line more.\n' }]);
    expect(text).toBe(FAQ.replace('  It depends on the fleet.\n\n  Call us at {phone}.\n', '  It depends.\n\n  One line more.\n'));
    expect(parse(text).content).toBe('It depends.\n\nOne line more.\n');
    const stripped = editYaml(FAQ, [{ path: ['content'], value: 'No newline at the end' }]).text;
    expect(parse(stripped).content).toBe('No newline at the end');
    expect(stripped).toContain('content: |-\n  No newline at the end\n');
  });

  test('a plain value that would read back as something else is quoted; an unchanged form gives the same bytes', () => {
    const yaml = 'label: Fleet\ncode: ABC\n';
    const { text } = editYaml(yaml, [{ path: ['label'], value: 'true' }, { path: ['code'], value: 'A: B' }]);
    expect(text).toBe('label: "true"\ncode: "A: B"\n');
    expect(parse(text)).toEqual({ label: 'true', code: 'A: B' });
    const same = editYaml(FAQ, [{ path: ['title'], value: 'What does it cost?' }, { path: ['author', 'count'], value: 3 }]);
    expect(same.text).toBe(FAQ);
    expect(same.unchanged).toBe(2);
  });

  test('every shipped content file saved unchanged gives its very bytes, and a title edit changes one line', () => {
    for (const rel of ['site.yaml', 'navigation.yaml', 'faqs/01-benefits.yaml', 'pages/home.yaml', 'fr/pages/home.yaml', 'jobs/ux-designer.yaml']) {
      const text = readFileSync(join(contentDir, rel), 'utf8');
      expect(editYaml(text, []).text, rel).toBe(text);
    }
    const faq = readFileSync(join(contentDir, 'faqs/01-benefits.yaml'), 'utf8');
    const edited = editYaml(faq, [{ path: ['title'], value: 'A question an author changed?' }]).text;
    expect(changedLines(faq, edited)).toEqual([[faq.split('\n').findIndex((l) => l.startsWith('title:')) + 1, expect.stringMatching(/^title: "?A question an author changed\?"?$/)]]);
  });
});

test('a value not in the file yet is added through the Document API: comments and key order kept', () => {
  const { text, structural } = editYaml(FAQ, [{ path: ['publishAt'], value: '2026-12-07 06:00' }]);
  expect(structural).toBe(true);
  expect(parse(text)).toMatchObject({ publishAt: '2026-12-07 06:00', title: 'What does it cost?' });
  expect(text).toContain('order: 1 # first on the page');
  expect(text).toContain('# the editor');
  expect(text.indexOf('title:')).toBeLessThan(text.indexOf('publishAt:'));
});

test('a value with carriage returns, or 300 characters of YAML-looking text, is written so that it reads back as typed; comments stay', () => {
  const crlf = 'one\r\ntwo: three\n# not a comment';
  const long = `${'é'.repeat(150)}${'x: y #'.repeat(25)}`;
  const { text } = editYaml(FAQ, [{ path: ['title'], value: crlf }, { path: ['author', 'name'], value: long }, { path: ['content'], value: 'a\r\nb\n' }]);
  expect(parse(text)).toMatchObject({ title: crlf, author: { name: long }, content: 'a\r\nb\n', order: 1 });
  expect(text).toContain('# the editor');
  expect(text.split('\n').filter((line) => line.startsWith('# not a comment'))).toEqual([]);
});
