// The optional "send me news and offers" box of the lead forms: unticked, apart from the inquiry
// (sending the form never depends on it), its label the consent statement the lead function
// archives. Uncontrolled, so a box ticked before the island hydrates stays ticked; a plain
// post sends `newsOptIn=yes` when ticked, a scripted one reads it with newsOptIn().

export function NewsOptIn({ id, label }: { id: string; label?: string }) {
  if (!label) return null;
  return (
    <div className="form-field form-field--wide form-field--check">
      <input id={id} type="checkbox" name="newsOptIn" value="yes" />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** The box as the lead function reads it: `{ newsOptIn: 'yes' }` when ticked, nothing otherwise. */
export function newsOptIn(form: HTMLFormElement | null): Record<string, string> {
  return form?.querySelector<HTMLInputElement>('input[name="newsOptIn"]')?.checked ? { newsOptIn: 'yes' } : {};
}
