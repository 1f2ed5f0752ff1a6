// The one validation module for leads: the browser forms (Formik) and the lead Lambda both
// import it, so they cannot disagree. Yup only: no browser or Node-only imports.
// Messages are the spec's (§5) with the readings the forms issue chose: E1 with its missing
// space restored and the hint name@example.com; newsletter 'Invalid email address'; the current
// contact form; the wizard's first name validated.
import { object, string, type InferType } from 'yup';

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

export const E1 = 'Invalid email format. Please use name@example.com';
export const P1 = 'Invalid phone number format. Please use (XXX) XXX-XXXX or XXX-XXX-XXXX';

/**
 * Résumé uploads (job form): the browser checks these before asking for an upload, the upload
 * policy enforces the size, and the lead function checks the stored object again.
 */
export const RESUME = {
  maxBytes: 5 * 1024 * 1024,
  extensions: ['.pdf', '.doc', '.docx'],
  types: ['application/pdf', 'application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  wrongType: 'Choose a PDF, DOC or DOCX file',
  tooLarge: 'The résumé must be 5 MB or smaller',
} as const;

/** The résumé message for a file, or '' when it is acceptable. */
export function resumeProblem(fileName: string, size: number): string {
  const dot = fileName.lastIndexOf('.');
  const extension = dot < 0 ? '' : fileName.slice(dot).toLowerCase();
  if (!(RESUME.extensions as readonly string[]).includes(extension)) return RESUME.wrongType;
  if (!(size > 0) || size > RESUME.maxBytes) return RESUME.tooLarge;
  return '';
}

/** The content type stored for an accepted résumé, chosen from its extension. */
export function resumeType(fileName: string): string {
  const extension = fileName.slice(fileName.lastIndexOf('.')).toLowerCase();
  return RESUME.types[RESUME.extensions.indexOf(extension as (typeof RESUME.extensions)[number])] ?? 'application/octet-stream';
}

const required = (message: string) => string().trim().required(message);
const email = (requiredMessage: string, invalid = E1) => required(requiredMessage).test({ name: 'email', message: invalid, test: (v) => !v || isEmail(v) });
const phone = (requiredMessage: string) => required(requiredMessage).matches(PHONE, { message: P1, excludeEmptyString: true });
const optional = () => string().trim().default('');

export const VEHICLE_RANGES = ['1 - 4', '5 - 29', '30 - 399', '400 - 3,900', '4,000+'] as const;
export const INDUSTRIES = ['Construction', 'Field Service', 'Trucking & Logistics', 'Delivery', 'Oil & Gas', 'Agriculture'] as const;

export const schemas = {
  wizard: object({
    vehicles: required('Choose how many vehicles or assets you operate').oneOf([...VEHICLE_RANGES], 'Choose one of the vehicle ranges'),
    industry: required('Choose your industry').oneOf([...INDUSTRIES], 'Choose one of the industries'),
    firstName: required('First name is required'),
    lastName: required('Last name is required'),
    email: email('Email is required'),
    phone: phone('Phone number is required'),
    companyName: required('Company name is required'),
  }),
  contact: object({
    name: required('Name Required'),
    phone: phone('phone number Required'),
    email: email('Email is required'),
    department: required('Required'),
    additionalInfo: optional(),
  }),
  newsletter: object({
    email: email('Email is required', 'Invalid email address'),
  }),
  partner: object({
    department: required('Department is required'),
    businessname: required('Business name is required'),
    companytype: required('Company/Business type is required'),
    website: required('Website is required').matches(URL_PATTERN, { message: 'Invalid URL', excludeEmptyString: true }),
    employees: required('Number of employees is required'),
    jobtitle: required('Job title is required'),
    firstname: required('First name is required'),
    lastname: required('Last name is required'),
    email: email('Email is required'),
    phonenumber: phone('Phone number is required'),
    country: required('Country is required'),
    state: required('State/Province is required'),
    otherinfo: optional(),
    otheremail: email('Email is required'),
    otherphone: phone('Phone number is required'),
    othercountry: optional(),
    otherstate: optional(),
  }),
  job: object({
    // Résumé, location, company and the URLs are asked for but, as in the spec, not checked here.
    resume: optional(),
    /** The posting applied for (its title), sent by the Apply dialog. */
    position: optional(),
    fullName: required('Full Name is required.'),
    email: email('Email is required.'),
    phone: phone('Phone number is required.'),
    location: optional(),
    company: optional(),
    linkedin: optional(),
    portfolio: optional(),
    website: optional(),
    additionalInfo: optional(),
  }),
};

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

/** Validates every field; returns the cleaned (trimmed) values, or a message per invalid field. */
export function validateLead<F extends FormName>(form: F, input: unknown): { ok: true; fields: Fields<F> } | { ok: false; errors: Record<string, string> } {
  try {
    const fields = schemas[form].validateSync(declaredFields(form, input), { abortEarly: false, stripUnknown: true }) as Fields<F>;
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
