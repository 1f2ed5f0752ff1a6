// The schema-to-form mapping (generator/preview/admin/ui/editor/form-model.ts): a control for every
// keyword the shipped schemas use, and the edits a changed form saves.
import { describe, expect, test } from 'vitest';
import { readdirSync } from 'node:fs';
import { editsBetween, emptyValue, fieldOf, formOf, humanise, pathName, placeholdersIn, setIn, type FieldSpec, type SchemaNode } from '../../../generator/preview/admin/ui/editor/form-model.ts';
import { resolvedSchemaOf } from '../../../generator/preview/studio/schemas.ts';
import { collectionOf } from '../../../generator/content/collections.ts';
import { contentDir } from '../../helpers.ts';

const field = (node: SchemaNode, key = 'x', required = true) => fieldOf(node, key, required);

describe('a control for each keyword', () => {
  test('title and description become the label and the help; a key without a title is made readable', () => {
    expect(field({ type: 'string', title: 'Publish at', description: 'When.' })).toMatchObject({ label: 'Publish at', help: 'When.' });
    expect(field({ type: 'string' }, 'imageAlt').label).toBe('Image alt');
    expect(humanise('employmentType')).toBe('Employment type');
  });

  test('required, from the parent\'s list', () => {
    const form = formOf({ type: 'object', required: ['a'], properties: { a: { type: 'string' }, b: { type: 'string' } } });
    expect(form.fields!.map((f) => [f.key, f.spec.required])).toEqual([['a', true], ['b', false]]);
  });

  test('enum → select, const → fixed, boolean → switch', () => {
    expect(field({ enum: ['facebook', 'linkedin'] })).toMatchObject({ control: 'select', options: ['facebook', 'linkedin'] });
    expect(field({ const: true })).toMatchObject({ control: 'const', value: true });
    expect(field({ type: 'boolean' }).control).toBe('switch');
  });

  test('integer and number, with minimum, maximum and exclusiveMinimum', () => {
    expect(field({ type: 'integer', minimum: 0, maximum: 5 })).toMatchObject({ control: 'integer', min: 0, max: 5 });
    expect(field({ type: 'integer', exclusiveMinimum: 0 })).toMatchObject({ control: 'integer', min: 1 });
    expect(field({ type: 'number' }).control).toBe('number');
  });

  test('strings: format date, a moment, an image, references, links, Markdown, one line or a paragraph', () => {
    expect(field({ type: 'string', format: 'date' }).control).toBe('date');
    expect(field((resolvedSchemaOf('jobs/x.yaml') as SchemaNode).properties!.publishAt!).control).toBe('moment');
    expect(field({ type: 'string', pattern: '^images/[a-z]+\\.svg$', 'x-check': 'image' })).toMatchObject({ control: 'image', names: 'image' });
    expect(field({ type: 'string', 'x-check': 'category' })).toMatchObject({ control: 'reference', names: 'category' });
    expect(field({ type: 'string', 'x-check': 'job-category' })).toMatchObject({ control: 'reference', names: 'job-category' });
    expect(field({ type: 'string', 'x-check': 'link' })).toMatchObject({ control: 'line', names: 'link' });
    expect(field({ type: 'string', 'x-markdown': 'block' }).control).toBe('markdown');
    expect(field({ type: 'string', 'x-markdown': 'inline' }).control).toBe('markdown-inline');
    expect(field({ type: 'string', minLength: 1 }, 'title').control).toBe('line');
    expect(field({ type: 'string', maxLength: 60 }, 'summary').control).toBe('line');
    expect(field({ type: 'string', minLength: 1 }, 'summary').control).toBe('paragraph');
    expect(field({ type: 'string', pattern: '^[a-z]+$', 'x-form': 'lowercase letters' }, 'id')).toMatchObject({ control: 'line', form: 'lowercase letters' });
  });

  test('arrays → lists with minItems and maxItems; objects → groups; a dictionary (propertyNames) → a map', () => {
    const list = field({ type: 'array', minItems: 1, maxItems: 3, items: { type: 'string' } }, 'tags');
    expect(list).toMatchObject({ control: 'list', min: 1, max: 3, item: { control: 'line', label: 'Tag' } });
    const group = field({ type: 'object', properties: { a: { type: 'boolean' } } });
    expect(group.control).toBe('group');
    const map = field({ type: 'object', minProperties: 1, propertyNames: { pattern: '^[A-Z]', 'x-form': 'a capitalised name' }, additionalProperties: { type: 'string' } } as SchemaNode);
    expect(map).toMatchObject({ control: 'map', form: 'a capitalised name', item: { control: 'paragraph' } });
  });

  test('every shipped content file\'s schema maps, and every value in the file has its field', () => {
    const files = walk(contentDir).filter((rel) => collectionOf(rel) && /\.(ya?ml|md)$/.test(rel));
    expect(files.length).toBeGreaterThan(150);
    const unmapped: string[] = [];
    for (const rel of files) {
      const schema = resolvedSchemaOf(rel);
      expect(schema, rel).toBeDefined();
      const form = formOf(schema as SchemaNode);
      expect(form.control, rel).toBe('group');
      // A key of the file's root that the form has no field for would be unreachable.
      const keys = new Set(form.fields!.map((f) => f.key));
      for (const key of Object.keys((schema as SchemaNode).properties ?? {})) if (!keys.has(key)) unmapped.push(`${rel}: ${key}`);
    }
    expect(unmapped).toEqual([]);
  });
});

describe('the edits a form saves', () => {
  const before = { title: 'A', tags: ['x', 'y', 'z'], author: { name: 'N', role: 'R' }, publishAt: '2026-12-07' };

  test('an unchanged form saves nothing', () => {
    expect(editsBetween(before, structuredClone(before))).toEqual([]);
  });

  test('a changed value is one edit at its path', () => {
    expect(editsBetween(before, setIn(before, ['author', 'name'], 'M'))).toEqual([{ path: ['author', 'name'], value: 'M' }]);
  });

  test('a removed list item moves the later ones up and removes the last; a cleared optional key is removed', () => {
    const after = { ...before, tags: ['x', 'z'], publishAt: undefined };
    expect(editsBetween(before, after)).toEqual([{ path: ['tags', 1], value: 'z' }, { path: ['tags', 2], remove: true }, { path: ['publishAt'], remove: true }]);
  });

  test('a new list item of a group is one edit per value', () => {
    const start = { faqs: [{ q: 'a', a: 'b' }] };
    expect(editsBetween(start, { faqs: [{ q: 'a', a: 'b' }, { q: 'c', a: 'd' }] })).toEqual([{ path: ['faqs', 1, 'q'], value: 'c' }, { path: ['faqs', 1, 'a'], value: 'd' }]);
  });

  test('removals come deepest and highest index first', () => {
    const edits = editsBetween({ l: [1, 2, 3, 4] }, { l: [1] });
    expect(edits).toEqual([{ path: ['l', 3], remove: true }, { path: ['l', 2], remove: true }, { path: ['l', 1], remove: true }]);
  });

  test('a new item starts with its required fields empty', () => {
    const spec: FieldSpec = field({ type: 'object', required: ['a', 'b'], properties: { a: { type: 'string' }, b: { type: 'boolean' }, c: { type: 'string' } } });
    expect(emptyValue(spec)).toEqual({ a: '', b: false });
  });

  test('field names as problems write them; placeholders found', () => {
    expect(pathName(['faqs', 0, 'title'])).toBe('faqs[0].title');
    expect(placeholdersIn('Call {phone} or {phone}, {SolutionCount} solutions, not {1}')).toEqual(['phone', 'SolutionCount']);
  });
});

function walk(dir: string, prefix = ''): string[] {
  return readdirSync(`${dir}/${prefix}`, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(dir, `${prefix}${e.name}/`) : [`${prefix}${e.name}`]));
}
