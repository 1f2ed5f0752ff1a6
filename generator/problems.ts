// Content problems: what is wrong, where, and what is expected. Kept separate from
// generator bugs so the CLI can print one without a stack and the other with one.

/** One located problem in a content file. */
export interface Problem {
  /** Path relative to the project root, e.g. content/blog/eld.md. */
  file: string;
  line: number;
  column: number;
  /** Field path inside the file, e.g. counters[0].value; empty for the whole file. */
  path: string;
  message: string;
}

/** Thrown when content is invalid; carries every problem found, never just the first. */
export class ContentError extends Error {
  constructor(readonly problems: Problem[]) {
    super(`${problems.length} content problem${problems.length === 1 ? '' : 's'}`);
    this.name = 'ContentError';
  }
}

export function formatPath(path: readonly (string | number)[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${part}` : part;
  }
  return out;
}

/** `file:line:column  field.path: message`, the format the CLI, overlay and admin share. */
export function formatProblem(p: Problem): string {
  const where = `${p.file}:${p.line}:${p.column}`;
  return p.path ? `${where}  ${p.path}: ${p.message}` : `${where}  ${p.message}`;
}

export function sortProblems(problems: Problem[]): Problem[] {
  return problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
}
