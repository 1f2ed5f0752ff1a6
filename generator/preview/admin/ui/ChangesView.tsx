// Changes: what the author changed in content/ since the last commit (git status), each file with
// its diff and a Discard, and a Commit with a message (git; never a push). Without git, the files
// changed since the preview started.
import { useEffect, useState, type RefObject } from 'react';
import type { AdminState } from '../types.ts';
import { getJson, postJson } from './editor/api.ts';
import { plural } from './common.tsx';

interface Changes {
  git: boolean;
  branch?: string;
  head?: string;
  files: { path: string; status: 'modified' | 'added' | 'deleted' | 'renamed'; diff: string }[];
}

export function ChangesView({ state, heading }: { state: AdminState; heading: RefObject<HTMLHeadingElement | null> }) {
  const [changes, setChanges] = useState<Changes>();
  const [error, setError] = useState<string>();
  const [message, setMessage] = useState('');
  const [done, setDone] = useState<string>();
  const refresh = () => getJson<Changes>('/_admin/api/changes').then((c) => { setChanges(c); setError(undefined); }, (e: Error) => setError(e.message));
  // Every rebuild may follow a save: the list is read again then.
  useEffect(() => void refresh(), [state.at]);

  const discard = async (path: string) => {
    if (!confirm(`Discard every change to ${path}? This cannot be undone.`)) return;
    try {
      await postJson('/_admin/api/discard', { path });
      setDone(`${path}: changes discarded.`);
      await refresh();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const commit = async () => {
    try {
      const { commit: hash } = await postJson<{ commit: string }>('/_admin/api/commit', { message });
      setDone(`Committed as ${hash}. Push it (or open a pull request) from your usual tool: the admin never pushes.`);
      setMessage('');
      await refresh();
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <section aria-labelledby="changes-heading">
      <h1 id="changes-heading" ref={heading} tabIndex={-1}>Changes</h1>
      <p className="lede">
        {changes?.git === false
          ? <>This folder is not in a git repository: these are the files in <code>content/</code> changed since the preview started.</>
          : <>Files in <code>content/</code> changed since the last commit{changes?.branch ? <> on <code>{changes.branch}</code></> : null}, each with its changes. Commit them here with a message; pushing stays with you.</>}
      </p>
      {error ? <p className="panel panel--invalid" role="alert">{error}</p> : null}
      {done ? <p className="panel panel--valid" role="status">{done}</p> : null}
      {!changes ? <p>Loading…</p> : !changes.files.length ? (
        <p className="panel panel--valid">✓ Nothing changed{changes.git ? ' since the last commit' : ''}{changes.head ? <>: <q>{changes.head}</q></> : null}.</p>
      ) : (
        <>
          <p>{plural(changes.files.length, 'changed file')}</p>
          <ul className="changes">
            {changes.files.map((f) => (
              <li key={f.path} className="change" data-path={f.path}>
                <div className="change__head">
                  <span className={`badge badge--${f.status === 'deleted' ? 'invalid' : f.status === 'added' ? 'valid' : 'draft'}`}>{f.status}</span>
                  {/\.(ya?ml|md)$/.test(f.path) && f.status !== 'deleted' ? <a href={`#edit?path=${encodeURIComponent(f.path)}`}><code>{f.path}</code></a> : <code>{f.path}</code>}
                  {changes.git ? <button type="button" className="button button--small button--danger push" onClick={() => discard(f.path)} disabled={!state.writable}>Discard</button> : null}
                </div>
                {f.diff ? <pre className="diff diff--lines" tabIndex={0} aria-label={`Changes to ${f.path}`}>{f.diff.split('\n').filter((l) => !/^(diff --git|index |new file mode|--- |\+\+\+ )/.test(l)).map((line, i) => <span key={i} className={`diff__line diff__line--${line.startsWith('+') ? 'added' : line.startsWith('-') ? 'removed' : line.startsWith('@@') ? 'hunk' : 'same'}`}>{line}{'\n'}</span>)}</pre> : null}
              </li>
            ))}
          </ul>
          {changes.git ? (
            <form className="commit" onSubmit={(e) => { e.preventDefault(); void commit(); }}>
              <label htmlFor="commit-message">Commit message</label>
              <textarea id="commit-message" rows={3} value={message} onChange={(e) => setMessage(e.target.value)} placeholder="e.g. New post: winter tires for fleets" />
              <button type="submit" className="button button--primary" disabled={!message.trim() || !state.writable}>Commit {plural(changes.files.length, 'file')}</button>
            </form>
          ) : null}
        </>
      )}
    </section>
  );
}
