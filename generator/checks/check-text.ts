// Where a check's finding is written in content: the line and column of a link, an image path or a
// field in the content files' text, and the HTML decoding the rendered-page checks need. Pure.
import type { CheckInput, CheckPage } from './types.ts';
import { placeAt } from '../problems/errors.ts';
import { escapeRegExp } from '../content/text-places.ts';

export { escapeRegExp };

/** Where the first of `needles` is written: the page's own files first, then any content file; else the page's file. */
export function find(input: CheckInput, needles: string[], page: CheckPage): { file: string; line: number; column: number } {
  return locate(input, needles, page) ?? { file: page.sources[0] ?? '', line: 1, column: 1 };
}

/** Where the first of `needles` is written in content (the page's own files first), if anywhere. */
export function locate(input: CheckInput, needles: string[], page: CheckPage): { file: string; line: number; column: number } | undefined {
  const others = input.records.map((r) => r.file).filter((f) => !page.sources.includes(f));
  for (const needle of needles) {
    const boundary = new RegExp(`${escapeRegExp(needle)}(?![\\w/.-])`);
    for (const file of [...page.sources, ...others]) {
      const at = locateText(input.text(file), boundary);
      if (at) return { file, ...at };
    }
  }
  return undefined;
}

/** Line and column (1-based) where `pattern` first matches `text`, leading spaces skipped. */
export function locateText(text: string | undefined, pattern: RegExp): { line: number; column: number } | undefined {
  if (text === undefined) return undefined;
  const m = pattern.exec(text);
  if (!m) return undefined;
  return placeAt(text, m.index + (m[0].length - m[0].trimStart().length));
}

/** The text of an HTML attribute value (the inverse of escapeHtml, for the entities a renderer writes). */
export function decodeHtml(s: string): string {
  return s.replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}
