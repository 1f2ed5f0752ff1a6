// The stylesheet in parts: each page inlines only the parts its template shows.
//
// styles/*.scss mark where a part starts with a loud comment, `/*! part:<name> */`, which Sass
// keeps in its compressed output. A name may mark several places (the `core` rules are spread over
// the partials); what comes before the first mark is `core` too. A page's stylesheet is the whole
// one with the other parts' rules left out and the marks removed, so every rule it keeps stays
// in the same order as in the whole stylesheet: the cascade among them is unchanged.
// templates/styles.ts says which parts each template needs; tests/unit/assets/style-parts.test.ts checks
// that they cover every class its pages (and their islands) can show.
//
// Why: a page shows only a small part of the whole stylesheet, which every page would inline.

/** The part every page has. */
export const CORE_PART = 'core';

const MARK = /\/\*! part:([a-z0-9-]+) \*\/\n?/;

export interface Stylesheet {
  /** The marked parts in order (a name may occur more than once). */
  segments: { name: string; css: string }[];
  /** Every part name that marks something. */
  names: ReadonlySet<string>;
  /** The stylesheet of a page with these parts (and core), in the whole stylesheet's order. */
  select(parts: readonly string[]): string;
}

let last: { css: string; sheet: Stylesheet } | undefined;

/** The parts of a compiled stylesheet (kept for the last one split: a build has one). */
export function splitStylesheet(css: string): Stylesheet {
  if (last?.css === css) return last.sheet;
  const pieces = css.split(new RegExp(MARK.source, 'g'));
  const segments = [{ name: CORE_PART, css: pieces[0]! }];
  for (let i = 1; i < pieces.length; i += 2) segments.push({ name: pieces[i]!, css: pieces[i + 1]! });
  const names = new Set(segments.map((s) => s.name));
  const chosen = new Map<string, string>();
  const sheet: Stylesheet = {
    segments,
    names,
    select(parts) {
      const key = parts.join(' ');
      let text = chosen.get(key);
      if (text === undefined) {
        // A name no mark uses selects nothing (a stylesheet without marks is all core: the tests'
        // stand-ins); that the templates' names and the marks agree is a test (style-parts.test.ts).
        const wanted = new Set([CORE_PART, ...parts]);
        text = segments.filter((s) => wanted.has(s.name)).map((s) => s.css).join('');
        chosen.set(key, text);
      }
      return text;
    },
  };
  last = { css, sheet };
  return sheet;
}

/** The whole stylesheet without its marks (every part). */
export function wholeStylesheet(css: string): string {
  return splitStylesheet(css).segments.map((s) => s.css).join('');
}
