// Where a text is in a content file: every string of a record with its field path, the line and
// column of a text inside a field (a placeholder, a phone number), and a Markdown body's lines
// outside code. For checks that point at a word, not just at its field. Pure.
import { locate, type SourceRecord } from './load.ts';

/** Every string in a record's data, with its field path. */
export function* stringsIn(value: unknown, path: (string | number)[] = []): Generator<{ path: (string | number)[]; text: string }> {
  if (typeof value === 'string') yield { path, text: value };
  else if (Array.isArray(value)) for (const [i, item] of value.entries()) yield* stringsIn(item, [...path, i]);
  else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) yield* stringsIn(item, [...path, key]);
}

/** How many earlier items equal `items[i]`: the n-th copy of a text is found at its n-th place. */
export const occurrence = (items: readonly string[], i: number) => items.slice(0, i).filter((t) => t.toLowerCase() === items[i]!.toLowerCase()).length;

/**
 * Line and column of the `nth` copy of `needle` in the field at `path`: the field's own position,
 * then a search of the YAML text from there, so a `|` block or a quoted string points at the
 * exact character. Falls back to the field when the text is written another way (escapes).
 */
export function positionIn(record: SourceRecord, path: (string | number)[], needle: string, nth: number): { line: number; column: number } {
  const at = locate(record, path);
  const lines = record.yamlText.split('\n');
  let offset = lines.slice(0, at.line - 1 - record.lineOffset).reduce((sum, l) => sum + l.length + 1, 0) + at.column - 1;
  const source = record.yamlText.toLowerCase();
  for (let n = 0; n <= nth && offset >= 0; n++) offset = source.indexOf(needle.toLowerCase(), n ? offset + 1 : offset);
  if (offset < 0) return at;
  const before = record.yamlText.slice(0, offset).split('\n');
  return { line: before.length + record.lineOffset, column: before.at(-1)!.length + 1 };
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
