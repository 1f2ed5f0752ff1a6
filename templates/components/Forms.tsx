// Form markup from content/forms.yaml: labelled fields, option lists, the honeypot. These are
// real forms that post to the lead endpoint without JavaScript; the forms work adds Formik
// validation and submission on top. On a French page a form also posts `locale=fr`, so the
// lead function answers in French and sends the visitor to /fr/Thanks.
import type { ReactNode } from 'react';
import type { FieldCopy } from '../../generator/content/model.ts';
import { useEnv } from '../context.tsx';
import { LocaleInput } from '../islands/lib/locale.tsx';

interface FieldProps { name: string; copy: FieldCopy | undefined; type?: string; required?: boolean; autoComplete?: string; idPrefix: string }

export function Field({ name, copy, type = 'text', required = true, autoComplete, idPrefix }: FieldProps) {
  const id = `${idPrefix}-${name}`;
  return (
    <div className="form-field">
      <label htmlFor={id} className="form-field__label">{copy?.label}</label>
      <input id={id} type={type} name={name} placeholder={copy?.placeholder} required={required} autoComplete={autoComplete} />
    </div>
  );
}

export function SelectField({ name, copy, options, required = true, idPrefix }: { name: string; copy: FieldCopy | undefined; options: (string | { value: string; label: string })[]; required?: boolean; idPrefix: string }) {
  const id = `${idPrefix}-${name}`;
  return (
    <div className="form-field">
      <label htmlFor={id} className="form-field__label">{copy?.label}</label>
      <select id={id} name={name} required={required} defaultValue="">
        <option value="" disabled>{copy?.placeholder}</option>
        {options.map((o) => (typeof o === 'string' ? <option key={o} value={o}>{o}</option> : <option key={o.value} value={o.value}>{o.label}</option>))}
      </select>
    </div>
  );
}

export function TextArea({ name, copy, rows = 4, idPrefix }: { name: string; copy: FieldCopy | undefined; rows?: number; idPrefix: string }) {
  const id = `${idPrefix}-${name}`;
  return (
    <div className="form-field form-field--wide">
      <label htmlFor={id} className="form-field__label">{copy?.label}</label>
      <textarea id={id} name={name} rows={rows} placeholder={copy?.placeholder} />
    </div>
  );
}

/** A field people never see and bots fill in: submissions with it filled are dropped. */
export function Honeypot({ idPrefix }: { idPrefix: string }) {
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor={`${idPrefix}-fax`}>Fax</label>
      <input id={`${idPrefix}-fax`} type="text" name="fax" tabIndex={-1} autoComplete="off" />
    </div>
  );
}

export function LeadForm({ endpoint, form, children, labelledBy }: { endpoint: string; form: string; children: ReactNode; labelledBy: string }) {
  return (
    <form className="lead-form" method="post" action={endpoint} aria-labelledby={labelledBy}>
      <input type="hidden" name="form" value={form} />
      <LocaleInput locale={useEnv().locale} />
      {children}
      <Honeypot idPrefix={form} />
    </form>
  );
}
