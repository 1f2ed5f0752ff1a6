// One labelled form control of the lead forms: a visible label tied to the input, and the
// error message under it, tied with aria-describedby and marked with aria-invalid.
import type { ChangeEventHandler, FocusEventHandler, MouseEvent } from 'react';

/**
 * For a form's submit button: pressing it leaves the focus in the field being edited. Otherwise
 * that field's blur shows its error, the message pushes the button down, and the click lands
 * beside it: a visitor who typed a bad e-mail had to press Send twice. The click still submits,
 * and submitting shows every error and focuses the first (keyboard use is unchanged).
 */
export const keepFieldFocus = { onMouseDown: (event: MouseEvent) => event.preventDefault() };

/** A field of a lead form, described as data (copy from content/forms.yaml). */
export interface FieldSpec {
  name: string;
  kind: 'text' | 'email' | 'tel' | 'url' | 'select' | 'textarea';
  label: string;
  placeholder: string;
  options?: { value: string; label: string }[];
  autoComplete?: string;
  inputMode?: 'url' | 'email' | 'tel' | 'text';
  rows?: number;
  wide?: boolean;
  required?: boolean;
}

type Control = HTMLInputElement & HTMLSelectElement & HTMLTextAreaElement;

interface Props {
  spec: FieldSpec;
  id: string;
  value: string;
  /** Shown only when given: the form decides when (touched or after a submit attempt). */
  error?: string;
  onChange: ChangeEventHandler<Control>;
  onBlur: FocusEventHandler<Control>;
}

export function FormField({ spec: f, id, value, error, onChange, onBlur }: Props) {
  const common = {
    id, name: f.name, value, onChange, onBlur,
    'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined,
    required: f.required !== false || undefined,
  };
  return (
    <div className={f.wide || f.kind === 'textarea' ? 'form-field form-field--wide' : 'form-field'}>
      <label htmlFor={id} className="form-field__label">{f.label}</label>
      {f.kind === 'select' ? (
        <select {...common}>
          <option value="" disabled>{f.placeholder}</option>
          {f.options!.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
        </select>
      ) : f.kind === 'textarea' ? (
        <textarea {...common} rows={f.rows ?? 4} placeholder={f.placeholder} />
      ) : (
        <input {...common} type={f.kind} placeholder={f.placeholder} autoComplete={f.autoComplete} inputMode={f.inputMode} />
      )}
      {error ? <p id={`${id}-error`} className="form-field__error">{error}</p> : null}
    </div>
  );
}
