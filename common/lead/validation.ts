// The one validation module for leads: the browser forms (Formik) and the lead Lambda both
// import it, so they cannot disagree. Yup only: no browser or Node-only imports.
// Messages are the site's field rules as the forms read them: E1 with its missing space restored
// and the hint name@example.com; newsletter 'Invalid email address'; the current contact form;
// the wizard's first name validated. Each has a Canadian French version; English is the default
// everywhere, so a caller that names no locale gets the spec's text.
//
// Everything that needs no Yup lives in rules.ts (the browser loads Yup only with a form's
// validating code); it is re-exported here, so this stays the one module to import.
import { object, string, type InferType } from 'yup';
import { INDUSTRIES, isEmail, looksBlank, PHONE, URL_PATTERN, VEHICLE_RANGES, type Locale, type Messages, messages } from './rules.ts';

export * from './rules.ts';

// Trimming removes spaces only: a name of zero-width spaces, Hangul fillers or braille blanks
// passed `required` and reached sales as an empty name. Empty values get Yup's own message.
const required = (message: string) => string().trim().required(message).test({ name: 'visible', message, test: (v) => !v || !looksBlank(v) });
const optional = () => string().trim().default('');

/** The schema of every form, its messages in one language. */
function buildSchemas(m: Messages) {
  const email = (requiredMessage: string, invalid = m.emailInvalid) => required(requiredMessage).test({ name: 'email', message: invalid, test: (v) => !v || isEmail(v) });
  const phone = (requiredMessage: string) => required(requiredMessage).matches(PHONE, { message: m.phoneInvalid, excludeEmptyString: true });
  return {
    wizard: object({
      vehicles: required(m.vehiclesRequired).oneOf([...VEHICLE_RANGES], m.vehiclesOneOf),
      industry: required(m.industryRequired).oneOf([...INDUSTRIES], m.industryOneOf),
      firstName: required(m.firstNameRequired),
      lastName: required(m.lastNameRequired),
      email: email(m.emailRequired),
      phone: phone(m.phoneRequired),
      companyName: required(m.companyNameRequired),
    }),
    contact: object({
      name: required(m.contactNameRequired),
      phone: phone(m.contactPhoneRequired),
      email: email(m.emailRequired),
      department: required(m.required),
      additionalInfo: optional(),
    }),
    newsletter: object({
      email: email(m.emailRequired, m.newsletterEmailInvalid),
    }),
    partner: object({
      department: required(m.departmentRequired),
      businessname: required(m.businessNameRequired),
      companytype: required(m.companyTypeRequired),
      website: required(m.websiteRequired).matches(URL_PATTERN, { message: m.urlInvalid, excludeEmptyString: true }),
      employees: required(m.employeesRequired),
      jobtitle: required(m.jobTitleRequired),
      firstname: required(m.firstNameRequired),
      lastname: required(m.lastNameRequired),
      email: email(m.emailRequired),
      phonenumber: phone(m.phoneRequired),
      country: required(m.countryRequired),
      state: required(m.stateRequired),
      otherinfo: optional(),
      otheremail: email(m.emailRequired),
      otherphone: phone(m.phoneRequired),
      othercountry: optional(),
      otherstate: optional(),
    }),
    job: object({
      // Résumé, location, company and the URLs are asked for but, as in the spec, not checked here.
      resume: optional(),
      /** The posting applied for (its title), sent by the Apply dialog. */
      position: optional(),
      fullName: required(m.fullNameRequired),
      email: email(m.jobEmailRequired),
      phone: phone(m.jobPhoneRequired),
      location: optional(),
      company: optional(),
      linkedin: optional(),
      portfolio: optional(),
      website: optional(),
      additionalInfo: optional(),
    }),
  };
}

type Schemas = ReturnType<typeof buildSchemas>;
// Built once per language; the browser forms and the Lambda share them.
const byLocale: Record<Locale, Schemas> = { en: buildSchemas(messages.en), fr: buildSchemas(messages.fr) };

/** Every form's schema with its messages in `locale` (the fields and rules are the same in each). */
export function schemasFor(locale: Locale = 'en'): Schemas {
  return byLocale[locale];
}

/** The English schemas (each language has its own messages). */
export const schemas = byLocale.en;

export type FormName = keyof typeof schemas;
export type Fields<F extends FormName> = InferType<(typeof schemas)[F]>;

/**
 * The values of the form's declared fields only, on an object with no prototype. Anything else
 * is dropped like any unknown field: Yup looks names up on its own plain object of fields, so
 * a field named `toString` or `constructor` found a function there and failed inside Yup.
 */
export function declaredFields(form: FormName, input: unknown): Record<string, unknown> {
  const values: Record<string, unknown> = Object.create(null);
  if (!input || typeof input !== 'object' || Array.isArray(input)) return values;
  for (const name of Object.keys(schemas[form].fields)) if (Object.hasOwn(input, name)) values[name] = (input as Record<string, unknown>)[name];
  return values;
}

/** Validates every field; returns the cleaned (trimmed) values, or a message per invalid field in `locale`. */
export function validateLead<F extends FormName>(form: F, input: unknown, locale: Locale = 'en'): { ok: true; fields: Fields<F> } | { ok: false; errors: Record<string, string> } {
  try {
    const fields = schemasFor(locale)[form].validateSync(declaredFields(form, input), { abortEarly: false, stripUnknown: true }) as Fields<F>;
    return { ok: true, fields: { ...fields } };
  } catch (error) {
    const errors: Record<string, string> = {};
    for (const e of (error as { inner?: { path?: string; message: string }[] }).inner ?? []) {
      if (e.path && !(e.path in errors)) errors[e.path] = e.message;
    }
    // Only a validation error has messages for the visitor; anything else is ours, never shown.
    if (!Object.keys(errors).length) throw error;
    return { ok: false, errors };
  }
}

/** The outgoing message every form sends (from_name, from_email, phone_number, message), composed from validated fields. */
export interface LeadMessage { from_name: string; from_email: string; phone_number: string; message: string }

const lines = (pairs: [string, string | undefined][]) => pairs.filter(([, v]) => v).map(([k, v]) => `${k}: ${v}`).join('\n');

export const compose: { [F in FormName]: (f: Fields<F>) => LeadMessage } = {
  wizard: (f) => ({
    from_name: `${f.firstName} ${f.lastName}`,
    from_email: f.email,
    phone_number: f.phone,
    message: lines([['Company name', f.companyName], ['Industry', f.industry], ['Vehicles', f.vehicles]]),
  }),
  contact: (f) => ({
    from_name: f.name,
    from_email: f.email,
    phone_number: f.phone,
    message: `${f.additionalInfo}\nHow did you find? ${f.department}`.trimStart(),
  }),
  newsletter: (f) => ({ from_name: '', from_email: f.email, phone_number: '', message: '' }),
  partner: (f) => ({
    from_name: `${f.firstname} ${f.lastname}`,
    from_email: f.email,
    phone_number: f.phonenumber,
    message: lines([
      ['Business name', f.businessname], ['Company type', f.companytype], ['Website', f.website], ['Job title', f.jobtitle],
      ['Country', f.country], ['State', f.state], ['Other info', f.otherinfo], ['Department', f.department],
    ]),
  }),
  job: (f) => ({
    from_name: f.fullName,
    from_email: f.email,
    phone_number: f.phone,
    message: lines([
      ['Position', f.position], ['Resume', f.resume], ['Location', f.location], ['Company', f.company], ['LinkedIn', f.linkedin],
      ['Portfolio', f.portfolio], ['Website', f.website], ['Additional info', f.additionalInfo],
    ]),
  }),
};
