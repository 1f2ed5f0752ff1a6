// The one validation module for leads: the browser forms (Formik) and the lead Lambda both
// import it, so they cannot disagree. Yup only: no browser or Node-only imports.
// Messages are the spec's (§5) with the readings the forms issue chose: E1 with its missing
// space restored and the hint name@example.com; newsletter 'Invalid email address'; the current
// contact form; the wizard's first name validated. Each has a Canadian French version (issue
// #16); English is the default everywhere, so a caller that names no locale gets the spec's text.
import { object, string, type InferType } from 'yup';

/** The site's languages: English at today's paths, Canadian French under /fr. */
export const LOCALES = ['en', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];

/** A lead's language from whatever the request carried: exactly 'fr' is French, anything else English. */
export function localeOf(value: unknown): Locale {
  return value === 'fr' ? 'fr' : 'en';
}

const en = {
  emailInvalid: 'Invalid email format. Please use name@example.com',
  phoneInvalid: 'Invalid phone number format. Please use (XXX) XXX-XXXX or XXX-XXX-XXXX',
  vehiclesRequired: 'Choose how many vehicles or assets you operate',
  vehiclesOneOf: 'Choose one of the vehicle ranges',
  industryRequired: 'Choose your industry',
  industryOneOf: 'Choose one of the industries',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  phoneRequired: 'Phone number is required',
  companyNameRequired: 'Company name is required',
  contactNameRequired: 'Name Required',
  contactPhoneRequired: 'phone number Required',
  required: 'Required',
  newsletterEmailInvalid: 'Invalid email address',
  departmentRequired: 'Department is required',
  businessNameRequired: 'Business name is required',
  companyTypeRequired: 'Company/Business type is required',
  websiteRequired: 'Website is required',
  urlInvalid: 'Invalid URL',
  employeesRequired: 'Number of employees is required',
  jobTitleRequired: 'Job title is required',
  countryRequired: 'Country is required',
  stateRequired: 'State/Province is required',
  fullNameRequired: 'Full Name is required.',
  jobEmailRequired: 'Email is required.',
  jobPhoneRequired: 'Phone number is required.',
  resumeWrongType: 'Choose a PDF, DOC or DOCX file',
  resumeTooLarge: 'The résumé must be 5 MB or smaller',
  resumeNotUploaded: 'The résumé did not finish uploading. Please choose the file again.',
} as const;

/** What every language must say: the English keys, each a string. */
export type Messages = { readonly [K in keyof typeof en]: string };

// From content/fr/_validation-messages.yaml, reviewed: a no-break space (\u00a0) before a colon
// and inside "5 Mo" so neither is left alone at a line start; the partner form's `department` is
// labelled "Partenariat souhaité" in French, so its message names that, not a "service".
const fr: Messages = {
  emailInvalid: 'Format de courriel invalide. Exemple\u00a0: nom@example.com',
  phoneInvalid: 'Numéro de téléphone invalide. Formats acceptés\u00a0: (XXX) XXX-XXXX ou XXX-XXX-XXXX',
  vehiclesRequired: 'Indiquez le nombre de véhicules ou d\'actifs que vous exploitez',
  vehiclesOneOf: 'Choisissez l\'une des tranches proposées',
  industryRequired: 'Choisissez votre secteur d\'activité',
  industryOneOf: 'Choisissez l\'un des secteurs proposés',
  firstNameRequired: 'Le prénom est obligatoire',
  lastNameRequired: 'Le nom de famille est obligatoire',
  emailRequired: 'L\'adresse courriel est obligatoire',
  phoneRequired: 'Le numéro de téléphone est obligatoire',
  companyNameRequired: 'Le nom de l\'entreprise est obligatoire',
  contactNameRequired: 'Nom obligatoire',
  contactPhoneRequired: 'Numéro de téléphone obligatoire',
  required: 'Obligatoire',
  newsletterEmailInvalid: 'Adresse courriel invalide',
  departmentRequired: 'Le partenariat souhaité est obligatoire',
  businessNameRequired: 'Le nom de l\'entreprise est obligatoire',
  companyTypeRequired: 'Le type d\'entreprise est obligatoire',
  websiteRequired: 'Le site Web est obligatoire',
  urlInvalid: 'Adresse Web invalide',
  employeesRequired: 'Le nombre d\'employés est obligatoire',
  jobTitleRequired: 'Le titre du poste est obligatoire',
  countryRequired: 'Le pays est obligatoire',
  stateRequired: 'L\'État ou la province est obligatoire',
  fullNameRequired: 'Le nom complet est obligatoire.',
  jobEmailRequired: 'L\'adresse courriel est obligatoire.',
  jobPhoneRequired: 'Le numéro de téléphone est obligatoire.',
  resumeWrongType: 'Choisissez un fichier PDF, DOC ou DOCX',
  resumeTooLarge: 'Le CV ne doit pas dépasser 5\u00a0Mo',
  resumeNotUploaded: 'Le téléversement du CV ne s\'est pas terminé. Veuillez choisir le fichier de nouveau.',
};

/** Every visitor-facing validation message, per language (same keys in each). */
export const messages: Record<Locale, Messages> = { en, fr };

/** Local part, @, domain, and a top-level part of at least two letters. */
export const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;
/** Optional 1-4 digit country prefix (optional +), then 3 digits (optionally in brackets), 3, 4; space or dash between. */
export const PHONE = /^(?:\+?\d{1,4}[ -]?)?(?:\(\d{3}\)|\d{3})[ -]?\d{3}[ -]?\d{4}$/;
/** Optional http(s)://, a host name or localhost, optional port and path. */
export const URL_PATTERN = /^(?:https?:\/\/)?(?:(?:[a-z\d](?:[a-z\d-]*[a-z\d])?\.)+[a-z]{2,}|localhost)(?::\d{1,5})?(?:\/[-a-z\d%_.~+@:]*)*(?:\?[;&a-z\d%_.~+=-]*)?(?:#[-a-z\d_]*)?$/i;

/** What mail can carry (RFC 5321): 64 characters before the @, 254 in all. */
export const EMAIL_MAX = { local: 64, total: 254 } as const;

/** The pattern within the limits; the lengths are checked first, so the pattern never sees a long string. */
export function isEmail(value: string): boolean {
  const at = value.lastIndexOf('@');
  return value.length <= EMAIL_MAX.total && at >= 1 && at <= EMAIL_MAX.local && EMAIL.test(value);
}

export const E1 = en.emailInvalid;
export const P1 = en.phoneInvalid;

/**
 * Résumé uploads (job form): the browser checks these before asking for an upload, the upload
 * policy enforces the size, and the lead function checks the stored object again.
 */
export const RESUME = {
  maxBytes: 5 * 1024 * 1024,
  extensions: ['.pdf', '.doc', '.docx'],
  types: ['application/pdf', 'application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  /** The English messages; `messages[locale].resumeWrongType` and `.resumeTooLarge` in other languages. */
  wrongType: en.resumeWrongType,
  tooLarge: en.resumeTooLarge,
} as const;

/** The résumé message for a file in the visitor's language, or '' when it is acceptable. */
export function resumeProblem(fileName: string, size: number, locale: Locale = 'en'): string {
  const dot = fileName.lastIndexOf('.');
  const extension = dot < 0 ? '' : fileName.slice(dot).toLowerCase();
  if (!(RESUME.extensions as readonly string[]).includes(extension)) return messages[locale].resumeWrongType;
  if (!(size > 0) || size > RESUME.maxBytes) return messages[locale].resumeTooLarge;
  return '';
}

/** The content type stored for an accepted résumé, chosen from its extension. */
export function resumeType(fileName: string): string {
  const extension = fileName.slice(fileName.lastIndexOf('.')).toLowerCase();
  return RESUME.types[RESUME.extensions.indexOf(extension as (typeof RESUME.extensions)[number])] ?? 'application/octet-stream';
}

const required = (message: string) => string().trim().required(message);
const optional = () => string().trim().default('');

export const VEHICLE_RANGES = ['1 - 4', '5 - 29', '30 - 399', '400 - 3,900', '4,000+'] as const;
export const INDUSTRIES = ['Construction', 'Field Service', 'Trucking & Logistics', 'Delivery', 'Oil & Gas', 'Agriculture'] as const;

/**
 * What a visitor reads for each vehicle range and industry. The values above are what the
 * schema checks and sales read, in every language; a French form shows these labels and sends
 * the values. (French industry names as in content/fr/industries.)
 */
export const VEHICLE_RANGE_LABELS: Record<Locale, Record<(typeof VEHICLE_RANGES)[number], string>> = {
  en: { '1 - 4': '1 - 4', '5 - 29': '5 - 29', '30 - 399': '30 - 399', '400 - 3,900': '400 - 3,900', '4,000+': '4,000+' },
  // fr-CA as Intl formats it (generator/format.ts formatRange/formatPlus): a no-break space groups thousands.
  fr: { '1 - 4': '1 - 4', '5 - 29': '5 - 29', '30 - 399': '30 - 399', '400 - 3,900': '400 - 3\u00a0900', '4,000+': '4\u00a0000+' },
};
export const INDUSTRY_LABELS: Record<Locale, Record<(typeof INDUSTRIES)[number], string>> = {
  en: { Construction: 'Construction', 'Field Service': 'Field Service', 'Trucking & Logistics': 'Trucking & Logistics', Delivery: 'Delivery', 'Oil & Gas': 'Oil & Gas', Agriculture: 'Agriculture' },
  fr: { Construction: 'Construction', 'Field Service': 'Services sur le terrain', 'Trucking & Logistics': 'Camionnage et logistique', Delivery: 'Livraison', 'Oil & Gas': 'Pétrole et gaz', Agriculture: 'Agriculture' },
};

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
const byLocale: Record<Locale, Schemas> = { en: buildSchemas(en), fr: buildSchemas(fr) };

/** Every form's schema with its messages in `locale` (the fields and rules are the same in each). */
export function schemasFor(locale: Locale = 'en'): Schemas {
  return byLocale[locale];
}

/** The English schemas, as before issue #16. */
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

/** The outgoing message every form sends (spec §7), composed from validated fields. */
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
