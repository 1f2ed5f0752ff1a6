// The controls of a schema form (form-model.ts decides which): each labelled, its schema
// description as help, its problems (the build's words) under it, and, in a translation, the
// English beside it with what changed there since the translation was stamped.
import { useId, useState, type ReactNode } from 'react';
import type { ProblemInfo } from '../../types.ts';
import { emptyValue, getIn, pathName, placeholdersIn, type FieldSpec, type Path } from './form-model.ts';
import { MarkdownField } from './markdown.tsx';
import { WordDiff } from './diff.tsx';

export interface FormOptions {
  category: string[];
  'job-category': string[];
  image: string[];
  facts: Record<string, string>;
}

export interface FieldContext {
  problems: ReadonlyMap<string, ProblemInfo[]>;
  options: FormOptions;
  onChange: (path: Path, value: unknown) => void;
  /** A translation's English values, and the English as stamped (undefined when not known). */
  english?: { now: unknown; stamped?: unknown; outdated: boolean };
  disabled: boolean;
}

/** The id of a field's control: a problem's link (#edit?…&field=faqs[0].title) focuses it. */
export const fieldId = (path: Path) => `field-${pathName(path).replace(/[^A-Za-z0-9_-]/g, '-') || 'root'}`;

export function Field({ spec, path, value, ctx }: { spec: FieldSpec; path: Path; value: unknown; ctx: FieldContext }) {
  const name = pathName(path);
  const problems = ctx.problems.get(name) ?? [];
  if (spec.control === 'group') return <Group spec={spec} path={path} value={value} ctx={ctx} problems={problems} />;
  if (spec.control === 'list') return <List spec={spec} path={path} value={value} ctx={ctx} problems={problems} />;
  if (spec.control === 'map') return <MapField spec={spec} path={path} value={value} ctx={ctx} problems={problems} />;
  return <Leaf spec={spec} path={path} value={value} ctx={ctx} problems={problems} />;
}

function Help({ id, spec }: { id: string; spec: FieldSpec }) {
  const parts = [spec.help, spec.form ? `Format: ${spec.form}.` : undefined, spec.control === 'moment' ? 'Toronto time (the site’s time zone).' : undefined].filter(Boolean);
  return parts.length ? <p className="field__help" id={id}>{parts.join(' ')}</p> : null;
}

export function Problems({ id, problems }: { id: string; problems: ProblemInfo[] }) {
  if (!problems.length) return null;
  return (
    <ul className="field__problems" id={id}>
      {problems.map((p, i) => (
        <li key={i} className={`field__problem field__problem--${p.severity}`}>
          <span>{p.message}</span>
          {p.hint ? <span className="field__fix"> Fix: {p.hint}</span> : null}
        </li>
      ))}
    </ul>
  );
}

/** A leaf's English beside it in a translation, and, when it changed since the stamp, how. */
function EnglishBeside({ path, ctx }: { path: Path; ctx: FieldContext }) {
  if (!ctx.english) return null;
  const now = getIn(ctx.english.now, path);
  const then = ctx.english.stamped === undefined ? undefined : getIn(ctx.english.stamped, path);
  const changed = ctx.english.stamped !== undefined && then !== now;
  if (now === undefined && !changed) return <div className="english english--none">Not in the English file.</div>;
  return (
    <div className={`english${changed ? ' english--changed' : ''}`} data-english-changed={changed || undefined}>
      <span className="english__label" lang="en">{changed ? 'English changed since the translation was stamped:' : 'English:'}</span>
      <span className="english__text" lang="en">{changed ? <WordDiff before={String(then ?? '')} after={String(now ?? '')} /> : String(now ?? '')}</span>
    </div>
  );
}

function Chips({ text, facts }: { text: unknown; facts: Record<string, string> }) {
  if (typeof text !== 'string') return null;
  const names = placeholdersIn(text);
  if (!names.length) return null;
  return (
    <p className="chips" aria-label="Placeholders in this text">
      {names.map((n) => (
        <span key={n} className={`chip${facts[n] === undefined ? ' chip--unknown' : ''}`}>
          <code>{`{${n}}`}</code> {facts[n] ?? 'filled in by the page'}
        </span>
      ))}
    </p>
  );
}

function Leaf({ spec, path, value, ctx, problems }: { spec: FieldSpec; path: Path; value: unknown; ctx: FieldContext; problems: ProblemInfo[] }) {
  const id = fieldId(path);
  const helpId = `${id}-help`;
  const problemsId = `${id}-problems`;
  const describedBy = [spec.help || spec.form || spec.control === 'moment' ? helpId : '', problems.length ? problemsId : ''].filter(Boolean).join(' ') || undefined;
  const set = (next: unknown) => ctx.onChange(path, next === '' && !spec.required ? undefined : next);
  const common = { id, 'aria-describedby': describedBy, 'aria-invalid': problems.some((p) => p.severity === 'error') || undefined, disabled: ctx.disabled, 'aria-required': spec.required || undefined };
  const text = value === undefined || value === null ? '' : String(value);
  let control: ReactNode;
  switch (spec.control) {
    case 'switch':
      // An optional yes/no switched off is taken out of the file (absent is no: `draft`'s "remove this line").
      control = <input {...common} type="checkbox" role="switch" className="switch" checked={value === true} onChange={(e) => ctx.onChange(path, e.target.checked ? true : spec.required ? false : undefined)} />;
      break;
    case 'number':
    case 'integer':
      control = <input {...common} type="number" inputMode={spec.control === 'integer' ? 'numeric' : 'decimal'} step={spec.control === 'integer' ? 1 : 'any'} min={spec.min} max={spec.max} value={text} onChange={(e) => set(e.target.value === '' ? '' : Number.isFinite(e.target.valueAsNumber) ? e.target.valueAsNumber : e.target.value)} />;
      break;
    case 'select':
    case 'reference': {
      const choices = spec.options ?? ctx.options[spec.names as 'category' | 'job-category'] ?? [];
      control = (
        <select {...common} value={text} onChange={(e) => set(e.target.value)}>
          {!spec.required || !choices.includes(text) ? <option value="">{text && !choices.includes(text) ? `${text} (not one that exists)` : '— none —'}</option> : null}
          {choices.map((c) => <option key={c} value={c}>{c}</option>)}
        </select>
      );
      break;
    }
    case 'date':
      control = <input {...common} type="date" value={/^\d{4}-\d{2}-\d{2}$/.test(text) ? text : ''} onChange={(e) => set(e.target.value)} />;
      break;
    case 'moment':
      control = <MomentInput common={common} value={text} onChange={set} />;
      break;
    case 'image':
      control = <ImagePicker common={common} value={text} images={ctx.options.image} onChange={set} />;
      break;
    case 'const':
      control = <output id={id} className="field__const">{String(spec.value)}</output>;
      break;
    case 'markdown':
    case 'markdown-inline':
      control = <MarkdownField common={common} value={text} inline={spec.control === 'markdown-inline'} onChange={set} label={spec.label} />;
      break;
    case 'paragraph':
      control = <textarea {...common} rows={Math.min(12, Math.max(3, Math.ceil(text.length / 70) + text.split('\n').length - 1))} value={text} onChange={(e) => set(e.target.value)} />;
      break;
    default:
      control = <input {...common} type="text" value={text} maxLength={spec.max} onChange={(e) => set(e.target.value)} />;
  }
  return (
    <div className={`field field--${spec.control}${problems.length ? ' field--problem' : ''}${ctx.english ? ' field--translated' : ''}`} data-field={pathName(path)}>
      <div className="field__own">
        <label className="field__label" htmlFor={id}>
          {spec.label}
          {spec.required ? null : <span className="field__optional"> (optional)</span>}
        </label>
        {control}
        <Help id={helpId} spec={spec} />
        <Chips text={value} facts={ctx.options.facts} />
        <Problems id={problemsId} problems={problems} />
      </div>
      <EnglishBeside path={path} ctx={ctx} />
    </div>
  );
}

/** A date and an optional time of day, written as content writes a moment: 2026-12-07 or 2026-12-07 06:00. */
function MomentInput({ common, value, onChange }: { common: Record<string, unknown>; value: string; onChange: (v: string) => void }) {
  const m = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}))?/.exec(value);
  const date = m?.[1] ?? '';
  const time = m?.[2] ?? '';
  const timeId = `${common.id as string}-time`;
  // A value the inputs cannot show (an offset, seconds) is kept as typed in a text box.
  if (value && (!m || m[0] !== value)) return <input {...common} type="text" value={value} onChange={(e) => onChange(e.target.value)} />;
  return (
    <span className="moment">
      <input {...common} type="date" value={date} onChange={(e) => onChange(e.target.value ? `${e.target.value}${time ? ` ${time}` : ''}` : '')} />
      <label className="visually-hidden" htmlFor={timeId}>Time of day (optional)</label>
      <input id={timeId} type="time" value={time} disabled={!date || (common.disabled as boolean)} aria-describedby={common['aria-describedby'] as string} onChange={(e) => onChange(`${date}${e.target.value ? ` ${e.target.value}` : ''}`)} />
    </span>
  );
}

function ImagePicker({ common, value, images, onChange }: { common: Record<string, unknown>; value: string; images: string[]; onChange: (v: string) => void }) {
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const listId = useId();
  const shown = images.filter((i) => i.includes(filter.toLowerCase())).slice(0, 60);
  return (
    <div className="picker">
      <div className="picker__row">
        {value ? <img className="picker__thumb" src={`/_admin/api/image?path=${encodeURIComponent(value)}`} alt="" /> : null}
        <input {...common} type="text" value={value} list={listId} onChange={(e) => onChange(e.target.value)} />
        <datalist id={listId}>{images.map((i) => <option key={i} value={i} />)}</datalist>
        <button type="button" className="button button--small" aria-expanded={open} onClick={() => setOpen(!open)} disabled={common.disabled as boolean}>Choose…</button>
      </div>
      {open ? (
        <div className="picker__panel">
          <label>Filter <input type="search" value={filter} onChange={(e) => setFilter(e.target.value)} /></label>
          <ul className="picker__grid">
            {shown.map((i) => (
              <li key={i}>
                <button type="button" className="picker__choice" aria-pressed={i === value} onClick={() => { onChange(i); setOpen(false); }}>
                  <img src={`/_admin/api/image?path=${encodeURIComponent(i)}`} alt="" loading="lazy" />
                  <code>{i.replace(/^images\//, '')}</code>
                </button>
              </li>
            ))}
          </ul>
          <p className="muted">Add a photo on the <a href="#photos">Photos</a> tab; it appears here.</p>
        </div>
      ) : null}
    </div>
  );
}

function Group({ spec, path, value, ctx, problems }: { spec: FieldSpec; path: Path; value: unknown; ctx: FieldContext; problems: ProblemInfo[] }) {
  const inner = spec.fields!.map((f) => <Field key={f.key} spec={f.spec} path={[...path, f.key]} value={getIn(value, [f.key])} ctx={ctx} />);
  if (!path.length) return <>{inner}</>;
  const id = fieldId(path);
  return (
    <fieldset className="group" id={id} data-field={pathName(path)}>
      <legend>{spec.label}{spec.required ? null : <span className="field__optional"> (optional)</span>}</legend>
      {spec.help ? <p className="field__help">{spec.help}</p> : null}
      <Problems id={`${id}-problems`} problems={problems} />
      {value === undefined && !spec.required ? (
        <button type="button" className="button button--small" disabled={ctx.disabled} onClick={() => ctx.onChange(path, emptyValue(spec))}>Add {spec.label.toLowerCase()}</button>
      ) : inner}
    </fieldset>
  );
}

function List({ spec, path, value, ctx, problems }: { spec: FieldSpec; path: Path; value: unknown; ctx: FieldContext; problems: ProblemInfo[] }) {
  const items = Array.isArray(value) ? value : [];
  const id = fieldId(path);
  const item = spec.item!;
  const move = (from: number, to: number) => {
    const next = [...items];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved);
    ctx.onChange(path, next);
  };
  const itemLabel = (i: number) => `${item.label} ${i + 1}`;
  return (
    <fieldset className="group group--list" id={id} data-field={pathName(path)}>
      <legend>{spec.label}{spec.required ? null : <span className="field__optional"> (optional)</span>} <span className="muted">({items.length})</span></legend>
      {spec.help ? <p className="field__help">{spec.help}</p> : null}
      <Problems id={`${id}-problems`} problems={problems} />
      <ol className="list">
        {items.map((v, i) => (
          <li key={i} className="list__item">
            <div className="list__body">
              <Field spec={{ ...item, label: itemLabel(i) }} path={[...path, i]} value={v} ctx={ctx} />
            </div>
            <div className="list__tools" role="group" aria-label={`${itemLabel(i)}: move or remove`}>
              <button type="button" className="button button--small" disabled={ctx.disabled || i === 0} onClick={() => move(i, i - 1)} aria-label={`Move ${itemLabel(i)} up`}>↑</button>
              <button type="button" className="button button--small" disabled={ctx.disabled || i === items.length - 1} onClick={() => move(i, i + 1)} aria-label={`Move ${itemLabel(i)} down`}>↓</button>
              <button type="button" className="button button--small button--danger" disabled={ctx.disabled || (spec.min !== undefined && items.length <= spec.min)} onClick={() => ctx.onChange(path, items.filter((_, j) => j !== i))} aria-label={`Remove ${itemLabel(i)}`}>Remove</button>
            </div>
          </li>
        ))}
      </ol>
      <button type="button" className="button button--small" disabled={ctx.disabled || (spec.max !== undefined && items.length >= spec.max)} onClick={() => ctx.onChange(path, [...items, emptyValue(item)])}>
        Add {item.label.toLowerCase()}
      </button>
    </fieldset>
  );
}

function MapField({ spec, path, value, ctx, problems }: { spec: FieldSpec; path: Path; value: unknown; ctx: FieldContext; problems: ProblemInfo[] }) {
  const entries = value && typeof value === 'object' && !Array.isArray(value) ? Object.entries(value as Record<string, unknown>) : [];
  const [key, setKey] = useState('');
  const id = fieldId(path);
  return (
    <fieldset className="group" id={id} data-field={pathName(path)}>
      <legend>{spec.label}</legend>
      {spec.help ? <p className="field__help">{spec.help}</p> : null}
      <Problems id={`${id}-problems`} problems={problems} />
      {entries.map(([k, v]) => <Field key={k} spec={{ ...spec.item!, label: k }} path={[...path, k]} value={v} ctx={ctx} />)}
      <div className="map__add">
        <label htmlFor={`${id}-key`}>New entry{spec.form ? ` (${spec.form})` : ''}</label>
        <input id={`${id}-key`} type="text" value={key} disabled={ctx.disabled} onChange={(e) => setKey(e.target.value)} />
        <button type="button" className="button button--small" disabled={ctx.disabled || !key.trim() || entries.some(([k]) => k === key.trim()) || key.trim() === '__proto__'} onClick={() => { ctx.onChange([...path, key.trim()], emptyValue(spec.item!)); setKey(''); }}>Add</button>
      </div>
    </fieldset>
  );
}
