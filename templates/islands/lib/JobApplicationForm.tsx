// The job application in the Apply dialog of /career: Formik on the shared `job` schema plus
// the résumé rules, errors under their fields once touched or after a submit attempt, cleared
// and recomputed on every attempt (the field rules; this also drops a refusal the upload endpoint gave
// for the previous attempt), the first invalid field focused. A chosen résumé is uploaded first
// (lib/upload.ts) and the lead carries its key; without a file the lead is sent alone. On a
// French page (`locale`) every message, the upload's refusals included, is French, the lead
// says it is French and success lands on /fr/Thanks.
import { useCallback, useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useFormik } from 'formik';
import { RESUME, resumeProblem, schemasFor } from '../../../common/lead/validation.ts';
import { newSubmissionId, sendLead } from './submit.ts';
import { uploadResume } from './upload.ts';
import { ErrorPopup } from './ErrorPopup.tsx';
import { FormField, keepFieldFocus, type FieldSpec } from './FormField.tsx';
import { leadLocale, LocaleInput, pageIn, type LocaleProp } from './locale.tsx';
import { NewsOptIn, newsOptIn } from './NewsOptIn.tsx';

export interface JobFormCopy {
  fields: Record<string, { label: string; placeholder: string }>;
  heading: string; resumeHint: string; accommodation: string; button: string; sending: string; error: string; ok: string;
  /** The optional news-and-offers box's label (forms.yaml newsOptIn). */
  newsOptIn?: string;
}
interface Props extends LocaleProp { position: string; endpoint: string; thanks: string; copy: JobFormCopy; close: string; onClose: () => void }

const INPUTS: [name: string, kind: FieldSpec['kind'], autoComplete?: string][] = [
  ['fullName', 'text', 'name'], ['email', 'email', 'email'], ['phone', 'tel', 'tel'], ['location', 'text', 'address-level2'],
  ['company', 'text', 'organization'], ['linkedin', 'url', 'url'], ['portfolio', 'url'], ['website', 'url'],
];
/** The schema checks only these three; the others are optional. */
const REQUIRED = new Set(['fullName', 'email', 'phone']);
/** Document order, for focusing the first invalid field. */
const ORDER = ['resume', ...INPUTS.map(([name]) => name), 'additionalInfo'];

export function JobApplicationForm({ position, endpoint, thanks, copy, close, onClose, locale = 'en' }: Props) {
  const schema = schemasFor(locale).job;
  const [failed, setFailed] = useState(false);
  const file = useRef<File | null>(null);
  // The upload endpoint's refusal of a file, shown until the next submit attempt or another file.
  const refused = useRef<{ file: File; message: string } | null>(null);
  // A file already stored for this fill: a retry after a failed send does not upload it again.
  const stored = useRef<{ file: File; key: string } | null>(null);
  const submissionId = useRef<string | null>(null);
  const ref = useRef<HTMLFormElement>(null);

  const formik = useFormik<Record<string, string>>({
    initialValues: Object.fromEntries([...ORDER.map((name) => [name, '']), ['fax', '']]),
    validationSchema: schema,
    validate: () => {
      const chosen = file.current;
      if (!chosen) return {};
      const problem = resumeProblem(chosen.name, chosen.size, locale) || (refused.current?.file === chosen ? refused.current.message : '');
      return problem ? { resume: problem } : {};
    },
    onSubmit: async (values, helpers) => {
      submissionId.current ??= newSubmissionId();
      const fields = schema.cast({ ...values, position }, { stripUnknown: true });
      const extra: Record<string, string> = { ...leadLocale(locale), ...newsOptIn(ref.current) };
      const chosen = file.current;
      if (chosen) {
        if (stored.current?.file !== chosen) {
          const result = await uploadResume(endpoint, chosen, submissionId.current, locale);
          if (!result) return setFailed(true);
          if ('problem' in result) {
            refused.current = { file: chosen, message: result.problem };
            return helpers.setFieldError('resume', result.problem);
          }
          stored.current = { file: chosen, key: result.key };
        }
        fields.resume = chosen.name;
        extra.resumeKey = stored.current.key;
      }
      const accepted = await sendLead(endpoint, 'job', fields, submissionId.current, values.fax, extra);
      if (!accepted) return setFailed(true);
      submissionId.current = null;
      location.assign(pageIn(thanks, locale));
    },
  });
  const { values, errors, touched, submitCount, isSubmitting } = formik;
  const closePopup = useCallback(() => setFailed(false), []);

  // After a submit attempt that ends with errors (the browser's or the upload's), focus the first.
  useEffect(() => {
    if (!submitCount || isSubmitting) return;
    const first = ORDER.find((name) => errors[name]);
    if (first) ref.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }, [submitCount, isSubmitting]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isSubmitting) return;
    refused.current = null;
    formik.setErrors({});
    void formik.submitForm();
  };
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    file.current = event.target.files?.[0] ?? null;
    void formik.setFieldTouched('resume', true, false);
    void formik.setFieldValue('resume', file.current?.name ?? '');
  };

  const shown = (name: string) => ((touched[name] || submitCount > 0) && errors[name] ? errors[name] : undefined);
  const spec = (name: string, kind: FieldSpec['kind'], autoComplete?: string): FieldSpec => ({
    name, kind, autoComplete, label: copy.fields[name]?.label ?? name, placeholder: copy.fields[name]?.placeholder ?? '', required: REQUIRED.has(name),
  });
  const field = (name: string, kind: FieldSpec['kind'], autoComplete?: string) => (
    <FormField key={name} spec={spec(name, kind, autoComplete)} id={`job-${name}`} value={values[name]!} error={shown(name)} onChange={formik.handleChange} onBlur={formik.handleBlur} />
  );
  const resumeError = shown('resume');

  return (
    <form ref={ref} className="lead-form job-form" method="post" action={endpoint} noValidate onSubmit={submit} aria-labelledby="apply-dialog-title">
      <h2 id="apply-dialog-title" className="dialog__title">{copy.heading.replace('{title}', () => position)}</h2>
      <input type="hidden" name="form" value="job" />
      <input type="hidden" name="position" value={position} />
      <LocaleInput locale={locale} />
      <div className="form-field">
        <label htmlFor="job-resume" className="form-field__label">{copy.fields.resume?.label}</label>
        <input
          id="job-resume" type="file" name="resume" accept={RESUME.extensions.join(',')} onChange={choose}
          aria-invalid={resumeError ? true : undefined} aria-describedby={resumeError ? 'job-resume-error job-resume-hint' : 'job-resume-hint'}
        />
        <p id="job-resume-hint" className="form-field__hint">{copy.resumeHint}</p>
        {resumeError ? <p id="job-resume-error" className="form-field__error">{resumeError}</p> : null}
      </div>
      <div className="form-grid">
        {INPUTS.map(([name, kind, autoComplete]) => field(name, kind, autoComplete))}
        {field('additionalInfo', 'textarea')}
      </div>
      <NewsOptIn id="job-news" label={copy.newsOptIn} />
      <div className="honeypot" aria-hidden="true">
        <label htmlFor="job-fax">Fax</label>
        <input id="job-fax" type="text" name="fax" tabIndex={-1} autoComplete="off" value={values.fax} onChange={formik.handleChange} />
      </div>
      <p className="note job-form__note">{copy.accommodation}</p>
      <div className="dialog__actions">
        <button type="submit" {...keepFieldFocus} className="btn btn--primary" disabled={isSubmitting}>{isSubmitting ? copy.sending : copy.button}</button>
        <button type="button" className="btn btn--secondary" onClick={onClose}>{close}</button>
      </div>
      <ErrorPopup open={failed} text={copy.error} ok={copy.ok} onClose={closePopup} />
    </form>
  );
}
