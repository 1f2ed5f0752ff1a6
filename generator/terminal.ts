// How the CLI speaks: located problems without stacks, timings, sizes, and generator bugs
// with their stack and a request to report them.
import { formatProblem, type Problem } from './problems/problems.ts';
import { formatNumber } from './transform/format.ts';
import type { Summary, Timing } from './build/build.ts';

const tty = process.stderr.isTTY && !process.env.NO_COLOR;
const paint = (code: string, s: string) => (tty ? `\x1b[${code}m${s}\x1b[0m` : s);
export const red = (s: string) => paint('31', s);
export const green = (s: string) => paint('32', s);
export const dim = (s: string) => paint('2', s);
export const bold = (s: string) => paint('1', s);
export const yellow = (s: string) => paint('33', s);

/**
 * Content problems, capped by kind as warnings are (`all`: every one). `then` is what the
 * command did not do: a build leaves the previous one, validate only stops.
 */
export function printProblems(problems: Problem[], all = false, then = 'Nothing was written; the previous build is unchanged.'): void {
  const files = new Set(problems.map((p) => p.file)).size;
  console.error(red(bold(`✗ ${count(problems.length)} content problem${problems.length === 1 ? '' : 's'} in ${count(files)} file${files === 1 ? '' : 's'}:`)));
  for (const line of problemLines(problems, all)) console.error(line);
  console.error(dim(`\n${then} Fix the lines above and run the command again.`));
}

/**
 * Warnings, after the result: located like problems, and they do not fail the command
 * (--strict makes them). On stdout with the rest of a successful run's report.
 */
export function printWarnings(warnings: Problem[], print: (line: string) => void = console.log, all = false): void {
  if (!warnings.length) return;
  print(yellow(bold(`⚠ ${count(warnings.length)} warning${warnings.length === 1 ? '' : 's'}:`)));
  for (const line of warningLines(warnings, all)) print(line);
}

/** A kind with more warnings than this shows its first SHOWN_OF_A_KIND and how many more. */
export const KIND_LISTED_UP_TO = 10;
export const SHOWN_OF_A_KIND = 5;

/**
 * The lines under the warnings' heading. Every warning unless a kind has more than
 * KIND_LISTED_UP_TO: then its first SHOWN_OF_A_KIND (the order is by kind, then file and line,
 * as runChecks sorts them) and one line saying how many more, and a last line naming
 * --all-warnings. A site of thousands of untranslated posts would otherwise print thousands of
 * lines of the same advice, hiding the one broken link among them. `all` lists every one, for a
 * script or a to-do list.
 */
export function warningLines(warnings: Problem[], all = false): string[] {
  const translation = warnings.some((w) => w.code.startsWith('translation-'));
  return cappedLines(warnings, all, 'warnings', `--all-warnings lists every one${translation ? '; npx site translate status counts the French copy by collection' : ''}`);
}

/**
 * The lines of content problems, capped by kind as warnings are (warningLines): a post with
 * 50,000 broken links is a few lines, not megabytes. Sorted by file and line, so a kind's problems
 * are gathered first. `all` lists every one.
 */
export function problemLines(problems: Problem[], all = false): string[] {
  const byKind = new Map<string, Problem[]>();
  for (const p of problems) {
    const list = byKind.get(p.code);
    if (list) list.push(p);
    else byKind.set(p.code, [p]);
  }
  return cappedLines([...byKind.values()].flat(), all, 'errors', '--all-problems lists every one');
}

function cappedLines(list: Problem[], all: boolean, noun: string, every: string): string[] {
  const lines: string[] = [];
  let hidden = 0;
  for (let start = 0; start < list.length; ) {
    const code = list[start]!.code;
    let end = start;
    while (end < list.length && list[end]!.code === code) end++;
    const n = end - start;
    const shown = all || n <= KIND_LISTED_UP_TO ? n : SHOWN_OF_A_KIND;
    for (let i = start; i < start + shown; i++) lines.push(`  ${formatProblem(list[i]!)}`);
    if (shown < n) {
      lines.push(dim(`  … and ${count(n - shown)} more ${code} ${noun}`));
      hidden += n - shown;
    }
    start = end;
  }
  if (hidden) lines.push(dim(`  (${count(hidden)} not shown: ${every})`));
  return lines;
}

/** A count as the terminal writes it: 1,995. */
export const count = (n: number) => formatNumber(n, 'en-CA');

export function printBug(error: unknown): void {
  console.error(red(bold('✗ The generator failed. This is a bug in the site tool, not in your content.')));
  let current: unknown = error;
  let depth = 1;
  while (current) {
    const e = current as Error;
    console.error(`  ${depth}. ${e?.stack ?? String(current)}`);
    current = e?.cause;
    depth++;
  }
  console.error(dim('\nPlease report it with the output above.'));
}

export function printTimings(timings: Timing[]): void {
  for (const t of timings) console.log(`  ${t.stage.padEnd(10)} ${dim(`${t.ms.toFixed(0).padStart(6)} ms`)}`);
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function printSummary(summary: Summary, outDir: string, ms: number): void {
  console.log(green(`✓ Built ${summary.routes} routes, ${summary.files} files, ${kb(summary.bytes)} in ${ms.toFixed(0)} ms → ${outDir}`));
  if (summary.heaviest) {
    console.log(`  heaviest page ${summary.heaviest.path}: JS ${kb(summary.heaviest.jsGzip)} gzip, CSS ${kb(summary.heaviest.cssGzip)} gzip`);
  }
}
