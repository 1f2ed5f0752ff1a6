// Page copy, ui.yaml and forms.yaml are checked field by field: each page file has the schema
// of its template (generator/content/collections.ts, pageSchemas), every field is described for the
// editor, and a misspelled or missing field is a located problem instead of copy that silently
// disappears from the site.
import { afterEach, describe, expect, test } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { loadAll } from '../../../generator/content/load.ts';
import { validate } from '../../../generator/validate/validate.ts';
import { collections, pageSchemas, schemaFor, type CollectionName } from '../../../generator/content/collections.ts';
import { createAjv, schemaDir, schemaFiles } from '../../../generator/content/schemas.ts';
import { formatProblem, type Problem } from '../../../generator/problems/problems.ts';
import { contentDir, lineOf, sandbox, type Sandbox } from '../../helpers.ts';

let box: Sandbox | undefined;
afterEach(() => {
  box?.remove();
  box = undefined;
});

/** Problems with file paths as an author sees them from the project folder (content/…). */
function problemsOf(b: Sandbox): Problem[] {
  return validate(loadAll(b.content), { contentDir: b.content, includeDrafts: false }).problems.map((p) => ({ ...p, file: p.file.replace(/^.*?\bcontent\//, 'content/') }));
}

type Schema = Record<string, unknown>;
const schemas = new Map(schemaFiles().map((f) => [f, JSON.parse(readFileSync(join(schemaDir, f), 'utf8')) as Schema]));

/** The schema a $ref names, and the file it is in. */
function resolve(ref: string, from: string): { schema: Schema; file: string } {
  const [path = '', pointer = ''] = ref.split('#');
  const file = path ? relative(schemaDir, join(schemaDir, dirname(from), path)) : from;
  let node: unknown = schemas.get(file);
  for (const part of pointer.split('/').filter(Boolean)) node = (node as Schema)[part];
  return { schema: node as Schema, file };
}

/** Every field of a schema (properties at any depth), each with what the editor shows as its description. */
function fields(schema: Schema, file: string, at = ''): { path: string; description?: string }[] {
  if (typeof schema.$ref === 'string') {
    const target = resolve(schema.$ref, file);
    return fields({ ...target.schema, ...schema, $ref: undefined }, target.file, at);
  }
  const out: { path: string; description?: string }[] = [];
  for (const [key, property] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
    const path = at ? `${at}.${key}` : key;
    out.push({ path, description: described(property, file) }, ...fields(property, file, path));
  }
  if (schema.items) out.push(...fields(schema.items as Schema, file, `${at}[]`));
  return out;
}

/** A field's own description, or that of the definition it refers to (the formats of defs.schema.json, text, image…, describe no field). */
function described(schema: Schema, file: string): string | undefined {
  if (typeof schema.description === 'string') return schema.description;
  if (typeof schema.$ref !== 'string' || /^defs\.schema\.json#\/\$defs\/[^/]+$/.test(formatRef(schema.$ref, file))) return undefined;
  const target = resolve(schema.$ref, file);
  return described(target.schema, target.file);
}

/** A $ref as file#pointer relative to generator/schemas. */
function formatRef(ref: string, from: string): string {
  const [path = '', pointer = ''] = ref.split('#');
  return `${path ? relative(schemaDir, join(schemaDir, dirname(from), path)) : from}#${pointer}`;
}

/** The schema file a content file's `# yaml-language-server: $schema=…` line names, relative to generator/schemas. */
function editorSchema(rel: string): string | undefined {
  const first = readFileSync(join(contentDir, rel), 'utf8').split('\n')[0]!;
  const m = /^# yaml-language-server: \$schema=(\S+)$/.exec(first);
  return m ? relative(schemaDir, join(contentDir, dirname(rel), m[1]!)) : undefined;
}

const copySchemas = [...new Set(Object.values(pageSchemas)).values()].map((s) => `${s}.schema.json`).concat('ui.schema.json', 'forms.schema.json');

describe('page schemas', () => {
  test('every page schema, ui and forms is valid JSON Schema 2020-12', () => {
    const ajv = createAjv({ checkSchemas: true });
    for (const file of schemaFiles().filter((f) => f.startsWith('pages/'))) {
      expect(ajv.validateSchema(schemas.get(file)!), `${file}: ${ajv.errorsText()}`).toBe(true);
    }
  });

  test.each(copySchemas)('every field of %s has a description the editor shows', (file) => {
    const undescribed = fields(schemas.get(file)!, file).filter((f) => !f.description).map((f) => f.path);
    expect(undescribed).toEqual([]);
  });

  test.each(copySchemas)('%s refuses fields it does not declare, at every level', (file) => {
    const open: string[] = [];
    const walk = (schema: Schema, path: string) => {
      if (schema.properties && schema.additionalProperties !== false) open.push(path || '(top)');
      for (const [key, s] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) walk(s, `${path}.${key}`);
      if (schema.items) walk(schema.items as Schema, `${path}[]`);
    };
    walk(schemas.get(file)!, '');
    for (const def of Object.values((schemas.get('pages/common.schema.json')!.$defs ?? {}) as Record<string, Schema>)) walk(def, 'common');
    expect(open).toEqual([]);
  });

  test('every YAML file names, for the editor, the schema the build checks it with', () => {
    const wrong: string[] = [];
    for (const [name, def] of Object.entries(collections) as [CollectionName, (typeof collections)[CollectionName]][]) {
      if (def.kind === 'markdown-dir') continue;
      const files = def.kind === 'single' ? [def.path] : readdirSync(join(contentDir, def.path)).filter((f) => /\.ya?ml$/.test(f)).map((f) => `${def.path}/${f}`);
      for (const rel of files) {
        const slug = rel.split('/').pop()!.replace(/\.ya?ml$/, '');
        const expected = `${schemaFor(name, slug)}.schema.json`;
        if (editorSchema(rel) !== expected) wrong.push(`${rel}: names ${editorSchema(rel)}, checked with ${expected}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('page copy problems are located', () => {
  /** The first key under `sections:` in a page file (or its intro or text when it has none), and that key one letter short. */
  const sectionKey = (text: string) => {
    const lines = text.split('\n');
    const at = lines.findIndex((l) => l === 'sections:');
    const key = at >= 0 ? /^ {2}(\w+):/.exec(lines[at + 1]!)![1]! : /^intro:/m.test(text) ? 'intro' : 'text';
    return { key, misspelled: key.slice(0, -1), path: at >= 0 ? `sections.${key.slice(0, -1)}` : key.slice(0, -1) };
  };

  test('in every page file, a misspelled section key is a problem at that key', () => {
    box = sandbox();
    const expected: { file: string; line: number; path: string }[] = [];
    for (const page of Object.keys(pageSchemas)) {
      const rel = `pages/${page}.yaml`;
      const { key, misspelled, path } = sectionKey(box.read(rel));
      box.edit(rel, new RegExp(`^(\\s*)${key}:`, 'm'), `$1${misspelled}:`);
      expected.push({ file: `content/${rel}`, line: lineOf(box.read(rel), `${misspelled}:`), path });
    }
    const problems = problemsOf(box);
    for (const { file, line, path } of expected) {
      const unknown = problems.find((p) => p.file === file && p.path === path);
      expect(unknown && formatProblem(unknown), `${file} ${path}`).toMatch(new RegExp(`^${file}:${line}:\\d+  ${path.replace(/[.[\]]/g, '\\$&')}: is not a known field`));
    }
  });

  test('intro renamed intr in pages/solutions.yaml is a located problem (the paragraph silently disappeared)', () => {
    box = sandbox();
    // The first intro four spaces in is the solution list's (sections.list.intro).
    box.edit('pages/solutions.yaml', /^ {4}intro:/m, '    intr:');
    const line = lineOf(box.read('pages/solutions.yaml'), '    intr:');
    const lines = problemsOf(box).map(formatProblem);
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^content/pages/solutions\\.yaml:${line}:5  sections\\.list\\.intr: is not a known field`)));
  });

  test('filters renamed filter in pages/career.yaml is a located problem (the filters lost their labels and "All")', () => {
    box = sandbox();
    box.edit('pages/career.yaml', '    filters: {', '    filter: {');
    const line = lineOf(box.read('pages/career.yaml'), 'filter: {');
    // One problem, at the misspelled key (it names filters, the field that is then missing).
    const lines = problemsOf(box).map(formatProblem);
    expect(lines).toEqual([expect.stringMatching(new RegExp(`^content/pages/career\\.yaml:${line}:5  sections\\.jobs\\.filter: is not a known field.*filters`))]);
  });

  test('a field missing from forms.yaml is a located problem, not a generator failure (exit 3)', () => {
    box = sandbox();
    box.edit('forms.yaml', /^ {4}otherstate: .*\n/m, '');
    expect(problemsOf(box).map(formatProblem)).toContainEqual(expect.stringMatching(/^content\/forms\.yaml:\d+:\d+ {2}partner\.fields\.otherstate: is missing/));
  });

  test('a misspelled field name in forms.yaml is a problem at that key', () => {
    box = sandbox();
    box.edit('forms.yaml', '    fullName: {', '    fullname: {');
    const line = lineOf(box.read('forms.yaml'), 'fullname: {');
    expect(problemsOf(box).map(formatProblem)).toContainEqual(expect.stringMatching(new RegExp(`^content/forms\\.yaml:${line}:5  job\\.fields\\.fullname: is not a known field`)));
  });

  test('ui.yaml accepts only the words templates use: a misspelled key and a missing one are located', () => {
    box = sandbox();
    box.edit('ui.yaml', /^formOk:/m, 'formOK:');
    const line = lineOf(box.read('ui.yaml'), 'formOK:');
    expect(problemsOf(box).map(formatProblem)).toEqual([expect.stringMatching(new RegExp(`^content/ui\\.yaml:${line}:1  formOK: is not a known field.*formOk`))]);
    box.edit('ui.yaml', /^formOK:.*\n/m, '');
    expect(problemsOf(box).map(formatProblem)).toEqual([expect.stringMatching(/^content\/ui\.yaml:\d+:\d+ {2}formOk: is missing/)]);
  });

  test('a page file no template shows is a located problem that names the page files, and the nearest one', () => {
    box = sandbox();
    box.write('pages/careers.yaml', box.read('pages/career.yaml'));
    box.write('pages/pricing.yaml', box.read('pages/faqs.yaml'));
    const lines = problemsOf(box).map(formatProblem);
    expect(lines).toContainEqual(expect.stringMatching(/^content\/pages\/careers\.yaml:1:1 {2}is not a page of the site: no template shows careers\.yaml.*did you mean career\.yaml\?/));
    expect(lines).toContainEqual(expect.stringMatching(/^content\/pages\/pricing\.yaml:1:1 {2}is not a page of the site: no template shows pricing\.yaml.*home\.yaml/));
    expect(lines).toHaveLength(2);
  });
});
