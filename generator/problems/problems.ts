// Content problems: what is wrong, where, and what to do. Kept separate from generator bugs
// so the CLI can print one without a stack and the other with one. Their words come from the
// catalogue (generator/problems/errors.ts); this module only says how a problem is held and printed.
import type { Problem } from './errors.ts';

export type { Problem };

/** Thrown when content is invalid; carries every problem found, never just the first. */
export class ContentError extends Error {
  /** `then`: what the command did not do, said after the list (a build: the previous one stays). */
  constructor(readonly problems: Problem[], options?: ErrorOptions & { then?: string }) {
    super(`${problems.length} content problem${problems.length === 1 ? '' : 's'}`, options);
    this.name = 'ContentError';
    this.then = options?.then;
  }

  readonly then: string | undefined;
}

/** counters[0].value from ['counters', 0, 'value']. */
export function formatPath(path: readonly (string | number)[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${part}` : part;
  }
  return out;
}

/** `message; hint`: the words the terminal, the overlay and the admin all show. */
export function describeProblem(p: Pick<Problem, 'message' | 'hint'>): string {
  return p.hint ? `${p.message}; ${p.hint}` : p.message;
}

/** `file:line:column  field.path: message; hint`, one line per problem. */
export function formatProblem(p: Problem): string {
  const where = `${p.file}:${p.line}:${p.column}`;
  return p.path ? `${where}  ${p.path}: ${describeProblem(p)}` : `${where}  ${describeProblem(p)}`;
}

/** By file, then line, then column: the order the terminal lists them in. */
export function sortProblems(problems: Problem[]): Problem[] {
  return problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
}
