// The get-started wizard's fields and state, shared by the island (GetStartedWizard.tsx) and the
// form code it loads on first use (WizardEngine.tsx).
import type { ChangeEvent, FocusEvent, FormEvent, ReactNode, RefObject } from 'react';
import type { LocaleProp } from './locale.tsx';

export const CONTACT = ['firstName', 'lastName', 'phone', 'email', 'companyName'] as const;
export const EMPTY = { vehicles: '', industry: '', firstName: '', lastName: '', phone: '', email: '', companyName: '', fax: '' };
export type WizardValues = typeof EMPTY;
type Values = WizardValues;

/** What the view needs from whoever holds the form's state: the shell, or Formik in the engine. */
export interface WizardState {
  values: Values;
  errors: Partial<Record<keyof Values, string>>;
  touched: Partial<Record<keyof Values, boolean>>;
  submitCount: number;
  isSubmitting: boolean;
  handleChange: (event: ChangeEvent<HTMLInputElement>) => void;
  handleBlur: (event: FocusEvent<HTMLInputElement>) => void;
  handleSubmit: (event?: FormEvent<HTMLFormElement>) => void;
}

/** What the engine (lib/WizardEngine.tsx) is given when it takes over. */
export interface EngineProps extends LocaleProp {
  endpoint: string; thanks: string; initialValues: Values; initialTouched: WizardState['touched'];
  /** A submit the visitor made before the engine was in: the engine sends it once mounted. */
  submitNow: boolean;
  form: RefObject<HTMLFormElement | null>;
  onFailed: () => void;
  children: (state: WizardState) => ReactNode;
}
