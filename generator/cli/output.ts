// How the CLI speaks: located problems without stacks, timings, sizes, and generator bugs
// with their stack and a request to report them.
import { formatProblem, type Problem } from '../problems.ts';
import type { Summary, Timing } from '../build.ts';

const tty = process.stderr.isTTY && !process.env.NO_COLOR;
const paint = (code: string, s: string) => (tty ? `\x1b[${code}m${s}\x1b[0m` : s);
export const red = (s: string) => paint('31', s);
export const green = (s: string) => paint('32', s);
export const dim = (s: string) => paint('2', s);
export const bold = (s: string) => paint('1', s);
export const yellow = (s: string) => paint('33', s);

export function printProblems(problems: Problem[]): void {
  const files = new Set(problems.map((p) => p.file)).size;
  console.error(red(bold(`✗ ${problems.length} content problem${problems.length === 1 ? '' : 's'} in ${files} file${files === 1 ? '' : 's'}:`)));
  for (const p of problems) console.error(`  ${formatProblem(p)}`);
  console.error(dim('\nNothing was written; the previous build is unchanged. Fix the lines above and run the command again.'));
}

/**
 * Warnings, after the result: located like problems, and they do not fail the command
 * (--strict makes them). On stdout with the rest of a successful run's report.
 */
export function printWarnings(warnings: Problem[], print: (line: string) => void = console.log): void {
  if (!warnings.length) return;
  print(yellow(bold(`⚠ ${warnings.length} warning${warnings.length === 1 ? '' : 's'}:`)));
  for (const p of warnings) print(`  ${formatProblem(p)}`);
}

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
