// content/ → raw records with source positions. Reads files, parses YAML and front matter,
// and keeps each YAML document so later stages can point at the exact line of a field.
// Content is data: front matter is split here by hand and only ever parsed as YAML (gray-matter
// chose a parser from the opening line, and "---js" ran the JavaScript that followed), and no
// file is read through a symbolic link (generator/content/paths.ts).
import { closeSync, constants, fstatSync, lstatSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import type { Document, LineCounter, Node } from 'yaml';
import { load as loadYaml, CORE_SCHEMA } from 'js-yaml';
import { collections, sharedCollections, type CollectionName, type CollectionDef, isItemFile } from './collections.ts';
import { inLocale, splitLocale, translatedLocales, type Locale } from './locales.ts';
import { sha256 } from '../hash.ts';
import { displayPath as display, inspectUnder, listUnder, statusProblem } from './paths.ts';
import { placeAt, problem } from '../problems/errors.ts';
import type { Problem } from '../problems/problems.ts';
import { yamlProblem } from '../problems/yaml-problems.ts';

/** One content file, parsed but not yet validated. */
export interface SourceRecord {
  collection: CollectionName;
  /**
   * The language of its copy: from the tree it is in (content/fr/… is fr; generator/content/locales.ts).
   * The loader always sets it; a record made by hand without it is English (`localeOf`).
   */
  locale?: Locale;
  /** Path shown to people: relative to the working directory, with forward slashes. */
  file: string;
  /** Path relative to the content folder, e.g. blog/eld.md, or fr/blog/eld.md for its French copy. */
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
  /** The first 16 hex digits of the sha256 of the file's bytes. */
  digest?: string;
  /** What a translation records as its sourceHash: `digestOf` the bytes (the schedule's lines left out). */
  sourceDigest?: string;
  /** The sha256 of the file's bytes (hex): what `site build` records of the file it built from (build-state.ts). */
  sha256?: string;
  /**
   * A translation's `sourceHash` as written (undefined when the key is absent): the digest of
   * the English file it translates. Taken out of `data` before the schema check; its form is
   * checked by generator/validate/translations.ts.
   */
  sourceHash?: unknown;
}

// `yaml` (the parser that knows positions) is needed only when there is a problem to point
// at, so it is loaded then, not by every command that finds none.
let yamlModule: typeof import('yaml') | undefined;
const yaml = () => (yamlModule ??= createRequire(import.meta.url)('yaml') as typeof import('yaml'));

/**
 * Parses one file of a collection. Pure apart from the read; a file reached through a symbolic
 * link (or that is not a regular file, or is bigger than MAX_CONTENT_BYTES) becomes a record
 * with one problem and no data.
 */
export function loadFile(contentDir: string, collection: CollectionName, relPath: string, listed?: Listed): SourceRecord {
  if (listed) {
    const read = readContentFile(listed.abs);
    if (read) return recordOf(read, listed.file, collection, relPath);
  }
  const abs = join(contentDir, relPath);
  const status = inspectUnder(contentDir, relPath);
  const at = { file: display(abs), line: 1, column: 1 };
  if (status.kind !== 'file') {
    // Missing: listed a moment ago and deleted since.
    const refused = status.kind === 'missing' ? problem('missing-file', at, { what: 'content that was deleted while the site was being read; run the command again' }) : statusProblem(status, at);
    return refusedRecord(at.file, collection, relPath, refused);
  }
  const read = readContentFile(status.abs);
  // Replaced by a link or a pipe since the look: refused as the look would have refused it.
  if (!read) return refusedRecord(at.file, collection, relPath, problem('not-a-regular-file', at));
  return recordOf(read, at.file, collection, relPath);
}

function recordOf(read: ContentRead, file: string, collection: CollectionName, relPath: string): SourceRecord {
  if ('tooBig' in read) return refusedRecord(file, collection, relPath, tooBigProblem({ file, line: 1, column: 1 }, read.tooBig));
  return { ...parseSource(read.bytes.toString('utf8'), file, collection, relPath), ...hashesOf(read.bytes), sourceDigest: digestOf(read.bytes) };
}

/**
 * The most a content file may hold: 4 MiB, some 600,000 words of Markdown, far more than the
 * biggest shipped file: no page anyone writes comes near it, while a file past it is a mistake (a
 * log, a data dump or a video renamed .md). Such a file is never read: read whole, it eats memory,
 * and past 2 GiB (the most Node reads at once) it fails as a generator bug.
 */
export const MAX_CONTENT_BYTES = 4 * 1024 * 1024;

/** What reading a content file gave: its bytes, or why it was not read. */
export type ContentRead = { bytes: Buffer } | { tooBig: number };

/**
 * Reads a content file with one look at it: the last component is opened with O_NOFOLLOW (a
 * link is refused) and O_NONBLOCK (a pipe cannot hang the open), and read only if it is a
 * regular file of at most MAX_CONTENT_BYTES, and only that many bytes. Undefined when it is
 * not there or not a regular file: the caller then looks at it with `inspectUnder` for the
 * problem to report (or, for a path already looked at, reports it as not a regular file). For a
 * file a listing found (`listUnder`: every folder on the way checked, none a link) this is the
 * only look: `inspectUnder` would walk the whole path again.
 */
export function readContentFile(abs: string): ContentRead | undefined {
  let fd: number;
  try {
    fd = openSync(abs, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return undefined;
    if (stats.size > MAX_CONTENT_BYTES) return { tooBig: stats.size };
    // Exactly the size the look found: a file growing meanwhile cannot make this read more.
    const bytes = Buffer.allocUnsafeSlow(stats.size);
    let total = 0;
    while (total < bytes.length) {
      const n = readSync(fd, bytes, total, bytes.length - total, null);
      if (n === 0) break;
      total += n;
    }
    return { bytes: total === bytes.length ? bytes : bytes.subarray(0, total) };
  } finally {
    closeSync(fd);
  }
}

/** A content file over MAX_CONTENT_BYTES, as a located problem. */
export function tooBigProblem(at: { file: string; line: number; column: number }, size: number): Problem {
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toLocaleString('en-CA', { maximumFractionDigits: 1 })} MB`;
  // In bytes when its megabytes would read as the limit itself.
  const shown = mb(size) === mb(MAX_CONTENT_BYTES) ? `${size.toLocaleString('en-CA')} bytes` : mb(size);
  return problem('file-too-large', at, { size: shown, limit: mb(MAX_CONTENT_BYTES) });
}

/** A file's sha256, and its first 16 hex digits (the `digest`), from one hash. */
function hashesOf(bytes: Buffer): { digest: string; sha256: string } {
  const hex = sha256(bytes);
  return { digest: hex.slice(0, 16), sha256: hex };
}

/** A file a listing of its folder found as a regular file (`listUnder`): where it is, and its path as shown. */
export interface Listed {
  abs: string;
  file: string;
}

/**
 * The `sourceHash` a translation records: the first 16 hex digits of the sha256 of the English
 * file's bytes, its publishAt and expiresAt lines left out (a translation follows its English
 * item's times, so scheduling an item does not make its translation out of date).
 */
export function digestOf(bytes: Buffer): string {
  const text = bytes.toString('latin1');
  if (!SCHEDULE_LINE.test(text)) return sha256(bytes).slice(0, 16);
  return sha256(Buffer.from(text.replace(SCHEDULE_LINES, ''), 'latin1')).slice(0, 16);
}

const SCHEDULE_LINE = /^(?:publishAt|expiresAt):/m;
const SCHEDULE_LINES = /^(?:publishAt|expiresAt):.*(?:\r?\n|$)/gm;

function refusedRecord(file: string, collection: CollectionName, relPath: string, refused: Problem): SourceRecord {
  const slug = relPath.split('/').pop()!.replace(/\.(md|ya?ml)$/, '');
  return { collection, locale: splitLocale(relPath).locale, file, relPath, slug, data: undefined, yamlText: '', lineOffset: 0, problems: [refused] };
}

export function parseSource(source: string, file: string, collection: CollectionName, relPath: string): SourceRecord {
  const def: CollectionDef = collections[collection];
  const slug = relPath.split('/').pop()!.replace(/\.(md|ya?ml)$/, '');
  const { locale } = splitLocale(relPath);
  if (locale !== 'en' && sharedCollections.includes(collection)) {
    return refusedRecord(file, collection, relPath, problem('shared-file-translated', { file, line: 1, column: 1 }, { shared: def.path }));
  }
  let yamlText = source;
  let lineOffset = 0;
  let body: string | undefined;
  let bodyLine: number | undefined;
  if (def.kind === 'markdown-dir') {
    const split = splitFrontMatter(source, file);
    if ('problem' in split) return refusedRecord(file, collection, relPath, split.problem);
    ({ yamlText, body, bodyLine } = split);
    lineOffset = 1;
  }
  // Values come from js-yaml (CORE schema: YAML 1.2 types, dates stay strings, and no tag that
  // builds a function or a regular expression), much faster than `yaml` on front
  // matter; `yaml` is the one that knows positions, so it re-parses a file only when there is
  // something to point at (a syntax error, a problem).
  const problems: Problem[] = [];
  let data: unknown;
  try {
    data = loadYaml(yamlText, { schema: CORE_SCHEMA, filename: file });
  } catch {
    const { doc, lineCounter } = parseWithPositions(yamlText);
    const syntax = yamlProblem(doc.errors, lineCounter, yamlText, file, lineOffset);
    if (syntax) problems.push(syntax);
    else data = doc.toJS({ maxAliasCount: 100 });
  }
  // An alias is written with "*": most files have none to walk for.
  if (!problems.length && yamlText.includes('*') && expandsPast(data, MAX_VALUES)) {
    const alias = /(^|[\s,[{:-])\*[^\s,[\]{}]/m.exec(yamlText);
    const at = placeAt(yamlText, alias ? alias.index + alias[1]!.length : 0);
    problems.push(problem('yaml-aliases', { file, line: at.line + lineOffset, column: at.column }, { limit: MAX_VALUES }));
  }
  if (problems.length) data = undefined;
  const record: SourceRecord = { collection, locale, file, relPath, slug, data, body, bodyLine, yamlText, lineOffset, problems };
  return locale === 'en' ? record : takeSourceHash(record);
}

/** More values than any content file holds (the biggest, navigation.yaml, has a few hundred). */
const MAX_VALUES = 100_000;

/**
 * Whether `data`, with every alias written out, holds more than `limit` values. js-yaml shares
 * an alias's object rather than copying it, so a file of a few lines can stand for billions of
 * values (the "billion laughs"): each shared object's size is counted once and multiplied, never
 * walked again.
 */
function expandsPast(data: unknown, limit: number): boolean {
  const sizes = new Map<object, number>();
  const size = (value: unknown): number => {
    if (value === null || typeof value !== 'object') return 1;
    const known = sizes.get(value);
    if (known !== undefined) return known;
    sizes.set(value, Infinity); // a cycle (YAML cannot make one; the `yaml` fallback might): too big
    let total = 1;
    for (const item of Array.isArray(value) ? value : Object.values(value)) {
      total += size(item);
      if (total > limit) break;
    }
    sizes.set(value, total);
    return total;
  };
  return size(data) > limit;
}

/**
 * A translation without its `sourceHash` key in `data` (it is not copy: the schemas do not know
 * it), the value kept on the record. The YAML text keeps it, so positions stay true.
 */
function takeSourceHash(record: SourceRecord): SourceRecord {
  const data = record.data;
  if (!data || typeof data !== 'object' || Array.isArray(data) || !Object.hasOwn(data, 'sourceHash')) return record;
  const { sourceHash, ...rest } = data as Record<string, unknown>;
  return { ...record, data: rest, sourceHash };
}

/**
 * A Markdown file's front matter and body. The first line must be exactly "---" (a language
 * after it, as in "---js", is refused, never honoured) and the front matter ends at the next
 * line that is exactly "---". The YAML text excludes both fence lines; the body starts after
 * the closing one. Line endings may be \n or \r\n; a byte-order mark is ignored.
 */
export function splitFrontMatter(source: string, file = ''): { yamlText: string; body: string; bodyLine: number } | { problem: Problem } {
  const text = source.startsWith('\uFEFF') ? source.slice(1) : source;
  const lineEnd = (from: number) => {
    const i = text.indexOf('\n', from);
    return i < 0 ? text.length : i;
  };
  const lineAt = (from: number, end: number) => text.slice(from, end).replace(/\r$/, '');
  const firstEnd = lineEnd(0);
  const first = lineAt(0, firstEnd);
  const top = { file, line: 1, column: 1 };
  if (first !== '---') {
    if (!first.startsWith('---')) return { problem: problem('front-matter-missing', top) };
    return { problem: problem('front-matter-language', top, { first: first.length > 40 ? `${first.slice(0, 37)}…` : first }) };
  }
  const yamlStart = Math.min(firstEnd + 1, text.length);
  for (let start = yamlStart; start < text.length; ) {
    const end = lineEnd(start);
    if (lineAt(start, end) === '---') {
      const bodyStart = Math.min(end + 1, text.length);
      return {
        yamlText: text.slice(yamlStart, Math.max(yamlStart, start - 1)),
        body: text.slice(bodyStart),
        bodyLine: text.slice(0, bodyStart).split('\n').length,
      };
    }
    start = end + 1;
  }
  return { problem: problem('front-matter-unclosed', top) };
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

/** A record's language: English unless it says otherwise. */
export const localeOf = (record: Pick<SourceRecord, 'locale'>): Locale => record.locale ?? 'en';

/**
 * Every content file of every collection, in a stable order: the English ones first (so a
 * lookup of the first record of a collection finds the English one), then each translation
 * folder's. A shared file (site.yaml) found in a translation folder is loaded to be refused.
 */
export function loadAll(contentDir: string): SourceRecord[] {
  const records: SourceRecord[] = [];
  for (const locale of ['en', ...translatedLocales] as const) {
    for (const [name, def] of Object.entries(collections) as [CollectionName, CollectionDef][]) {
      for (const { relPath, listed } of listCollectionFiles(contentDir, def, locale)) records.push(loadFile(contentDir, name, relPath, listed));
    }
  }
  return records;
}

/**
 * The item files of a collection, in a stable order, and for each entry the listing found as a
 * regular file, where it is: it is then read with no further look (`readContentFile`). Entries that
 * are links (or a collection folder that is one) are listed as they are, never followed:
 * `loadFile` refuses a linked item and validation reports a linked folder.
 */
function listCollectionFiles(contentDir: string, def: CollectionDef, locale: Locale): { relPath: string; listed?: Listed }[] {
  const path = inLocale(locale, def.path);
  if (def.kind === 'single') return lstatSync(join(contentDir, path), { throwIfNoEntry: false }) ? [{ relPath: path }] : [];
  const folder = join(contentDir, path);
  const shown = display(folder);
  return listUnder(contentDir, path)
    .map((entry) => ({ entry, rel: `${def.path}/${entry.name}` }))
    .filter(({ rel }) => isItemFile(def, rel))
    .map(({ entry, rel }) => ({ relPath: inLocale(locale, rel), listed: entry.isFile() ? { abs: join(folder, entry.name), file: shown ? `${shown}/${entry.name}` : entry.name } : undefined }))
    .sort((a, b) => (a.relPath < b.relPath ? -1 : a.relPath > b.relPath ? 1 : 0));
}

/**
 * Line and column of a field in a record. Walks the YAML tree as far as the path exists,
 * so a missing field points at its parent object; `atKey` points at the key instead of
 * the value (for "unknown field" problems).
 */
export function locate(record: SourceRecord, path: readonly (string | number)[], atKey = false): { line: number; column: number } {
  const { node, keyNode, lineCounter } = nodeAt(record, path);
  const target = atKey && keyNode ? keyNode : node;
  return position(record, lineCounter, target?.range?.[0] ?? 0);
}

/**
 * Line and column of the `nth` (from 0) copy of `needle` written inside a field's value (a link
 * in a Markdown field, a placeholder, a phone number; `caseless`: in any case), so a `|` block or
 * a quoted string points at the exact character; the field's own place when the text is not
 * there as written (folded, escaped, or a fact filled in).
 */
export function locateIn(record: SourceRecord, path: readonly (string | number)[], needle: string, nth: number, caseless = false): { line: number; column: number } {
  const { node, lineCounter } = nodeAt(record, path);
  const [start, end] = node?.range ?? [0, 0];
  const text = caseless ? record.yamlText.toLowerCase() : record.yamlText;
  const sought = caseless ? needle.toLowerCase() : needle;
  let at = start - 1;
  for (let i = 0; i <= nth; i++) {
    at = text.indexOf(sought, at + 1);
    if (at < 0 || at + sought.length > end) return position(record, lineCounter, start);
  }
  return position(record, lineCounter, at);
}

// A map's pairs by key, made once per map: finding each key by a walk of its map made locating
// every key of a file with many (an unknown-field problem each) quadratic.
const pairIndex = new WeakMap<object, Map<string, { key: unknown; value: unknown }>>();
function pairsOf(node: { items: unknown[] }, isPair: (n: unknown) => boolean, isScalar: (n: unknown) => boolean): Map<string, { key: unknown; value: unknown }> {
  let index = pairIndex.get(node);
  if (!index) {
    index = new Map();
    for (const p of node.items as { key: { value?: unknown }; value: unknown }[]) {
      if (isPair(p) && isScalar(p.key) && !index.has(String(p.key.value))) index.set(String(p.key.value), p);
    }
    pairIndex.set(node, index);
  }
  return index;
}

function nodeAt(record: SourceRecord, path: readonly (string | number)[]) {
  const { doc, lineCounter } = positionsOf(record);
  const { isMap, isSeq, isPair, isScalar } = yaml();
  let node: Node | null | undefined = doc.contents as Node | null;
  let keyNode: Node | undefined;
  for (const segment of path) {
    let next: Node | undefined;
    if (isMap(node)) {
      const pair = pairsOf(node, isPair, isScalar).get(String(segment));
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
  return { node, keyNode, lineCounter };
}

function position(record: SourceRecord, lineCounter: LineCounter, offset: number): { line: number; column: number } {
  const pos = lineCounter.linePos(offset);
  return { line: pos.line + record.lineOffset, column: pos.col };
}
