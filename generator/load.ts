// content/ → raw records with source positions. Reads files, parses YAML and front matter,
// and keeps each YAML document so later stages can point at the exact line of a field.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import matter from 'gray-matter';
import { createRequire } from 'node:module';
import type { Document, LineCounter, Node } from 'yaml';
import { load as loadYaml, CORE_SCHEMA } from 'js-yaml';
import { collections, type CollectionName, type CollectionDef, isItemFile } from './collections.ts';
import type { Problem } from './problems.ts';

/** One content file, parsed but not yet validated. */
export interface SourceRecord {
  collection: CollectionName;
  /** Path shown to people: relative to the working directory, with forward slashes. */
  file: string;
  /** Path relative to the content root, e.g. blog/eld.md. */
  relPath: string;
  /** File name without extension. */
  slug: string;
  data: unknown;
  /** Markdown body (markdown collections only). */
  body?: string;
  /** 1-based line of the body's first line in the file. */
  bodyLine?: number;
  /** The YAML text (the front matter for Markdown); re-parsed with positions only to locate a problem. */
  yamlText: string;
  /** Lines in the file before the YAML starts (1 for front matter). */
  lineOffset: number;
  /** YAML syntax problems; a record with any is not validated further. */
  problems: Problem[];
}

// `yaml` (the parser that knows positions) is needed only when there is a problem to point
// at, so it is loaded then: 20 ms saved on every command that finds none.
let yamlModule: typeof import('yaml') | undefined;
const yaml = () => (yamlModule ??= createRequire(import.meta.url)('yaml') as typeof import('yaml'));

const display = (abs: string) => relative(process.cwd(), abs).split(sep).join('/');

/** Parses one file of a collection. Pure apart from the read. */
export function loadFile(contentDir: string, collection: CollectionName, relPath: string): SourceRecord {
  const abs = join(contentDir, relPath);
  const source = readFileSync(abs, 'utf8');
  return parseSource(source, display(abs), collection, relPath);
}

export function parseSource(source: string, file: string, collection: CollectionName, relPath: string): SourceRecord {
  const def: CollectionDef = collections[collection];
  const slug = relPath.split('/').pop()!.replace(/\.(md|ya?ml)$/, '');
  let yamlText = source;
  let lineOffset = 0;
  let body: string | undefined;
  let bodyLine: number | undefined;
  const problems: Problem[] = [];
  if (def.kind === 'markdown-dir') {
    // gray-matter only splits here; the front matter is parsed by `yaml` so positions survive
    // and dates stay strings (gray-matter's js-yaml would turn 2024-13-01 into a Date).
    const split = matter(source, { engines: { yaml: () => ({}) } } as Parameters<typeof matter>[1]);
    if (!/^---\r?\n/.test(source)) {
      problems.push({ file, line: 1, column: 1, path: '', message: 'front matter is missing: start the file with a line "---", the YAML fields, and another "---"' });
    }
    yamlText = split.matter.replace(/^\r?\n/, '');
    lineOffset = 1;
    body = split.content;
    const bodyStart = source.length - split.content.length;
    bodyLine = source.slice(0, bodyStart).split('\n').length;
  }
  // Values come from js-yaml (CORE schema: YAML 1.2 types, dates stay strings), about nine
  // times faster than `yaml` on front matter; `yaml` is the one that knows positions, so it
  // re-parses a file only when there is something to point at (a syntax error, a problem).
  let data: unknown;
  try {
    data = loadYaml(yamlText, { schema: CORE_SCHEMA, filename: file });
  } catch {
    const { doc, lineCounter } = parseWithPositions(yamlText);
    for (const error of doc.errors) {
      const pos = lineCounter.linePos(error.pos[0]);
      const message = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
      problems.push({ file, line: pos.line + lineOffset, column: pos.col, path: '', message: `YAML syntax: ${message}` });
    }
    if (!problems.length) data = doc.toJS({ maxAliasCount: 100 });
  }
  if (problems.length) data = undefined;
  return { collection, file, relPath, slug, data, body, bodyLine, yamlText, lineOffset, problems };
}

function parseWithPositions(yamlText: string): { doc: Document; lineCounter: LineCounter } {
  const { LineCounter, parseDocument } = yaml();
  const lineCounter = new LineCounter();
  return { doc: parseDocument(yamlText, { lineCounter, prettyErrors: false, uniqueKeys: true }), lineCounter };
}

// Documents with positions are large; keeping one per file would cost hundreds of MB on a big
// site. Problems are rare and usually cluster in one file, so the last one parsed is cached.
let lastParsed: { text: string; doc: Document; lineCounter: LineCounter } | undefined;
function positionsOf(record: SourceRecord): { doc: Document; lineCounter: LineCounter } {
  if (lastParsed?.text !== record.yamlText) lastParsed = { text: record.yamlText, ...parseWithPositions(record.yamlText) };
  return lastParsed;
}

/** Every content file of every collection, in a stable order. */
export function loadAll(contentDir: string): SourceRecord[] {
  const records: SourceRecord[] = [];
  for (const [name, def] of Object.entries(collections) as [CollectionName, CollectionDef][]) {
    for (const relPath of listCollection(contentDir, def)) records.push(loadFile(contentDir, name, relPath));
  }
  return records;
}

export function listCollection(contentDir: string, def: CollectionDef): string[] {
  if (def.kind === 'single') return exists(join(contentDir, def.path)) ? [def.path] : [];
  const dir = join(contentDir, def.path);
  if (!exists(dir)) return [];
  return readdirSync(dir)
    .map((name) => `${def.path}/${name}`)
    .filter((rel) => isItemFile(def, rel))
    .sort();
}

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Line and column of a field in a record. Walks the YAML tree as far as the path exists,
 * so a missing field points at its parent object; `atKey` points at the key instead of
 * the value (for "unknown field" problems).
 */
export function locate(record: SourceRecord, path: readonly (string | number)[], atKey = false): { line: number; column: number } {
  const { doc, lineCounter } = positionsOf(record);
  const { isMap, isSeq, isPair, isScalar } = yaml();
  let node: Node | null | undefined = doc.contents as Node | null;
  let keyNode: Node | undefined;
  for (const segment of path) {
    let next: Node | undefined;
    if (isMap(node)) {
      const pair: { key: unknown; value: unknown } | undefined = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(segment));
      if (pair) {
        keyNode = pair.key as Node;
        next = (pair.value as Node | null) ?? keyNode;
      }
    } else if (isSeq(node) && typeof segment === 'number') {
      next = node.items[segment] as Node | undefined;
      keyNode = undefined;
    }
    if (!next) break;
    node = next;
  }
  const target = atKey && keyNode ? keyNode : node;
  const offset = target?.range?.[0] ?? 0;
  const pos = lineCounter.linePos(offset);
  return { line: pos.line + record.lineOffset, column: pos.col };
}
