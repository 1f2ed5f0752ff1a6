// A lead form as an island: fields described as data, Formik with the shared Yup schema of
// the named form, errors under each field once touched or after a submit attempt (tied with
// aria-describedby; the first invalid field gets focus), the loading label while sending
// (button disabled, so a double click sends once), the error popup on any failure, and on
// success an optional reset then /Thanks. The server renders the same markup as a plain
// <form method="post">, so it also works without JavaScript.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useFormik } from 'formik';
import { schemas, type FormName } from '../../functions/send-email/validation.ts';
import { sendLead, newSubmissionId } from './lib/submit.ts';
import { ErrorPopup } from './lib/ErrorPopup.tsx';

export interface FieldSpec {
  name: string;
  kind: 'text' | 'email' | 'tel' | 'url' | 'select' | 'textarea';
  label: string;
  placeholder: string;
  options?: { value: string; label: string }[];
  autoComplete?: string;
  rows?: number;
  wide?: boolean;
  required?: boolean;
}

interface Props {
  form: FormName;
  id: string;
  endpoint: string;
  fields: FieldSpec[];
  button: string;
  sending: string;
  error: string;
  ok: string;
  thanks: string;
  resetOnSuccess?: boolean;
  className?: string;
}

export default function LeadForm({ form, id, endpoint, fields, button, sending, error, ok, thanks, resetOnSuccess, className }: Props) {
  const [failed, setFailed] = useState(false);
  const submissionId = useRef<string | null>(null);
  const ref = useRef<HTMLFormElement>(null);
  const formik = useFormik<Record<string, string>>({
    initialValues: Object.fromEntries([...fields.map((f) => [f.name, '']), ['fax', '']]),
    validationSchema: schemas[form],
    onSubmit: async (values, helpers) => {
      submissionId.current ??= newSubmissionId();
      const cleaned = schemas[form].cast(values, { stripUnknown: true }) as never;
      const accepted = await sendLead(endpoint, form, cleaned, submissionId.current, values.fax);
      if (!accepted) return setFailed(true);
      if (resetOnSuccess) helpers.resetForm();
      submissionId.current = null;
      location.assign(thanks);
    },
  });
  const { errors, touched, submitCount, isSubmitting } = formik;
  const closePopup = useCallback(() => setFailed(false), []);

  useEffect(() => {
    if (!submitCount || isSubmitting) return;
    const first = fields.find((f) => errors[f.name]);
    if (first) ref.current?.querySelector<HTMLElement>(`[name="${first.name}"]`)?.focus();
  }, [submitCount, isSubmitting]);

  return (
    <form ref={ref} id={id} className={`lead-form${className ? ` ${className}` : ''}`} method="post" action={endpoint} noValidate onSubmit={formik.handleSubmit}>
      <input type="hidden" name="form" value={form} />
      <div className="form-grid">
        {fields.map((f) => {
          const fieldId = `${id}-${f.name}`;
          const message = (touched[f.name] || submitCount > 0) && errors[f.name] ? errors[f.name] : undefined;
          const common = {
            id: fieldId, name: f.name, value: formik.values[f.name], onChange: formik.handleChange, onBlur: formik.handleBlur,
            'aria-invalid': message ? true : undefined, 'aria-describedby': message ? `${fieldId}-error` : undefined,
            required: f.required !== false || undefined,
          };
          return (
            <div key={f.name} className={f.wide || f.kind === 'textarea' ? 'form-field form-field--wide' : 'form-field'}>
              <label htmlFor={fieldId} className="form-field__label">{f.label}</label>
              {f.kind === 'select' ? (
                <select {...common}>
                  <option value="" disabled>{f.placeholder}</option>
                  {f.options!.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
                </select>
              ) : f.kind === 'textarea' ? (
                <textarea {...common} rows={f.rows ?? 4} placeholder={f.placeholder} />
              ) : (
                <input {...common} type={f.kind} placeholder={f.placeholder} autoComplete={f.autoComplete} />
              )}
              {message ? <p id={`${fieldId}-error`} className="form-field__error">{message}</p> : null}
            </div>
          );
        })}
      </div>
      <div className="honeypot" aria-hidden="true">
        <label htmlFor={`${id}-fax`}>Fax</label>
        <input id={`${id}-fax`} type="text" name="fax" tabIndex={-1} autoComplete="off" value={formik.values.fax} onChange={formik.handleChange} />
      </div>
      <button type="submit" className="btn btn--primary btn--lg" disabled={isSubmitting}>{isSubmitting ? sending : button}</button>
      <ErrorPopup open={failed} text={error} ok={ok} onClose={closePopup} />
    </form>
  );
}
