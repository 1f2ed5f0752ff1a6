// /get-started: the three-step wizard. Step 1 fleet size, step 2 industry (radio groups, arrow
// keys move between options; Next stays disabled until one is chosen; Back keeps answers),
// step 3 contact details (submit disabled and dimmed until all five fields have text; the
// shared Yup schema validates; errors show under their fields; the first invalid gets focus).
// Without JavaScript the server's markup is one plain form with all three steps. Answers given
// there before hydration are kept (lib/prefill.ts), and the wizard opens at the step the
// visitor was on, as far as the earlier steps are answered. On a French page the choices show
// French labels (« 400 - 3 900 », « Livraison ») but post the schema's English values, which
// sales read in every language; messages, the lead's language and /fr/Thanks follow `locale`.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useFormik } from 'formik';
import { schemasFor, VEHICLE_RANGES, INDUSTRIES, VEHICLE_RANGE_LABELS, INDUSTRY_LABELS } from '../../functions/send-email/validation.ts';
import { sendLead, newSubmissionId } from './lib/submit.ts';
import { ErrorPopup } from './lib/ErrorPopup.tsx';
import { keepFieldFocus } from './lib/FormField.tsx';
import { usePrefill, withPrefill } from './lib/prefill.ts';
import { fillCounts, leadLocale, LocaleInput, pageIn, type LocaleProp } from './lib/locale.tsx';
import { NewsOptIn, newsOptIn } from './lib/NewsOptIn.tsx';

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

const CONTACT = ['firstName', 'lastName', 'phone', 'email', 'companyName'] as const;
const TYPES: Record<(typeof CONTACT)[number], string> = { firstName: 'text', lastName: 'text', phone: 'tel', email: 'email', companyName: 'text' };
const EMPTY = { vehicles: '', industry: '', firstName: '', lastName: '', phone: '', email: '', companyName: '', fax: '' };
type Values = typeof EMPTY;

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

export default function GetStartedWizard({ copy, endpoint, thanks, locale = 'en', newsOptIn: newsOptInLabel }: Props) {
  const schema = schemasFor(locale).wizard;
  const [live, setLive] = useState(false);
  const [step, setStep] = useState(0);
  const [failed, setFailed] = useState(false);
  const submissionId = useRef<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const prefill = usePrefill();

  const formik = useFormik({
    initialValues: withPrefill(EMPTY, prefill),
    validationSchema: schema,
    validateOnMount: false,
    onSubmit: async (values) => {
      submissionId.current ??= newSubmissionId();
      const fields = schema.cast(values, { stripUnknown: true });
      const ok = await sendLead(endpoint, 'wizard', fields, submissionId.current, values.fax, { ...leadLocale(locale), ...newsOptIn(formRef.current) });
      if (ok) location.assign(pageIn(thanks, locale));
      else setFailed(true);
    },
  });
  const { values, errors, touched, submitCount, isSubmitting } = formik;
  useEffect(() => {
    setLive(true);
    setStep(resumeStep(formik.values, prefill.focused));
  }, []);
  const closePopup = useCallback(() => setFailed(false), []);

  // After a failed submit attempt, focus the first field with an error.
  useEffect(() => {
    if (!submitCount || isSubmitting) return;
    const first = CONTACT.find((name) => errors[name]);
    if (first) formRef.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
  }, [submitCount, isSubmitting]);

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
            <input type="radio" name={name} value={option} checked={values[name] === option} onChange={formik.handleChange} required={!live} />
            <span>{label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );

  const allFilled = CONTACT.every((name) => values[name].trim() !== '');
  const show = (i: number) => !live || step === i;

  return (
    <form ref={formRef} className="wizard" method="post" action={endpoint} noValidate={live} onSubmit={live ? formik.handleSubmit : undefined}>
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
                    value={values[name]} onChange={formik.handleChange} onBlur={formik.handleBlur} required
                    aria-invalid={error ? true : undefined} aria-describedby={error ? `wizard-${name}-error` : undefined}
                  />
                  {error ? <p id={`wizard-${name}-error`} className="form-field__error">{error}</p> : null}
                </div>
              );
            })}
          </div>
          <NewsOptIn id="wizard-news" label={newsOptInLabel} />
          <div className="honeypot" aria-hidden="true"><label htmlFor="wizard-fax">Fax</label><input id="wizard-fax" type="text" name="fax" tabIndex={-1} autoComplete="off" value={values.fax} onChange={formik.handleChange} /></div>
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
}
