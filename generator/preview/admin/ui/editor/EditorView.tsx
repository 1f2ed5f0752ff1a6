// The editor (#edit?path=blog/x.md): a content file as a form made from its schema, checked as the
// author types by the build's own validation, saved with a minimal diff, the page beside it at
// 375, 768 and 1280 px. What is typed is kept in the browser until it is saved or discarded, a
// reload included; a file changed on disk meanwhile is shown, never overwritten.
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { AdminState, ProblemInfo } from '../../types.ts';
import { checkDraft, openFile, postJson, saveFile, StudioError, undoSave, type OpenedFile } from './api.ts';
import { editsBetween, formOf, getIn, pathName, setIn, type Edit, type Path } from './form-model.ts';
import { Field, fieldId, Problems, type FormOptions } from './fields.tsx';
import { LineDiff } from './diff.tsx';
import { MarkdownField } from './markdown.tsx';
import { LanguageTag, plural } from '../common.tsx';

interface Draft {
  /** The version of the file the edits were made on, and its text and values then. */
  sha256: string;
  base: { text: string; data: unknown; body: string | null };
  data: unknown;
  body: string | null;
  /** The whole text, for a file whose YAML does not read. */
  text: string | null;
  at: string;
}

const draftKey = (path: string) => `site-studio:draft:${path}`;
const readDraft = (path: string): Draft | undefined => {
  try {
    return JSON.parse(localStorage.getItem(draftKey(path)) ?? 'null') ?? undefined;
  } catch {
    return undefined;
  }
};

type Opened = OpenedFile & { options: FormOptions };

type Status =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: string; changed: boolean; undoable: boolean }
  | { kind: 'undone' }
  | { kind: 'error'; message: string };

export function EditorView({ state, path, focus, heading }: { state: AdminState; path: string; focus: string | null; heading: RefObject<HTMLHeadingElement | null> }) {
  const [file, setFile] = useState<Opened>();
  const [loadError, setLoadError] = useState<string>();
  const [data, setData] = useState<unknown>();
  const [body, setBody] = useState<string | null>(null);
  const [text, setText] = useState<string | null>(null);
  const [problems, setProblems] = useState<ProblemInfo[]>([]);
  const [checking, setChecking] = useState(false);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [conflict, setConflict] = useState<{ disk: string; diskSha: string }>();
  const [restored, setRestored] = useState<string>();

  const load = async (keepDraft = true) => {
    setLoadError(undefined);
    try {
      const opened = (await openFile(path)) as Opened;
      setFile(opened);
      const draft = keepDraft ? readDraft(path) : undefined;
      if (draft) {
        setData(draft.data);
        setBody(draft.body);
        setText(draft.text);
        setRestored(draft.at);
        if (draft.sha256 !== opened.sha256) setConflict({ disk: opened.text, diskSha: opened.sha256 });
      } else {
        setData(opened.data);
        setBody(opened.body);
        setText(opened.data === null ? opened.text : null);
        setRestored(undefined);
        setConflict(undefined);
      }
    } catch (error) {
      setLoadError((error as Error).message);
    }
  };

  useEffect(() => {
    setStatus({ kind: 'idle' });
    void load();
  }, [path]);

  // The version the edits are made on: the file as opened, or as a kept draft found it.
  const base = useMemo(() => {
    if (!file) return undefined;
    const draft = readDraft(path);
    return draft ? { sha256: draft.sha256, ...draft.base } : { sha256: file.sha256, text: file.text, data: file.data, body: file.body };
  }, [file]);

  const edits: Edit[] = useMemo(() => (file && base && data !== undefined && text === null ? editsBetween(base.data, data) : []), [file, base, data, text]);
  const bodyChanged = !!file && body !== null && base !== undefined && body !== base.body;
  const textChanged = !!file && text !== null && text !== base?.text;
  const dirty = edits.length > 0 || bodyChanged || textChanged;
  const request = () => ({ path, sha256: base?.sha256 ?? file!.sha256, ...(text !== null ? { text } : { edits, ...(bodyChanged ? { body: body! } : {}) }) });

  // Kept in the browser on every change; gone once saved or discarded.
  useEffect(() => {
    if (!file || !base) return;
    if (dirty) localStorage.setItem(draftKey(path), JSON.stringify({ sha256: base.sha256, base: { text: base.text, data: base.data, body: base.body }, data, body, text, at: new Date().toISOString() } satisfies Draft));
    else if (!conflict) localStorage.removeItem(draftKey(path));
  }, [data, body, text, dirty]);

  // Checked by the build's own validation a moment after the author stops typing.
  const checkTimer = useRef<number>(undefined);
  const checkRun = useRef(0);
  useEffect(() => {
    if (!file || conflict) return;
    window.clearTimeout(checkTimer.current);
    const run = ++checkRun.current;
    setChecking(true);
    checkTimer.current = window.setTimeout(() => {
      checkDraft(request()).then(
        (answer) => run === checkRun.current && setProblems(answer.problems),
        (error: Error) => run === checkRun.current && setProblems([{ at: { file: path, href: '' }, path: '', code: 'yaml-syntax' as never, severity: 'error', message: error.message, hint: '' }]),
      ).finally(() => run === checkRun.current && setChecking(false));
    }, 250);
    return () => window.clearTimeout(checkTimer.current);
  }, [file, data, body, text, conflict]);

  // A problem's link names its field: focus it once the form is there.
  useEffect(() => {
    if (!file || !focus) return;
    const at = `[data-field="${CSS.escape(focus)}"]`;
    // The value's own control first (a Markdown field's toolbar comes before its text area).
    const target = document.querySelector<HTMLElement>(`${at} :is(input, select, textarea)`) ?? document.querySelector<HTMLElement>(`${at} button`) ?? document.getElementById(fieldId(focus.split(/\.|\[|\]/).filter(Boolean).map((k) => (/^\d+$/.test(k) ? Number(k) : k))));
    target?.scrollIntoView({ block: 'center' });
    target?.focus();
  }, [file, focus]);

  const byField = useMemo(() => {
    const map = new Map<string, ProblemInfo[]>();
    for (const p of problems) map.set(p.path, [...(map.get(p.path) ?? []), p]);
    return map;
  }, [problems]);
  const errors = problems.filter((p) => p.severity === 'error');
  const collection = state.collections.find((c) => c.items.some((i) => i.at.file.endsWith(`content/${path}`)));
  const item = collection?.items.find((i) => i.at.file.endsWith(`content/${path}`));
  // A file every page reads (site.yaml, navigation.yaml) is shown on its language's home page.
  const home = state.pages.find((p) => p.key === '/' && p.locale === (item?.locale ?? 'en'))?.path ?? '/';
  const pages = item?.pages.length ? item.pages : collection?.single ? [home] : [];

  const whyNot = !file ? 'Loading…'
    : !file.writable ? 'This preview listens beyond this machine: start it on 127.0.0.1 (or with --allow-edits) to save'
    : conflict ? 'The file changed on disk: choose below what to keep'
    : status.kind === 'saving' ? 'Saving…'
    : !dirty ? 'No changes to save'
    : checking ? 'Checking…'
    : errors.length ? `Fix ${plural(errors.length, 'problem')} first` : undefined;

  const save = async () => {
    if (whyNot) return;
    setStatus({ kind: 'saving' });
    try {
      const saved = await saveFile(request());
      localStorage.removeItem(draftKey(path));
      await load(false);
      setStatus({ kind: 'saved', at: new Date().toISOString(), changed: saved.changed, undoable: saved.changed });
    } catch (error) {
      if (error instanceof StudioError && error.status === 409 && typeof error.body.text === 'string') {
        setConflict({ disk: error.body.text, diskSha: String(error.body.sha256) });
        setStatus({ kind: 'idle' });
      } else setStatus({ kind: 'error', message: (error as Error).message });
    }
  };

  const undo = async () => {
    try {
      await undoSave(path);
      await load(false);
      setStatus({ kind: 'undone' });
    } catch (error) {
      setStatus({ kind: 'error', message: (error as Error).message });
    }
  };

  const discard = () => {
    localStorage.removeItem(draftKey(path));
    setStatus({ kind: 'idle' });
    void load(false);
  };

  // The author's changes, made again on the version now on disk: theirs and the other editor's both kept.
  const applyOnDisk = async () => {
    const mine = edits;
    const myBody = bodyChanged ? body : null;
    localStorage.removeItem(draftKey(path));
    const opened = (await openFile(path)) as Opened;
    setFile(opened);
    setConflict(undefined);
    setRestored(undefined);
    let next = opened.data;
    for (const e of mine) next = setIn(next, e.path as Path, 'remove' in e ? undefined : e.value);
    setData(next);
    setBody(myBody ?? opened.body);
    setText(opened.data === null ? opened.text : null);
  };

  const onChange = (at: Path, value: unknown) => setData((d: unknown) => setIn(d, at, value));

  if (loadError) {
    return (
      <section aria-labelledby="edit-heading">
        <h1 id="edit-heading" ref={heading} tabIndex={-1}>Edit {path}</h1>
        <p className="panel panel--invalid" role="alert">This file cannot be opened: {loadError}</p>
        <p><a href="#content">Back to Content</a></p>
      </section>
    );
  }

  const spec = file?.schema ? formOf(file.schema) : undefined;
  const translation = file && file.locale !== 'en' && file.english ? { now: file.english.data, stamped: file.english.stamped?.data, outdated: file.upToDate === false } : undefined;
  const title = String((getIn(data, ['title']) as string | undefined) ?? (getIn(data, ['name']) as string | undefined) ?? path);

  return (
    <section aria-labelledby="edit-heading" className="editor">
      <p className="crumbs"><a href="#content">Content</a> › <code>{path}</code></p>
      <h1 id="edit-heading" ref={heading} tabIndex={-1}>
        {file && file.locale !== 'en' ? <><LanguageTag locale={file.locale} /> </> : null}
        <span lang={file?.locale}>{title}</span>
      </h1>
      {restored && !conflict ? (
        <p className="panel panel--draft" role="status">Your unsaved changes from {new Date(restored).toLocaleString('en-CA', { hour12: false })} were kept in this browser. <button type="button" className="button button--small" onClick={discard}>Discard them</button></p>
      ) : null}
      {file && file.locale !== 'en' ? <TranslationBar file={file} onDone={() => load(false)} /> : null}
      {file && file.locale === 'en' && file.translations?.length ? <TranslationsOf file={file} /> : null}
      {conflict && file ? (
        <section className="panel panel--invalid conflict" aria-labelledby="conflict-heading">
          <h2 id="conflict-heading">This file changed on disk since you started editing</h2>
          <p>Another editor (or git) saved it meanwhile. Nothing was overwritten. What changed on disk:</p>
          <LineDiff before={base?.text ?? ''} after={conflict.disk} label="The file as you opened it, against the file on disk" />
          <p>Your changes: {edits.length ? edits.map((e) => <code key={pathName(e.path as Path)} className="conflict__field">{pathName(e.path as Path)}</code>) : bodyChanged ? 'the text' : 'none'}.</p>
          <div className="toolbar">
            <button type="button" className="button button--primary" onClick={applyOnDisk}>Apply my changes to the version on disk</button>
            <button type="button" className="button button--danger" onClick={discard}>Discard my changes</button>
          </div>
        </section>
      ) : null}
      <div className="editor__layout">
        <form className="editor__form" onSubmit={(e) => { e.preventDefault(); void save(); }} aria-describedby="save-why" noValidate>
          {!file ? <p>Loading…</p> : text !== null ? (
            <div className="field">
              <label className="field__label" htmlFor="raw-text">The file's text</label>
              <p className="field__help">Its YAML does not read, so it is edited as text: fix the problem shown, save, and the form comes back.</p>
              <textarea id="raw-text" className="raw" rows={24} value={text} onChange={(e) => setText(e.target.value)} spellCheck={false} />
            </div>
          ) : spec ? (
            <Field spec={spec} path={[]} value={data} ctx={{ problems: byField, options: file.options, onChange, english: translation, disabled: !file.writable }} />
          ) : null}
          {file && file.markdown && text === null ? (
            <div className="field field--body" data-field="body">
              <span className="field__label" id="body-label">Text of the page (Markdown)</span>
              <MarkdownField common={{ id: 'field-body', 'aria-labelledby': 'body-label', 'aria-describedby': byField.get('body') ? 'field-body-problems' : undefined, 'aria-invalid': byField.get('body')?.some((p) => p.severity === 'error') || undefined, disabled: !file.writable }} value={body ?? ''} onChange={setBody} label="Text of the page" rows={18} />
              <Problems id="field-body-problems" problems={byField.get('body') ?? []} />
              {translation && file.english?.body != null ? <details className="english"><summary lang="en">English text</summary><pre lang="en">{file.english.body}</pre></details> : null}
            </div>
          ) : null}
          <FileProblems problems={problems.filter((p) => !p.path || !document.querySelector(`[data-field="${CSS.escape(p.path)}"]`))} />
          <div className="savebar">
            <button type="submit" className="button button--primary" aria-disabled={whyNot ? true : undefined} aria-describedby="save-why">Save</button>
            <span id="save-why" className="savebar__why" role="status" aria-live="polite">
              {whyNot ?? (dirty ? `${plural(edits.length + (bodyChanged ? 1 : 0) + (textChanged ? 1 : 0), 'change')} to save` : '')}
              {status.kind === 'saved' ? (status.changed ? ' · Saved: the preview is rebuilding the page.' : ' · Nothing changed, so nothing was written.') : status.kind === 'undone' ? ' · The last save was undone.' : status.kind === 'error' ? ` · Not saved: ${status.message}` : ''}
            </span>
            {status.kind === 'saved' && status.undoable ? <button type="button" className="button" onClick={undo}>Undo this save</button> : null}
            {dirty && !conflict ? <button type="button" className="button button--danger" onClick={discard}>Discard changes</button> : null}
          </div>
        </form>
        <PagePreview pages={pages} at={state.at} />
      </div>
    </section>
  );
}

function FileProblems({ problems }: { problems: ProblemInfo[] }) {
  if (!problems.length) return null;
  return (
    <div className="panel panel--invalid" data-testid="file-problems">
      <h2>{plural(problems.length, 'problem')} in this file</h2>
      <ul>{problems.map((p, i) => <li key={i}>{p.path ? <code>{p.path}</code> : null} {p.message}{p.hint ? ` Fix: ${p.hint}` : ''}</li>)}</ul>
    </div>
  );
}

const WIDTHS = [375, 768, 1280] as const;

/** The page(s) the file builds, framed at a phone's, a tablet's and a laptop's width; reloaded after each rebuild. */
function PagePreview({ pages, at }: { pages: string[]; at: string }) {
  const [width, setWidth] = useState<(typeof WIDTHS)[number]>(375);
  const [page, setPage] = useState(pages[0]);
  const box = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState(400);
  useEffect(() => setPage((p) => (p && pages.includes(p) ? p : pages[0])), [pages.join()]);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setRoom(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  if (!pages.length) return <aside className="editor__preview" ref={box}><p className="muted">This file has no page of its own: every page reads it. Open the site to see it.</p></aside>;
  const scale = Math.min(1, room / width);
  return (
    <aside className="editor__preview" aria-label="The page" ref={box}>
      <div className="toolbar">
        {pages.length > 1 ? (
          <label>Page <select value={page} onChange={(e) => setPage(e.target.value)}>{pages.map((p) => <option key={p}>{p}</option>)}</select></label>
        ) : <a href={page} target="_blank" rel="noopener"><code>{page}</code></a>}
        <span role="group" aria-label="Width" className="toolbar">
          {WIDTHS.map((w) => <button key={w} type="button" className="button button--small button--toggle" aria-pressed={w === width} onClick={() => setWidth(w)}>{w} px</button>)}
        </span>
      </div>
      <div className="frame" style={{ height: `${Math.round(900 * scale)}px` }}>
        <iframe key={`${page}|${at}`} title={`${page} at ${width} px`} src={page} style={{ width: `${width}px`, height: '900px', transform: `scale(${scale})` }} />
      </div>
    </aside>
  );
}

/** A translation's state and its two actions: mark it up to date with its English file, or see the English. */
function TranslationBar({ file, onDone }: { file: Opened; onDone: () => void }) {
  const [message, setMessage] = useState<string>();
  const stamp = async () => {
    try {
      await postJson('/_admin/api/translation', { path: file.path, action: 'stamp' });
      setMessage('Marked up to date with the English file.');
      onDone();
    } catch (error) {
      setMessage((error as Error).message);
    }
  };
  return (
    <div className={`panel ${file.upToDate ? 'panel--valid' : 'panel--draft'}`} data-testid="translation-bar">
      {file.upToDate ? (
        <>✓ Up to date with <a href={`#edit?path=${encodeURIComponent(file.english?.path ?? '')}`}><code>{file.english?.path}</code></a>.</>
      ) : file.english ? (
        <>
          The English file (<a href={`#edit?path=${encodeURIComponent(file.english.path)}`}><code>{file.english.path}</code></a>) changed since this translation was stamped.{' '}
          {file.english.stamped ? 'Fields whose English changed are marked, with the change.' : 'Its earlier version is not in git, so the changed fields cannot be told apart: compare each with the English beside it.'}{' '}
          <button type="button" className="button button--small" onClick={stamp} disabled={!file.writable}>Mark up to date</button>
        </>
      ) : (
        <>This translation has no English file: rename it or delete it.</>
      )}
      {message ? <span role="status"> {message}</span> : null}
    </div>
  );
}

/** An English file's translations: open each, or start a missing one. */
function TranslationsOf({ file }: { file: Opened }) {
  const [message, setMessage] = useState<string>();
  const start = async () => {
    try {
      const { path } = await postJson<{ path: string }>('/_admin/api/translation', { path: file.path, action: 'start' });
      location.hash = `#edit?path=${encodeURIComponent(path)}`;
    } catch (error) {
      setMessage((error as Error).message);
    }
  };
  return (
    <p className="translations-of">
      {file.translations!.map((t) => (t.exists ? (
        <a key={t.locale} className="button button--small" href={`#edit?path=${encodeURIComponent(t.path)}`}>Edit the <LanguageTag locale={t.locale} /> translation</a>
      ) : (
        <button key={t.locale} type="button" className="button button--small" onClick={start} disabled={!file.writable}>Start the <LanguageTag locale={t.locale} /> translation</button>
      )))}
      {message ? <span role="status" className="text-invalid"> {message}</span> : null}
    </p>
  );
}
