// What a visitor gave an island's server-rendered form before its script arrived (on a phone
// on a slow connection people type at once). The island starts its state from it, so nothing
// is wiped when it hydrates and validation works on what is on screen. That is no hydration
// mismatch: React does not compare value, checked or selected when hydrating, and it keeps
// what the DOM holds. The runtime (runtime.tsx) hands each island a reader made just before
// hydrating, and puts focus and caret back after hydration.
import { createContext, useContext, useEffect, useState } from 'react';
import { TOUCHED_EARLY } from './used.ts';

/** A control as the visitor left it: text (or a select's value, a radio group's checked value), a checkbox's state, or the values of a multiple select or same-named checkboxes. */
export type PrefillValue = string | boolean | string[];

/** What the visitor changed before hydration, by control name, the control that had focus, and the controls left (blurred). */
export interface Prefill {
  values: Readonly<Record<string, PrefillValue>>;
  focused: string | null;
  touched: readonly string[];
}

const NOTHING: Prefill = { values: {}, focused: null, touched: [] };
/** The reader on the server, and for islands nobody has touched: nothing entered. */
export const noPrefill = (): Prefill => NOTHING;
type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
const CONTROLS = 'input[name], select[name], textarea[name]';
const NOT_ENTERED = new Set(['hidden', 'submit', 'button', 'reset', 'image', 'file']);

const checkable = (c: Control): c is HTMLInputElement => c instanceof HTMLInputElement && (c.type === 'checkbox' || c.type === 'radio');

/** How the server rendered a control: its default text, checked state or selected options. */
function serverState(c: Control): string {
  if (c instanceof HTMLSelectElement) return [...c.options].map((o) => o.defaultSelected).join();
  return checkable(c) ? String(c.defaultChecked) : c.defaultValue;
}

/** How the control is now, in the terms of serverState. */
function state(c: Control): string {
  if (c instanceof HTMLSelectElement) return [...c.options].map((o) => o.selected).join();
  return checkable(c) ? String(c.checked) : c.value;
}

function valueOf(group: Control[]): PrefillValue {
  const first = group[0]!;
  if (checkable(first)) {
    const checked = (group as HTMLInputElement[]).filter((c) => c.checked);
    if (first.type === 'radio') return checked[0]?.value ?? '';
    return group.length === 1 ? first.checked : checked.map((c) => c.value);
  }
  if (first instanceof HTMLSelectElement && first.multiple) return [...first.selectedOptions].map((o) => o.value);
  return first.value;
}

function controls(root: HTMLElement): Control[] {
  return [...root.querySelectorAll<Control>(CONTROLS)].filter((c) => !NOT_ENTERED.has(c.type));
}

/**
 * Notes how the server rendered the named controls inside `root` and returns a reader of what
 * the visitor has changed since, and which control has focus. Call it before hydrating: while
 * hydrating, React sets the defaults to the island's initial state (and may then have to start
 * over, reading again).
 */
export function prefillReader(root: HTMLElement): () => Prefill {
  const server = new Map(controls(root).map((c) => [c, serverState(c)]));
  return () => {
    const groups = new Map<string, Control[]>();
    for (const c of server.keys()) if (c.isConnected) groups.set(c.name, [...(groups.get(c.name) ?? []), c]);
    const values: Record<string, PrefillValue> = {};
    for (const [name, group] of groups) if (group.some((c) => state(c) !== server.get(c))) values[name] = valueOf(group);
    const active = document.activeElement as Partial<Control> | null;
    const focused = active && root.contains(active as Node) && active.name ? active.name : null;
    const touched = (root.getAttribute(TOUCHED_EARLY) ?? '').split(' ').filter(Boolean);
    return { values, focused, touched };
  };
}

/**
 * Reads the island's prefill; the runtime provides it, the server provides nothing. A reader,
 * not a value: it runs in the island's first render, so when the visitor types while React is
 * hydrating (React then starts the render over, synchronously) the newest text is read.
 */
export const PrefillContext = createContext<() => Prefill>(noPrefill);

/** What the visitor entered before hydration, read once, at the island's first render. Use it for initial state only. */
export function usePrefill(): Prefill {
  const read = useContext(PrefillContext);
  const [prefill] = useState(read);
  return prefill;
}

/**
 * Once mounted, calls `touch` with the names of the fields the visitor left before hydration
 * (the shell script noted them, used.ts TOUCHED_EARLY), if any, for the form to mark them touched
 * and validate. Read after mounting, not at the first render: a field left while React was
 * hydrating counts too, and from the mount on the island's own blur handlers see the rest.
 */
export function useTouchedEarly(touch: (names: readonly string[]) => void): void {
  const read = useContext(PrefillContext);
  useEffect(() => {
    const { touched } = read();
    if (touched.length) touch(touched);
  }, []);
}

/** The text the visitor entered in the control `name`, if any. */
export function prefilledText(prefill: Prefill, name: string): string | undefined {
  const value = prefill.values[name];
  return typeof value === 'string' ? value : undefined;
}

/** `defaults` with the text the visitor already entered in same-named controls. */
export function withPrefill<T extends Record<string, string>>(defaults: T, prefill: Prefill): T {
  const values: Record<string, string> = { ...defaults };
  for (const name of Object.keys(defaults)) values[name] = prefilledText(prefill, name) ?? values[name]!;
  return values as T;
}

/** The focused element inside an island before hydration, with its caret. */
export interface FocusMark { element: HTMLElement; selector: string | null; value: string | null; selection: [number, number, 'forward' | 'backward' | 'none'] | null }

const textual = (el: Element): el is HTMLInputElement | HTMLTextAreaElement => el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement;

/** Where focus and caret are inside `root` (null when focus is elsewhere). */
export function readFocus(root: HTMLElement): FocusMark | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === root || !root.contains(active)) return null;
  const c = active as Partial<Control>;
  const selector = active.id ? `#${CSS.escape(active.id)}`
    : c.name ? `[name="${CSS.escape(c.name)}"]${checkable(active as Control) ? `[value="${CSS.escape(c.value ?? '')}"]` : ''}` : null;
  // Some input types (email, number) have no selection API: selectionStart is null there.
  const selection = textual(active) && active.selectionStart !== null ? [active.selectionStart, active.selectionEnd ?? active.selectionStart, active.selectionDirection ?? 'none'] as FocusMark['selection'] : null;
  return { element: active, selector, value: textual(active) ? active.value : null, selection };
}

/**
 * Puts focus and caret back after hydration (React kept the element, or rendered a new one
 * with the same id or name), unless the visitor has moved on meanwhile. The caret only while
 * the text is unchanged: otherwise the visitor has typed since, and the browser's caret is right.
 */
export function restoreFocus(root: HTMLElement, mark: FocusMark | null): void {
  if (!mark) return;
  const target = root.contains(mark.element) ? mark.element : mark.selector ? root.querySelector<HTMLElement>(mark.selector) : null;
  const active = document.activeElement;
  if (!target || (active !== target && active !== null && active !== document.body)) return;
  if (active !== target) target.focus({ preventScroll: true });
  if (!mark.selection || !textual(target) || target.value !== mark.value) return;
  const [start, end, direction] = mark.selection;
  if (target.selectionStart !== start || target.selectionEnd !== end) target.setSelectionRange(start, end, direction);
}
