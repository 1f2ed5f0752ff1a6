// "Fill me" markers: `site new` writes `TODO: <what to write>` in every field an author must
// write. Each one left is a located problem ("still to write: …"), in drafts too, so a
// half-written item can never be built or published and `site validate` lists exactly what is left.
import { locate, type SourceRecord } from '../content/load.ts';
import { problem } from '../problems/errors.ts';
import { formatPath, type Problem } from '../problems/problems.ts';
import { remembered } from '../speed/memo.ts';

/** What `site new` puts in front of each field's hint. */
export const MARKER = 'TODO:';

// The marker starts a line's text: a whole value, a line of a Markdown value or body, or a
// heading or list item (`## 1. TODO: …`, `- TODO: …`).
const AT_LINE_START = /^(\s*(?:[#>*+-]+\s+)?(?:\d+\.\s+)?)TODO:\s*(.*)$/;

interface Marker { path: (string | number)[]; hint: string; lineInValue: number }

/** One record's markers: its "still to write" problems, and the fields (file and path) that hold one. */
export interface RecordMarkers {
  problems: Problem[];
  marked: string[];
}

const NONE: RecordMarkers = { problems: [], marked: [] };

/** The markers left in one record (none in a record that did not parse). */
export function recordMarkers(record: SourceRecord): RecordMarkers {
  if (record.problems.length) return NONE;
  const fields = fieldMarkers(record);
  const body = bodyMarkers(record);
  if (!fields.length && !body.length) return NONE;
  const problems: Problem[] = [];
  const marked: string[] = [];
  for (const marker of fields) {
    const at = markerPosition(record, marker);
    const path = formatPath(marker.path);
    marked.push(`${record.file}\0${path}`);
    problems.push(problem('still-to-write', { file: record.file, ...at, path }, { what: marker.hint }));
  }
  problems.push(...body);
  return { problems, marked };
}

/**
 * Adds a "still to write" problem for every marker left in `records`, and drops the other
 * problems reported at a field that holds one: a marker in `readTime` is not also "not 3 or 5".
 * `perRecord` gives each record's markers (the preview's validation keeps them: memo.ts).
 */
export function reportFillMarkers(records: readonly SourceRecord[], problems: Problem[], perRecord: (records: readonly SourceRecord[]) => readonly RecordMarkers[] = (list) => list.map(recordMarkers)): void {
  const found: Problem[] = [];
  const marked = new Set<string>();
  for (const markers of perRecord(records)) {
    if (markers === NONE) continue;
    for (const m of markers.marked) marked.add(m);
    found.push(...markers.problems);
  }
  if (!found.length) return;
  const kept = problems.filter((p) => !marked.has(`${p.file}\0${p.path}`));
  problems.splice(0, problems.length, ...kept, ...found);
}

/** Every string value of a record whose text starts a line with the marker; remembered per record, so the preview re-walks only the files an edit replaced. */
const fieldMarkers = remembered((record: SourceRecord): Marker[] => {
  const markers: Marker[] = [];
  const walk = (value: unknown, path: (string | number)[]) => {
    if (typeof value === 'string') {
      if (!value.includes(MARKER)) return;
      value.split('\n').forEach((line, i) => {
        const m = AT_LINE_START.exec(line);
        if (m) markers.push({ path, hint: m[2]!.trim(), lineInValue: i });
      });
    } else if (Array.isArray(value)) value.forEach((item, i) => walk(item, [...path, i]));
    else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) walk(item, [...path, key]);
  };
  walk(record.data, []);
  return markers;
});

/** The value's position, or for a `|` block the line that holds the marker. */
function markerPosition(record: SourceRecord, marker: Marker): { line: number; column: number } {
  const at = locate(record, marker.path);
  const source = record.yamlText.split('\n');
  const text = source[at.line - 1 - record.lineOffset] ?? '';
  if (!/^[|>]/.test(text.slice(at.column - 1))) return at;
  const line = at.line + 1 + (text[at.column - 1] === '|' ? marker.lineInValue : 0);
  const column = (source[line - 1 - record.lineOffset] ?? '').search(/\S/) + 1;
  return { line, column: Math.max(column, 1) };
}

/** Markers in a Markdown body, outside fenced code; remembered per record, or every preview edit would scan every body for the marker. */
const bodyMarkers = remembered(findBodyMarkers);

function findBodyMarkers(record: SourceRecord): Problem[] {
  if (!record.body?.includes(MARKER)) return [];
  const problems: Problem[] = [];
  let fenced = false;
  record.body.split('\n').forEach((text, i) => {
    if (/^\s*(```|~~~)/.test(text)) fenced = !fenced;
    const m = fenced ? null : AT_LINE_START.exec(text);
    if (m) problems.push(problem('still-to-write', { file: record.file, line: (record.bodyLine ?? 1) + i, column: m[1]!.length + 1, path: 'body' }, { what: m[2]!.trim() }));
  });
  return problems;
}
