// The content types (generator/content/content-types.ts) are generated from the JSON Schemas, so the
// schemas stay the one description of content. A schema edited without regenerating fails here.
import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contentTypes, readSchemas } from '../../../generator/content/schema-types.ts';
import { root } from '../../helpers.ts';

describe('schema types', () => {
  test('generator/content/content-types.ts is what `npm run schema-types` writes from the schemas (run it after changing a schema)', () => {
    const committed = readFileSync(join(root, 'generator/content/content-types.ts'), 'utf8');
    expect(committed).toBe(contentTypes(readSchemas()));
  });

  test('a field added to a page schema becomes a typed, documented member of that page', () => {
    const schemas = readSchemas();
    const faqs = structuredClone(schemas.get('pages/faqs.schema.json')!) as { properties: Record<string, unknown>; required: string[] };
    faqs.properties.note = { $ref: '../defs.schema.json#/$defs/text', description: 'A note under the questions.' };
    faqs.required.push('note');
    schemas.set('pages/faqs.schema.json', faqs);
    const source = contentTypes(schemas);
    expect(source).toMatch(/export interface FaqsPage \{\n(?: {2}.*\n)*? {2}\/\*\* A note under the questions\. \*\/\n {2}note: string;\n\}/);
    // The committed file does not have it: a stale file is caught by the test above.
    expect(readFileSync(join(root, 'generator/content/content-types.ts'), 'utf8')).not.toContain('A note under the questions.');
  });

  test('Markdown fields take the model\'s Markdown type, and the pages holding them the parameter', () => {
    const source = contentTypes(readSchemas());
    expect(source).toMatch(/export interface CareerPage<M = Html> \{[\s\S]*?accommodation: M;/);
    expect(source).toMatch(/export interface Faq<M = Html> \{[\s\S]*?content: M;/);
    expect(source).toMatch(/ {2}career: CareerPage<M>;/);
    expect(source).toMatch(/ {2}faqs: FaqsPage;/);
  });

  test('a keyword the generator does not understand is refused, not guessed at', () => {
    const schemas = readSchemas();
    schemas.set('pages/faqs.schema.json', { ...schemas.get('pages/faqs.schema.json')!, patternProperties: { '^x-': {} } });
    expect(() => contentTypes(schemas)).toThrow(/pages\/faqs\.schema\.json: the keyword "patternProperties" is not supported/);
  });

  test('an object that accepts undeclared fields is refused: a template could read anything from it', () => {
    const schemas = readSchemas();
    const ui = structuredClone(schemas.get('ui.schema.json')!);
    delete ui.additionalProperties;
    schemas.set('ui.schema.json', ui);
    expect(() => contentTypes(schemas)).toThrow(/ui\.schema\.json: an object with properties must say additionalProperties: false/);
  });
});
