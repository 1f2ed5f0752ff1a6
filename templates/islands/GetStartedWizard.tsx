// /get-started: the three-step wizard. Step 1 fleet size, step 2 industry (radio groups, arrow
// keys move between options; Next stays disabled until one is chosen; Back keeps answers),
// step 3 contact details (submit disabled and dimmed until all five fields have text; the
// shared Yup schema validates; errors show under their fields; the first invalid gets focus).
// Without JavaScript the server's markup is one plain form with all three steps. Answers given
// there before hydration are kept (lib/prefill.ts), and the wizard opens at the step the
// visitor was on, as far as the earlier steps are answered. On a French page the choices show
// French labels (« 400 - 3 900 », « Livraison ») but post the schema's English values, which
// sales read in every language; messages, the lead's language and /fr/Thanks follow `locale`.
//
// Formik and Yup are not in the code that hydrates the wizard: it hydrates a shell that
// renders the very same markup from a plain state (the steps work: choosing, Next, Back) and
// imports lib/WizardEngine.tsx, Formik with the schema, on the visitor's first use of the form
// (focus, a press, a key or input inside it). The engine then takes over the same view, starting
// from the shell's values, step and touched fields, and focus and caret are put back (its
// elements are new: React cannot hand a subtree from one component to another). It never takes
// over while a pointer or key is down, so a press that started on the shell's element ends as
// a click or key press on it.
// A submit before the engine is in (Enter, at once) waits for it and is then sent by it.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ChangeEvent, type FocusEvent, type FormEvent, type ReactNode, type RefObject } from 'react';
import { VEHICLE_RANGES, INDUSTRIES, VEHICLE_RANGE_LABELS, INDUSTRY_LABELS } from '../../common/lead/rules.ts';
import { ErrorPopup } from './lib/ErrorPopup.tsx';
import { keepFieldFocus } from './lib/FormField.tsx';
import { readFocus, restoreFocus, usePrefill, useTouchedEarly, withPrefill, type FocusMark } from './lib/prefill.ts';
import { fillCounts, LocaleInput, type LocaleProp } from './lib/locale.tsx';
import { NewsOptIn } from './lib/NewsOptIn.tsx';
import { whenUsed } from './lib/used.ts';
import { CONTACT, EMPTY, type EngineProps, type WizardState, type WizardValues } from './lib/wizard-model.ts';


export interface WizardCopy {
  steps: string[]; stepLabel: string; vehicles: string; industry: string; contact: string;
  next: string; back: string; submit: string; sending: string; privacyHtml: string;
  fields: Record<'firstName' | 'lastName' | 'phone' | 'email' | 'companyName', { label: string; placeholder: string }>;
  error: string; ok: string;
}
interface Props extends LocaleProp {
  copy: WizardCopy; endpoint: string; thanks: string;
  /** The optional news-and-offers box's label (forms.yaml newsOptIn). */
  newsOptIn?: string;
}

const TYPES: Record<(typeof CONTACT)[number], string> = { firstName: 'text', lastName: 'text', phone: 'tel', email: 'email', companyName: 'text' };
type Values = WizardValues;

type Engine = typeof import('./lib/WizardEngine.tsx');

/** The step to open at: the one of the focused field, but never past the first unanswered question. */
export function resumeStep(values: Values, focused: string | null): number {
  const unanswered = !values.vehicles ? 0 : !values.industry ? 1 : 2;
  const at = focused === 'vehicles' ? 0 : focused === 'industry' ? 1 : (CONTACT as readonly (string | null)[]).includes(focused) ? 2 : unanswered;
  return Math.min(at, unanswered);
}

/** The options in the schema's order, each value with its label in the page's language. */
function labelled<V extends string>(values: readonly V[], labels: Readonly<Record<V, string>>): [value: V, label: string][] {
  return values.map((v) => [v, labels[v]]);
}

const AUTOCOMPLETE: Record<(typeof CONTACT)[number], string> = { firstName: 'given-name', lastName: 'family-name', phone: 'tel', email: 'email', companyName: 'organization' };

/** Resolves once no mouse button, finger or key is down (at once if none is), in a task of its own. */
function released(held: () => boolean): Promise<void> {
  if (!held()) return Promise.resolve();
  return new Promise((resolve) => {
    const check = () => {
      if (held()) return;
      for (const type of ['pointerup', 'pointercancel', 'keyup', 'blur'] as const) removeEventListener(type, check, true);
      // The click or key activation that ends the press is dispatched right after, in the same task.
      setTimeout(resolve);
    };
    for (const type of ['pointerup', 'pointercancel', 'keyup', 'blur'] as const) addEventListener(type, check, true);
  });
}

/** A selector for `element` by its place under `root` (the engine renders the same markup, so the same place). */
function placeOf(root: Element, element: Element): string | null {
  const steps: string[] = [];
  for (let el: Element | null = element; el && el !== root; el = el.parentElement) {
    if (!el.parentElement) return null;
    steps.unshift(`:nth-child(${[...el.parentElement.children].indexOf(el) + 1})`);
  }
  return steps.length ? `:scope > ${steps.join(' > ')}` : null;
}

export default function GetStartedWizard({ copy, endpoint, thanks, locale = 'en', newsOptIn: newsOptInLabel }: Props) {
  const [live, setLive] = useState(false);
  const [step, setStep] = useState(0);
  const [failed, setFailed] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const prefill = usePrefill();
  // The shell's state, until the engine takes over (then the engine's Formik holds it).
  const [values, setValues] = useState(() => withPrefill(EMPTY, prefill));
  const [touched, setTouched] = useState<WizardState['touched']>({});
  const [engine, setEngine] = useState<Engine | null>(null);
  const [submitNow, setSubmitNow] = useState(false);
  // Where focus and caret were, and the news box (uncontrolled), as the shell's elements leave.
  const handover = useRef<{ focus: FocusMark | null; news: boolean }>({ focus: null, news: false });
  // Pointers and keys down in the form now: the engine waits until they are up (see released).
  const down = useRef({ pointer: false, keys: new Set<string>() });
  const loading = useRef<Promise<void> | null>(null);

  const load = useCallback(() => {
    loading.current ??= import('./lib/WizardEngine.tsx').then(
      async (module) => {
        await released(() => down.current.pointer || down.current.keys.size > 0);
        setEngine(() => module);
      },
      (error: unknown) => {
        loading.current = null;
        throw error;
      },
    );
    return loading.current;
  }, []);

  useEffect(() => {
    setLive(true);
    setStep(resumeStep(values, prefill.focused));
    const form = formRef.current!;
    const press = () => (down.current.pointer = true);
    const lift = () => (down.current.pointer = false);
    const key = (event: KeyboardEvent) => void down.current.keys.add(event.code);
    const keyUp = (event: KeyboardEvent) => void down.current.keys.delete(event.code);
    const blur = () => down.current.keys.clear();
    form.addEventListener('pointerdown', press, true);
    form.addEventListener('keydown', key, true);
    addEventListener('pointerup', lift, true);
    addEventListener('pointercancel', lift, true);
    addEventListener('keyup', keyUp, true);
    addEventListener('blur', blur);
    const report = (error: unknown) => console.error('[island GetStartedWizard] could not load its form code:', error);
    // A visitor already in the form when it hydrated has used it.
    const stop = prefill.focused || form.contains(document.activeElement) ? (load().catch(report), () => undefined) : whenUsed(form, () => load().catch(report));
    return () => {
      stop();
      form.removeEventListener('pointerdown', press, true);
      form.removeEventListener('keydown', key, true);
      removeEventListener('pointerup', lift, true);
      removeEventListener('pointercancel', lift, true);
      removeEventListener('keyup', keyUp, true);
      removeEventListener('blur', blur);
    };
  }, []);
  // Contact fields left before hydration are touched, and the engine comes at once to show their
  // errors, as it would have come with the first focus had the script been there.
  useTouchedEarly((names) => {
    const left = CONTACT.filter((name) => names.includes(name));
    if (!left.length) return;
    setTouched((t) => ({ ...Object.fromEntries(left.map((name) => [name, true])), ...t }));
    load().catch((error: unknown) => console.error('[island GetStartedWizard] could not load its form code:', error));
  });
  // Focus, caret and the news box are read as the engine's first render begins, from the shell's
  // elements still in place: that render and its commit run in one task (an update outside a
  // transition is not time-sliced), so no key can move focus between this reading and the swap.
  // Read when the module arrived instead, a Tab pressed before the render landed was undone.
  const readFor = useRef<Engine | null>(null);
  if (engine && readFor.current !== engine) {
    readFor.current = engine;
    const form = formRef.current;
    const focus = form ? readFocus(form) : null;
    // By place, not by id or name: a button (Next, Back) has neither.
    if (focus && form) focus.selector = placeOf(form, focus.element) ?? focus.selector;
    handover.current = { focus, news: !!form?.querySelector<HTMLInputElement>('input[name="newsOptIn"]')?.checked };
  }
  // The engine's elements replace the shell's: focus and caret go back where they were.
  useLayoutEffect(() => {
    const form = formRef.current;
    if (!engine || !form) return;
    const news = form.querySelector<HTMLInputElement>('input[name="newsOptIn"]');
    if (news) news.checked = handover.current.news;
    restoreFocus(form, handover.current.focus);
  }, [engine]);
  const closePopup = useCallback(() => setFailed(false), []);

  const shell: WizardState = {
    values, touched, errors: {}, submitCount: 0, isSubmitting: false,
    handleChange: (event) => {
      const { name, value } = event.target;
      setValues((v) => ({ ...v, [name]: value }));
    },
    handleBlur: (event) => {
      const { name } = event.target;
      setTouched((t) => ({ ...t, [name]: true }));
    },
    handleSubmit: (event) => {
      event?.preventDefault();
      setSubmitNow(true);
      load().catch((error: unknown) => {
        console.error('[island GetStartedWizard] could not load its form code:', error);
        setFailed(true);
      });
    },
  };

  const view = ({ values, errors, touched, submitCount, isSubmitting, handleChange, handleBlur, handleSubmit }: WizardState) => {
    // The stepper is in the server's markup too, as it looks at step 1, so hydration inserts
    // nothing above the questions (it had moved them down: Lighthouse's only layout shift). It
    // describes the stepped form only hydration makes, so assistive technology skips it until then.
    const stepper = (
      <ol className="stepper" aria-label={fillCounts(copy.stepLabel, { n: step + 1, total: copy.steps.length }, locale)} aria-hidden={live ? undefined : true}>
        {copy.steps.map((label, i) => (
          <li key={label} className={i <= step ? 'stepper__step is-active' : 'stepper__step'} aria-current={i === step ? 'step' : undefined}>
            <span className="stepper__number">{i + 1}</span>
            <span className="stepper__label">{label}</span>
          </li>
        ))}
      </ol>
    );

    const choices = (name: 'vehicles' | 'industry', legend: string, options: [value: string, label: string][]) => (
      <fieldset className="choices">
        <legend className="wizard__question">{legend}</legend>
        <div className="choices__grid">
          {options.map(([option, label]) => (
            <label key={option} className="choice">
              <input type="radio" name={name} value={option} checked={values[name] === option} onChange={handleChange} required={!live} />
              <span>{label}</span>
            </label>
          ))}
        </div>
      </fieldset>
    );

    const allFilled = CONTACT.every((name) => values[name].trim() !== '');
    const show = (i: number) => !live || step === i;

    return (
      <form ref={formRef} className="wizard" method="post" action={endpoint} noValidate={live} onSubmit={live ? handleSubmit : undefined}>
        <input type="hidden" name="form" value="wizard" />
        <LocaleInput locale={locale} />
        {stepper}
        {show(0) ? (
          <section className="wizard__step">
            {choices('vehicles', copy.vehicles, labelled(VEHICLE_RANGES, VEHICLE_RANGE_LABELS[locale]))}
            {live ? (
              <div className="wizard__actions">
                <button type="button" className="btn btn--primary" disabled={!values.vehicles} onClick={() => setStep(1)}>{copy.next}</button>
              </div>
            ) : null}
          </section>
        ) : null}
        {show(1) ? (
          <section className="wizard__step">
            {choices('industry', copy.industry, labelled(INDUSTRIES, INDUSTRY_LABELS[locale]))}
            {live ? (
              <div className="wizard__actions">
                <button type="button" className="btn btn--secondary" onClick={() => setStep(0)}>{copy.back}</button>
                <button type="button" className="btn btn--primary" disabled={!values.industry} onClick={() => setStep(2)}>{copy.next}</button>
              </div>
            ) : null}
          </section>
        ) : null}
        {show(2) ? (
          <section className="wizard__step">
            <h2 className="wizard__question">{copy.contact}</h2>
            <div className="form-grid">
              {CONTACT.map((name) => {
                const error = (touched[name] || submitCount > 0) && errors[name] ? errors[name] : undefined;
                return (
                  <div key={name} className="form-field">
                    <label htmlFor={`wizard-${name}`} className="form-field__label">{copy.fields[name].label}</label>
                    <input
                      id={`wizard-${name}`} name={name} type={TYPES[name]} autoComplete={AUTOCOMPLETE[name]} placeholder={copy.fields[name].placeholder}
                      value={values[name]} onChange={handleChange} onBlur={handleBlur} required
                      aria-invalid={error ? true : undefined} aria-describedby={error ? `wizard-${name}-error` : undefined}
                    />
                    {error ? <p id={`wizard-${name}-error`} className="form-field__error">{error}</p> : null}
                  </div>
                );
              })}
            </div>
            <NewsOptIn id="wizard-news" label={newsOptInLabel} />
            <div className="honeypot" aria-hidden="true"><label htmlFor="wizard-fax">Fax</label><input id="wizard-fax" type="text" name="fax" tabIndex={-1} autoComplete="off" value={values.fax} onChange={handleChange} /></div>
            <p className="wizard__privacy" dangerouslySetInnerHTML={{ __html: copy.privacyHtml }} />
            <div className="wizard__actions">
              {live ? <button type="button" className="btn btn--secondary" onClick={() => setStep(1)}>{copy.back}</button> : null}
              <button type="submit" {...keepFieldFocus} className="btn btn--primary" disabled={live && (!allFilled || isSubmitting)}>{isSubmitting ? copy.sending : copy.submit}</button>
            </div>
          </section>
        ) : null}
        <ErrorPopup open={failed} text={copy.error} ok={copy.ok} onClose={closePopup} />
      </form>
    );
  };

  if (!engine) return view(shell);
  const Engine = engine.WizardEngine;
  return (
    <Engine endpoint={endpoint} thanks={thanks} locale={locale} initialValues={values} initialTouched={touched} submitNow={submitNow} form={formRef} onFailed={() => setFailed(true)}>
      {view}
    </Engine>
  );
}
