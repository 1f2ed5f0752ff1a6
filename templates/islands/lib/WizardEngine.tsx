// The get-started wizard's form code: Formik with the shared Yup schema, the submission
// and the focus on the first invalid field. GetStartedWizard.tsx hydrates without it and imports
// it on the visitor's first use of the form; from then on this component holds the form's state
// and renders the wizard's own view with it (`children`), starting from what the shell held.
import { useEffect, useRef } from 'react';
import { useFormik } from 'formik';
import { schemasFor } from '../../../common/lead/validation.ts';
import { sendLead, newSubmissionId } from './submit.ts';
import { leadLocale, pageIn } from './locale.tsx';
import { newsOptIn } from './NewsOptIn.tsx';
import { CONTACT, type EngineProps, type WizardState } from './wizard-model.ts';

export function WizardEngine({ endpoint, thanks, locale = 'en', initialValues, initialTouched, submitNow, form, onFailed, children }: EngineProps) {
  const schema = schemasFor(locale).wizard;
  const submissionId = useRef<string | null>(null);
  const formik = useFormik({
    initialValues,
    initialTouched,
    validationSchema: schema,
    validateOnMount: false,
    onSubmit: async (values) => {
      submissionId.current ??= newSubmissionId();
      const fields = schema.cast(values, { stripUnknown: true });
      const ok = await sendLead(endpoint, 'wizard', fields, submissionId.current, values.fax, { ...leadLocale(locale), ...newsOptIn(form.current) });
      if (ok) location.assign(pageIn(thanks, locale));
      else onFailed();
    },
  });
  const { errors, submitCount, isSubmitting } = formik;

  useEffect(() => {
    // A field left before the engine came shows its message as it would have then; a submit
    // made meanwhile is sent now.
    if (submitNow) void formik.submitForm();
    else if (Object.keys(initialTouched).length) void formik.validateForm();
  }, []);

  // After a failed submit attempt, focus the first field with an error.
  useEffect(() => {
    if (!submitCount || isSubmitting) return;
    const first = CONTACT.find((name) => errors[name]);
    if (first) form.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
  }, [submitCount, isSubmitting]);

  return children(formik as WizardState);
}
