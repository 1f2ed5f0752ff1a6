// Small pieces every admin view uses: file links, status badges, sizes, times, problem lists.
import type { AdminState, FileRef, ItemStatus, ProblemInfo } from '../types.ts';

/** A file as a link VS Code opens; the text is the path, so any other editor can use it too. */
export function FileLink({ at, location = true }: { at: FileRef; location?: boolean }) {
  const where = location && at.line ? `:${at.line}${at.column ? `:${at.column}` : ''}` : '';
  return (
    <a className="file" href={at.href} title="Open in VS Code">
      <code>{at.file}{where}</code>
    </a>
  );
}

const STATUS_TEXT: Record<ItemStatus, string> = { valid: 'Valid', draft: 'Draft', invalid: 'Invalid' };

export function StatusBadge({ status }: { status: ItemStatus }) {
  return <span className={`badge badge--${status}`}>{STATUS_TEXT[status]}</span>;
}

export function Badge({ tone, children }: { tone: 'valid' | 'draft' | 'invalid' | 'neutral'; children: React.ReactNode }) {
  return <span className={`badge badge--${tone}`}>{children}</span>;
}

export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

export function time(iso: string): string {
  return new Date(iso).toLocaleTimeString('en-CA', { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });
}

export function dateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-CA', { dateStyle: 'medium', timeStyle: 'medium', hour12: false });
}

/** Located problems: where (file:line:column), which field, what is wrong, how to fix it (the catalogue's message and hint). */
export function ProblemList({ problems }: { problems: ProblemInfo[] }) {
  return (
    <ul className="problems">
      {problems.map((p, i) => (
        <li key={i} className="problem">
          <FileLink at={p.at} />
          {p.path ? <span className="problem__field">Field <code>{p.path}</code></span> : <span className="problem__field">Whole file</span>}
          <span className="problem__what">{p.message}</span>
          {p.hint ? <span className="problem__fix"><strong>Fix:</strong> {p.hint}</span> : null}
        </li>
      ))}
    </ul>
  );
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** What visitors of the preview see meanwhile: the last good build, or nothing if there never was one. */
export function servingNote(state: AdminState): string {
  return state.pages.length ? 'The preview keeps serving the last good build until this is fixed.' : 'The preview has no good build to serve until this is fixed.';
}
