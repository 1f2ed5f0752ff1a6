// A lead form as an island: fields described as data (optionally in titled groups), Formik with
// the shared Yup schema of the named form, errors under each field once touched or after a
// submit attempt (tied with aria-describedby; the first invalid field gets focus), the loading
// label while sending (button disabled, so a double click sends once), the error popup on any
// failure, and on success an optional reset then /Thanks. The server renders the same markup
// as a plain <form method="post"> with the browser's own checks, so it works without JavaScript;
// what the visitor typed there before hydration becomes Formik's initial values, and the fields
// left there count as touched (lib/prefill.ts).
// On a French page (`locale`) the messages are the schema's French ones, the lead says it is
// French (the lead function answers and e-mails accordingly) and success lands on /fr/Thanks.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useFormik } from 'formik';
import { schemasFor, type FormName } from '../../common/lead/validation.ts';
import { sendLead, newSubmissionId } from './lib/submit.ts';
import { ErrorPopup } from './lib/ErrorPopup.tsx';
import { FormField, keepFieldFocus, type FieldSpec } from './lib/FormField.tsx';
import { usePrefill, useTouchedEarly, withPrefill } from './lib/prefill.ts';
import { leadLocale, LocaleInput, pageIn, type LocaleProp } from './lib/locale.tsx';
import { NewsOptIn, newsOptIn } from './lib/NewsOptIn.tsx';

export type { FieldSpec };

/** Fields shown together in a <fieldset> under a legend. */
export interface FieldGroup { legend: string; fields: FieldSpec[] }

interface Props extends LocaleProp {
  form: FormName;
  id: string;
  endpoint: string;
  /** The fields, in one grid; or `groups` for titled fieldsets. */
  fields?: FieldSpec[];
  groups?: FieldGroup[];
  button: string;
  sending: string;
  error: string;
  ok: string;
  thanks: string;
  resetOnSuccess?: boolean;
  className?: string;
  labelledBy?: string;
  /** The optional news-and-offers box's label (forms.yaml newsOptIn); no box without it. */
  newsOptIn?: string;
}

export default function LeadForm({ form, id, endpoint, fields = [], groups, button, sending, error, ok, thanks, resetOnSuccess, className, labelledBy, locale, newsOptIn: optInLabel }: Props) {
  const schema = schemasFor(locale)[form];
  const sections: { legend?: string; fields: FieldSpec[] }[] = groups ?? [{ fields }];
  const all = sections.flatMap((s) => s.fields);
  // Until hydrated, the browser's own required/type checks guard the plain POST.
  const [live, setLive] = useState(false);
  const [failed, setFailed] = useState(false);
  const submissionId = useRef<string | null>(null);
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => setLive(true), []);
  const empty: Record<string, string> = Object.fromEntries([...all.map((f) => [f.name, '']), ['fax', '']]);
  const prefill = usePrefill();
  const formik = useFormik<Record<string, string>>({
    initialValues: withPrefill(empty, prefill),
    validationSchema: schema,
    onSubmit: async (values, helpers) => {
      submissionId.current ??= newSubmissionId();
      const cleaned = schema.cast(values, { stripUnknown: true }) as never;
      const accepted = await sendLead(endpoint, form, cleaned, submissionId.current, values.fax, { ...leadLocale(locale), ...newsOptIn(ref.current) });
      if (!accepted) return setFailed(true);
      if (resetOnSuccess) helpers.resetForm({ values: empty });
      submissionId.current = null;
      location.assign(pageIn(thanks, locale));
    },
  });
  // Fields left before hydration are touched as a blur would have made them; the last call validates.
  useTouchedEarly((names) => {
    const left = all.filter((f) => names.includes(f.name));
    left.forEach((f, i) => void formik.setFieldTouched(f.name, true, i === left.length - 1));
  });
  const { errors, touched, submitCount, isSubmitting } = formik;
  const closePopup = useCallback(() => setFailed(false), []);

  useEffect(() => {
    if (!submitCount || isSubmitting) return;
    const first = all.find((f) => errors[f.name]);
    if (first) ref.current?.querySelector<HTMLElement>(`[name="${first.name}"]`)?.focus();
  }, [submitCount, isSubmitting]);

  const field = (f: FieldSpec) => (
    <FormField
      key={f.name} spec={f} id={`${id}-${f.name}`} value={formik.values[f.name]!} onChange={formik.handleChange} onBlur={formik.handleBlur}
      error={(touched[f.name] || submitCount > 0) && errors[f.name] ? errors[f.name] : undefined}
    />
  );

  return (
    <form ref={ref} id={id} className={`lead-form${className ? ` ${className}` : ''}`} method="post" action={endpoint} noValidate={live} onSubmit={formik.handleSubmit} aria-labelledby={labelledBy}>
      <input type="hidden" name="form" value={form} />
      <LocaleInput locale={locale} />
      {sections.map((s, i) => s.legend ? (
        <fieldset key={i} className="form-grid">
          <legend>{s.legend}</legend>
          {s.fields.map(field)}
        </fieldset>
      ) : (
        <div key={i} className="form-grid">{s.fields.map(field)}</div>
      ))}
      <NewsOptIn id={`${id}-news`} label={optInLabel} />
      <div className="honeypot" aria-hidden="true">
        <label htmlFor={`${id}-fax`}>Fax</label>
        <input id={`${id}-fax`} type="text" name="fax" tabIndex={-1} autoComplete="off" value={formik.values.fax} onChange={formik.handleChange} />
      </div>
      <button type="submit" {...keepFieldFocus} className="btn btn--primary btn--lg" disabled={isSubmitting}>{isSubmitting ? sending : button}</button>
      <ErrorPopup open={failed} text={error} ok={ok} onClose={closePopup} />
    </form>
  );
}
