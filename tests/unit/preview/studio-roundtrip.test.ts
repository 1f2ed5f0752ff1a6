// Every shipped content file through the studio's save (generator/preview/studio/files.ts): opened and
// saved unchanged, not a byte changes; one value changed, only its lines change, comments and
// order kept; a Markdown body replaced after the front matter, the front matter byte for byte.
import { describe, expect, test } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { collectionOf } from '../../../generator/content/collections.ts';
import { frontMatterParts, recordOf, savedText } from '../../../generator/preview/studio/files.ts';
import { editsBetween, setIn, type Path } from '../../../generator/preview/admin/ui/editor/form-model.ts';
import type { YamlEdit } from '../../../generator/authoring/yaml-edit.ts';
import { contentDir } from '../../helpers.ts';

const files = walk(contentDir).filter((rel) => collectionOf(rel) && /\.(ya?ml|md)$/.test(rel));

/** The first text value of a record, and its path: the field a test changes. */
function firstText(data: unknown, path: Path = []): Path | undefined {
  if (typeof data === 'string') return data.includes('\n') || data.length < 2 ? undefined : path;
  if (Array.isArray(data)) {
    for (const [i, item] of data.entries()) {
      const found = firstText(item, [...path, i]);
      if (found) return found;
    }
  } else if (data && typeof data === 'object') {
    for (const [key, value] of Object.entries(data)) {
      const found = firstText(value, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

describe('every shipped content file', () => {
  test.each(files)('%s: saved unchanged writes the same bytes; one value changed changes only its lines', (rel) => {
    const text = readFileSync(join(contentDir, rel), 'utf8');
    const markdown = rel.endsWith('.md');
    const record = recordOf(text, rel);
    expect(record.problems).toEqual([]);
    // What the form sends for an unchanged file: no edits at all.
    expect(editsBetween(record.data, structuredClone(record.data))).toEqual([]);
    expect(savedText(text, markdown, { edits: [] }).text).toBe(text);
    const path = firstText(record.data);
    if (!path) return;
    const edits = editsBetween(record.data, setIn(record.data, path, 'Changed by the studio: a test'));
    expect(edits).toHaveLength(1);
    const after = savedText(text, markdown, { edits: edits as YamlEdit[] }).text;
    const was = text.split('\n');
    const now = after.split('\n');
    expect(now.length).toBe(was.length);
    const changed = now.filter((line, i) => line !== was[i]);
    expect(changed).toHaveLength(1);
    expect(changed[0]).toContain('Changed by the studio: a test');
    // Comments and key order are the untouched lines, compared above; the value reads back.
    expect(JSON.stringify(recordOf(after, rel).data)).toBe(JSON.stringify(setIn(record.data, path, 'Changed by the studio: a test')));
  });

  test('a Markdown body is replaced after the front matter, which stays byte for byte', () => {
    const rel = files.find((f) => f.endsWith('.md'))!;
    const text = readFileSync(join(contentDir, rel), 'utf8');
    const parts = frontMatterParts(text)!;
    expect(parts.head + parts.yaml + parts.fence + parts.body).toBe(text);
    const after = savedText(text, true, { body: 'New text.\n' }).text;
    expect(after).toBe(`${parts.head}${parts.yaml}${parts.fence}New text.\n`);
    expect(recordOf(after, rel).body).toBe('New text.\n');
  });

  test('front matter with CRLF line ends, or empty, splits and joins byte for byte', () => {
    for (const text of ['---\r\ntitle: A\r\n---\r\nBody\r\n', '---\n---\nBody', '\uFEFF---\ntitle: A\n---\n']) {
      const parts = frontMatterParts(text)!;
      expect(parts.head + parts.yaml + parts.fence + parts.body).toBe(text);
    }
    expect(frontMatterParts('title: A\n')).toBeUndefined();
  });
});

function walk(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(dir, `${prefix}${e.name}/`) : [`${prefix}${e.name}`]));
}
