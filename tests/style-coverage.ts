// Which parts of the stylesheet a page needs, worked out from what it can show, for the test that
// every template's parts cover its pages (tests/unit/assets/style-parts.test.ts):
// - the classes in the page's server-rendered HTML;
// - every class its islands can render later (a dialog opened, a wizard's next step, an error),
//   read from the islands' TypeScript sources and the local files they import: the string
//   literals inside each className, not from the bundle, whose shared chunks hold other
//   islands' markup too;
// - the classes the shell script adds (classList).
// A selector is needed when the page can have every class it names (a superset: it ignores
// combinators and states, so it never misses a rule the page could match).
import { readFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { splitStylesheet } from '../generator/assets/style-parts.ts';

export interface PartSelector { part: string; selector: string; classes: string[] }

/** Every selector of every rule in the marked stylesheet, with the part it is in. */
export function selectorsOf(markedCss: string): PartSelector[] {
  const out: PartSelector[] = [];
  for (const { name, css } of splitStylesheet(markedCss).segments) {
    for (const rule of css.matchAll(/([^{}]+)\{[^{}]*\}/g)) {
      for (const selector of rule[1]!.split(',')) {
        const classes = [...selector.matchAll(/\.([a-zA-Z_][\w-]*)/g)].map((m) => m[1]!);
        if (classes.length) out.push({ part: name, selector: selector.trim(), classes });
      }
    }
  }
  return out;
}

/** The class names in an HTML document's class attributes. */
export function htmlClasses(html: string): Set<string> {
  const out = new Set<string>();
  for (const m of html.matchAll(/\sclass="([^"]*)"/g)) for (const c of m[1]!.split(/\s+/)) if (c) out.add(c);
  return out;
}

/** The string literals inside `className=…` (JSX) and classList calls of a source file. */
function sourceClasses(text: string): Set<string> {
  const out = new Set<string>();
  const words = (s: string) => { for (const w of s.split(/[^\w-]+/)) if (/^[a-zA-Z_][\w-]*$/.test(w)) out.add(w); };
  // Every quoted string, those inside a template literal's ${…} too (`hero${compact ? ' hero--compact' : ''}`),
  // and a template literal's own text around its ${…}.
  const literals = (s: string) => {
    for (const m of s.matchAll(/"([^"\\]*)"|'([^'\\]*)'/g)) words(m[1] ?? m[2]!);
    for (const m of s.matchAll(/`([^`]*)`/g)) words(m[1]!.replace(/\$\{(?:[^{}]|\{[^{}]*\})*\}/g, ' '));
  };
  for (const m of text.matchAll(/className=/g)) {
    let i = m.index! + m[0].length;
    if (text[i] === '"') { words(text.slice(i + 1, text.indexOf('"', i + 1))); continue; }
    if (text[i] !== '{') continue;
    // The balanced {…} expression.
    let depth = 0;
    const start = i;
    for (; i < text.length; i++) {
      if (text[i] === '{') depth++;
      else if (text[i] === '}' && --depth === 0) break;
    }
    literals(text.slice(start, i + 1));
  }
  for (const m of text.matchAll(/classList\.(?:add|toggle|replace)\(([^)]*)\)/g)) literals(m[1]!);
  // Props whose name says they hold a class (`className` passed down under another name).
  for (const m of text.matchAll(/\b\w*[cC]lass(?:Name)?\s*[:=]\s*("[^"]*"|'[^']*')/g)) literals(m[1]!);
  return out;
}

/** The classes a source file and the local files it imports (transitively) can render. */
export function sourceClosureClasses(file: string, seen = new Set<string>()): Set<string> {
  const out = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path) || !existsSync(path)) return;
    seen.add(path);
    const text = readFileSync(path, 'utf8');
    for (const c of sourceClasses(text)) out.add(c);
    for (const m of text.matchAll(/from\s+'(\.[^']+)'/g)) visit(resolve(dirname(path), m[1]!));
  };
  visit(file);
  return out;
}

/** The classes island `name` can render (templates/islands/<name>.tsx and what it imports). */
export function islandClasses(root: string, name: string): Set<string> {
  return sourceClosureClasses(join(root, 'templates/islands', `${name}.tsx`));
}

/** Selectors a page with these classes may match whose part is not among `included`. */
export function uncovered(selectors: readonly PartSelector[], classes: ReadonlySet<string>, included: ReadonlySet<string>): PartSelector[] {
  return selectors.filter((s) => !included.has(s.part) && s.classes.every((c) => classes.has(c)));
}
