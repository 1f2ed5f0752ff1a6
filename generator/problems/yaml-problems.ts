// A YAML file that does not parse, as ONE located problem an author can act on. The parser
// reports a cascade (a tab in the indentation gives four errors, the first of them "Block scalar
// values in collections must be indented"); the first real mistake is what the author fixes.
import type { LineCounter, YAMLError } from 'yaml';
import { problem } from './errors.ts';
import type { Problem } from './problems.ts';

/**
 * The problem with `yamlText`, given the parser's errors. A tab in the indentation is named
 * as such wherever the parser trips over it; a key written twice names the key; anything else
 * is the parser's first complaint. `lineOffset` is the lines before the YAML (front matter).
 */
export function yamlProblem(errors: readonly YAMLError[], lineCounter: LineCounter, yamlText: string, file: string, lineOffset: number): Problem | undefined {
  const first = errors[0];
  if (!first) return undefined;
  const lines = yamlText.split('\n');
  const at = lineCounter.linePos(first.pos[0]);
  const tabs = tabIndentedLines(lines);
  if (tabs.length && (errors.some((e) => e.code === 'TAB_AS_INDENT') || tabs.includes(at.line))) {
    const [line, ...others] = tabs.map((n) => n + lineOffset);
    const column = lines[tabs[0]! - 1]!.indexOf('\t') + 1;
    return problem('yaml-tab', { file, line: line!, column }, { line: line!, others });
  }
  const place = { file, line: at.line + lineOffset, column: at.col };
  if (first.code === 'DUPLICATE_KEY') {
    const key = /^\s*(?:-\s+)?(["']?)(.*?)\1\s*:/.exec(lines[at.line - 1]?.slice(at.col - 1) ?? '')?.[2];
    if (key) return problem('yaml-duplicate-key', place, { key });
  }
  const detail = first.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
  return problem('yaml-syntax', place, { detail });
}

/** 1-based numbers of the lines whose indentation holds a tab (blank lines do not count). */
function tabIndentedLines(lines: string[]): number[] {
  const found: number[] = [];
  lines.forEach((text, i) => {
    const indent = /^[ \t]*/.exec(text)![0];
    if (indent.includes('\t') && indent.length < text.replace(/\r$/, '').length) found.push(i + 1);
  });
  return found;
}
