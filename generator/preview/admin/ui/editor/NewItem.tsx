// "New": every kind `site new` makes, from a title; the file is created with the next free id or
// order and a slug from the title, then opened in the editor.
import { useEffect, useState } from 'react';
import { getJson, postJson } from './api.ts';

const NAMES: Record<string, string> = { post: 'Blog post', faq: 'FAQ', job: 'Job', solution: 'Solution', 'team-member': 'Team member', testimonial: 'Testimonial' };

export function NewItem({ writable }: { writable: boolean }) {
  const [kinds, setKinds] = useState<string[]>([]);
  const [kind, setKind] = useState('post');
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string>();
  useEffect(() => void getJson<{ kinds: string[] }>('/_admin/api/kinds').then((k) => setKinds(k.kinds), () => {}), []);
  const create = async () => {
    setError(undefined);
    try {
      const made = await postJson<{ path: string }>('/_admin/api/new', { kind, title: title.trim() || undefined });
      location.hash = `#edit?path=${encodeURIComponent(made.path)}`;
    } catch (e) {
      setError((e as Error).message);
    }
  };
  if (!kinds.length) return null;
  return (
    <form className="new-item" onSubmit={(e) => { e.preventDefault(); void create(); }} aria-labelledby="new-heading">
      <h2 id="new-heading">Create</h2>
      <div className="toolbar">
        <label htmlFor="new-kind">Kind</label>
        <select id="new-kind" value={kind} onChange={(e) => setKind(e.target.value)}>
          {kinds.map((k) => <option key={k} value={k}>{NAMES[k] ?? k}</option>)}
        </select>
        <label htmlFor="new-title">Title</label>
        <input id="new-title" type="text" value={title} onChange={(e) => setTitle(e.target.value)} aria-describedby="new-help" />
        <button type="submit" className="button button--primary" disabled={!writable}>Create</button>
      </div>
      <p id="new-help" className="field__help">The file gets the next free id or order and a name made from the title; it opens here to fill in. A post starts as a draft; a solution is added to the menus of both languages.</p>
      {error ? <p className="text-invalid" role="alert">{error}</p> : null}
    </form>
  );
}
