// Where a text is in a content file: every string of a record with its field path, the line and
// column of a text inside a field (a placeholder, a phone number), and a Markdown body's lines
// outside code. For checks that point at a word, not just at its field, and two such checks of
// the text itself (control characters, a body's top headings). Pure.
import { locate, locateIn, type SourceRecord } from './load.ts';
import { problem } from '../problems/errors.ts';
import { formatPath, type Problem } from '../problems/problems.ts';

/** Every string in a record's data, with its field path. */
export function* stringsIn(value: unknown, path: (string | number)[] = []): Generator<{ path: (string | number)[]; text: string }> {
  if (typeof value === 'string') yield { path, text: value };
  else if (Array.isArray(value)) for (const [i, item] of value.entries()) yield* stringsIn(item, [...path, i]);
  else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) yield* stringsIn(item, [...path, key]);
}

/** How many earlier items equal `items[i]`: the n-th copy of a text is found at its n-th place. */
export const occurrence = (items: readonly string[], i: number) => items.slice(0, i).filter((t) => t.toLowerCase() === items[i]!.toLowerCase()).length;

/** Line and column of the `nth` copy of `needle` (in any case) in the field at `path` (load.ts locateIn). */
export function positionIn(record: SourceRecord, path: (string | number)[], needle: string, nth: number): { line: number; column: number } {
  return locateIn(record, path, needle, nth, true);
}

const FENCE = /^\s*(```|~~~)/;
const CODE_SPAN = /(`+)[^`]+?\1/g;

/** `fn` applied to each body line outside fenced code. */
export function mapProseLines(body: string, fn: (line: string) => string): string {
  let fenced = false;
  return body.split('\n').map((line) => {
    if (!FENCE.test(line)) return fenced ? line : fn(line);
    fenced = !fenced;
    return line;
  }).join('\n');
}

/** `fn` applied to the parts of a line outside `inline code`. */
export function outsideCodeSpans(line: string, fn: (text: string) => string): string {
  let out = '';
  let from = 0;
  for (const m of line.matchAll(CODE_SPAN)) {
    out += fn(line.slice(from, m.index)) + m[0];
    from = m.index + m[0].length;
  }
  return out + fn(line.slice(from));
}

/** A Markdown body's lines outside code, code spans blanked so columns stay true. */
export function proseLinesOf(record: SourceRecord): { line: number; text: string }[] {
  const lines: { line: number; text: string }[] = [];
  if (!record.body) return lines;
  let fenced = false;
  record.body.split('\n').forEach((text, i) => {
    if (FENCE.test(text)) fenced = !fenced;
    else if (!fenced) lines.push({ line: (record.bodyLine ?? 1) + i, text: text.replace(CODE_SPAN, (m) => ' '.repeat(m.length)) });
  });
  return lines;
}

/** Every match of `pattern` in a Markdown body outside code, at its line and column. */
export function proseMatches(record: SourceRecord, pattern: RegExp): { line: number; column: number; text: string }[] {
  return proseLinesOf(record).flatMap((l) => [...l.text.matchAll(pattern)].map((m) => ({ line: l.line, column: m.index + 1, text: m[0] })));
}

/**
 * Characters no page, feed or image may carry: XML 1.0 forbids them (a feed reader refuses the
 * whole feed, a social card's SVG cannot be drawn), and an editor does not show them. Raw in a
 * YAML file they are a syntax error already; these come from a YAML escape ("\u0001") or a
 * Markdown body (pasted text).
 */
const CONTROL = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const codeOf = (char: string) => `U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

/** A problem for each field, and each line of the body, holding a control character. */
export function controlCharacterProblems(record: SourceRecord): Problem[] {
  const problems: Problem[] = [];
  // Raw in YAML they are a syntax error: in its data they come only from an escape.
  if (record.yamlText.includes('\\')) for (const { path, text } of stringsIn(record.data)) {
    const found = CONTROL.exec(text);
    if (found) problems.push(problem('control-character', { file: record.file, ...locate(record, path), path: formatPath(path) }, { code: codeOf(found[0]) }));
  }
  if (record.body === undefined || !CONTROL.test(record.body)) return problems;
  record.body.split('\n').forEach((line, i) => {
    const found = CONTROL.exec(line);
    if (found) problems.push(problem('control-character', { file: record.file, line: (record.bodyLine ?? 1) + i, column: found.index + 1, path: 'body' }, { code: codeOf(found[0]) }));
  });
  return problems;
}

/**
 * A body's top headings (`# Title`, or a line underlined with `===`), outside fenced code: the
 * page's title is its one <h1>, and a second one in the text breaks the outline screen readers
 * and search engines read. One problem each, at its line.
 */
export function topHeadingProblems(record: SourceRecord): Problem[] {
  if (record.body === undefined || !/^ {0,3}(?:#(?:[ \t]|$)|=+[ \t]*$)/m.test(record.body)) return [];
  const lines = proseLinesOf(record);
  const problems: Problem[] = [];
  lines.forEach(({ line, text }, i) => {
    // A setext heading's text is the line just above its ===, if that is prose.
    const previous = lines[i - 1]?.line === line - 1 ? lines[i - 1]!.text : '';
    const atx = /^ {0,3}#(?:[ \t]|$)/.test(text);
    const setext = /^ {0,3}=+[ \t]*$/.test(text) && previous.trim() !== '' && !/^ {0,3}(?:[-*+]|\d+\.|#|>)/.test(previous);
    if (atx || setext) problems.push(problem('body-top-heading', { file: record.file, line: setext ? line - 1 : line, column: 1, path: 'body' }, {}));
  });
  return problems;
}

/** `s` matched literally in a RegExp. */
export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
