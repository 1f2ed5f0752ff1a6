// Every validation message of the spec, fed good and bad values, and the payload of every form.
import { describe, expect, test } from 'vitest';
import { compose, E1, P1, validateLead, type Fields, type FormName, type LeadMessage } from '../../../common/lead/validation.ts';

const valid = {
  wizard: { vehicles: '5 - 29', industry: 'Delivery', firstName: 'Ana', lastName: 'Silva', email: 'ana@fleet.ca', phone: '416-555-0123', companyName: 'Silva Couriers' },
  contact: { name: 'Ana Silva', phone: '(416) 555-0123', email: 'ana@fleet.ca', department: 'LinkedIn', additionalInfo: 'Twelve vans in Mississauga.' },
  newsletter: { email: 'ana@fleet.ca' },
  partner: {
    department: 'Sales', businessname: 'North Install Ltd.', companytype: 'Support', website: 'https://northinstall.example', employees: 'Other',
    jobtitle: 'Owner', firstname: 'Ben', lastname: 'Roy', email: 'ben@northinstall.example', phonenumber: '+1 416 555 0199', country: 'CA', state: 'CO',
    otherinfo: 'We install in the GTA.', otheremail: 'ops@northinstall.example', otherphone: '416 555 0198', othercountry: '', otherstate: '',
  },
  job: { resume: 'cv.pdf', fullName: 'Chen Wei', email: 'chen@example.com', phone: '4165550123', location: 'Toronto', company: 'Acme', linkedin: 'https://linkedin.com/in/x', portfolio: 'https://chen.example', website: '', additionalInfo: 'Hello' },
} satisfies Record<FormName, Record<string, string>>;

/** [form, field, bad value, exact message] for every validation rule of the spec. */
const table: [FormName, string, string, string][] = [
  ['wizard', 'firstName', '   ', 'First name is required'],
  ['wizard', 'lastName', '', 'Last name is required'],
  ['wizard', 'email', '', 'Email is required'],
  ['wizard', 'email', 'ana@fleet', E1],
  // A dot first, last or twice in the local part: no mail server takes it (it passed, and the lead could never be sent).
  ['wizard', 'email', 'ana..silva@fleet.ca', E1],
  ['wizard', 'email', '.ana@fleet.ca', E1],
  ['wizard', 'email', 'ana.@fleet.ca', E1],
  ['wizard', 'phone', '', 'Phone number is required'],
  ['wizard', 'phone', '12345', P1],
  ['wizard', 'companyName', ' ', 'Company name is required'],
  ['newsletter', 'email', '', 'Email is required'],
  ['newsletter', 'email', 'not-an-email', 'Invalid email address'],
  ['partner', 'department', '', 'Department is required'],
  ['partner', 'businessname', '', 'Business name is required'],
  ['partner', 'companytype', '', 'Company/Business type is required'],
  ['partner', 'employees', '', 'Number of employees is required'],
  ['partner', 'jobtitle', '', 'Job title is required'],
  ['partner', 'firstname', '', 'First name is required'],
  ['partner', 'lastname', '', 'Last name is required'],
  ['partner', 'country', '', 'Country is required'],
  ['partner', 'state', '', 'State/Province is required'],
  ['partner', 'website', '', 'Website is required'],
  ['partner', 'website', 'not a url', 'Invalid URL'],
  ['partner', 'email', '', 'Email is required'],
  ['partner', 'email', 'ben@', E1],
  ['partner', 'phonenumber', '', 'Phone number is required'],
  ['partner', 'phonenumber', 'abc', P1],
  ['partner', 'otheremail', '', 'Email is required'],
  ['partner', 'otheremail', 'ops.example', E1],
  ['partner', 'otherphone', '', 'Phone number is required'],
  ['partner', 'otherphone', '416-555-01234', P1],
  ['job', 'fullName', '', 'Full Name is required.'],
  ['job', 'email', '', 'Email is required.'],
  ['job', 'email', 'chen@example.c', E1],
  ['job', 'phone', '', 'Phone number is required.'],
  ['job', 'phone', '(416 555-0123', P1],
  ['contact', 'name', '', 'Name Required'],
  ['contact', 'phone', '', 'phone number Required'],
  ['contact', 'phone', '555-0123', P1],
  ['contact', 'email', '', 'Email is required'],
  ['contact', 'email', 'ana@@fleet.ca', E1],
  ['contact', 'department', '', 'Required'],
];

describe('validation messages (the spec)', () => {
  test.each(table)('%s.%s = %j → %s', (form, field, value, message) => {
    const result = validateLead(form, { ...valid[form], [field]: value });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors[field]).toBe(message);
  });

  test.each(Object.keys(valid) as FormName[])('a complete %s form is valid, values trimmed', (form) => {
    const padded = Object.fromEntries(Object.entries(valid[form]).map(([k, v]) => [k, v ? `  ${v} ` : v]));
    const result = validateLead(form, padded);
    expect(result).toEqual({ ok: true, fields: expect.objectContaining(valid[form]) });
  });

  test.each(['(416) 555-0123', '416-555-0123', '416 555 0123', '+1 416 555 0123', '1-416-555-0123', '4165550123'])('phone %s is accepted', (phone) => {
    expect(validateLead('contact', { ...valid.contact, phone }).ok).toBe(true);
  });

  test.each(['12345', '416-555-01234', 'abc', '(416 555-0123'])('phone %s is rejected', (phone) => {
    expect(validateLead('contact', { ...valid.contact, phone })).toEqual({ ok: false, errors: { phone: P1 } });
  });

  test.each(['https://fleet.example', 'http://localhost:3000/path', 'fleet.example/partners', 'www.example.ca'])('website %s is accepted', (website) => {
    expect(validateLead('partner', { ...valid.partner, website }).ok).toBe(true);
  });

  test('a required field of nothing visible (format, control, filler and blank characters) gets its required message', () => {
    for (const blank of ['\u200B', '\u2060', '\uFEFF', '\u180E', '\u3164', '\u2800', '\u0085', '\u00AD', '\u115F\uFFA0', ' \u200D\u2800\t']) {
      expect(validateLead('contact', { ...valid.contact, name: blank }), JSON.stringify(blank)).toEqual({ ok: false, errors: { name: 'Name Required' } });
      expect(validateLead('wizard', { ...valid.wizard, companyName: blank })).toEqual({ ok: false, errors: { companyName: 'Company name is required' } });
    }
    // Visible text with an invisible character in it is still text.
    expect(validateLead('contact', { ...valid.contact, name: 'Ana\u200BSilva' }).ok).toBe(true);
    expect(validateLead('contact', { ...valid.contact, name: 'Zoë' }).ok).toBe(true);
  });

  test('an empty form reports every required field at once', () => {
    const result = validateLead('partner', {});
    expect(result.ok).toBe(false);
    expect(Object.keys(!result.ok ? result.errors : {}).sort()).toEqual(['businessname', 'companytype', 'country', 'department', 'email', 'employees', 'firstname', 'jobtitle', 'lastname', 'otheremail', 'otherphone', 'phonenumber', 'state', 'website']);
  });

  test('unknown fields are dropped, not passed on', () => {
    const result = validateLead('newsletter', { email: 'a@b.ca', admin: true });
    expect(result).toEqual({ ok: true, fields: { email: 'a@b.ca' } });
  });
});

describe('e-mail addresses mail can carry', () => {
  const local64 = 'a'.repeat(64);
  const domain = (length: number) => `${'d'.repeat(length - 3)}.ca`;

  test('64 characters before the @ and 254 in all are accepted', () => {
    expect(validateLead('newsletter', { email: `${local64}@fleet.ca` }).ok).toBe(true);
    const longest = `${local64}@${domain(254 - 65)}`;
    expect(longest).toHaveLength(254);
    expect(validateLead('newsletter', { email: longest }).ok).toBe(true);
  });

  test.each([
    ['contact', E1],
    ['wizard', E1],
    ['job', E1],
    ['newsletter', 'Invalid email address'],
  ] as const)('%s: 65 characters before the @, or 255 in all, give the e-mail format message (300 characters were accepted)', (form, message) => {
    for (const email of [`a${local64}@fleet.ca`, `${local64}@${domain(255 - 65)}`, `${'a'.repeat(60)}@${domain(239)}`]) {
      expect(validateLead(form, { ...valid[form], email })).toEqual({ ok: false, errors: { email: message } });
    }
  });

  test('the partner form\'s second address has the same limits', () => {
    expect(validateLead('partner', { ...valid.partner, otheremail: `a${local64}@x.ca` })).toEqual({ ok: false, errors: { otheremail: E1 } });
  });

  test('a long address is refused quickly (the length is checked before the pattern)', () => {
    const started = performance.now();
    validateLead('newsletter', { email: `a@${'a-'.repeat(20_000)}!` });
    expect(performance.now() - started).toBeLessThan(100);
  });
});

describe('field names come from the schema only', () => {
  test.each(['toString', 'constructor', 'valueOf', 'hasOwnProperty', '__proto__', 'isPrototypeOf'])('a field named %s is ignored like any unknown field, not "_: field.resolve is not a function"', (name) => {
    const input = JSON.parse(`{"email":"a@b.ca",${JSON.stringify(name)}:"x"}`);
    expect(validateLead('newsletter', input)).toEqual({ ok: true, fields: { email: 'a@b.ca' } });
    const empty = JSON.parse(`{${JSON.stringify(name)}:"x"}`);
    expect(validateLead('newsletter', empty)).toEqual({ ok: false, errors: { email: 'Email is required' } });
  });

  test('values that are not an object are refused with the spec\'s messages, never an internal error', () => {
    for (const input of [null, 'text', 42, [], [['email', 'a@b.ca']]]) {
      const result = validateLead('newsletter', input);
      expect(result).toEqual({ ok: false, errors: { email: 'Email is required' } });
    }
  });
});

describe('payload composition (the spec)', () => {
  const payload = <F extends FormName>(form: F) => {
    const result = validateLead(form, valid[form]);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    return (compose[form] as (f: Fields<F>) => LeadMessage)(result.fields);
  };

  test('wizard: first + last name; company, industry and vehicles in the message', () => {
    expect(payload('wizard')).toEqual({ from_name: 'Ana Silva', from_email: 'ana@fleet.ca', phone_number: '416-555-0123', message: 'Company name: Silva Couriers\nIndustry: Delivery\nVehicles: 5 - 29' });
  });

  test('contact: the name; additional info then "How did you find?" and the source', () => {
    expect(payload('contact')).toEqual({ from_name: 'Ana Silva', from_email: 'ana@fleet.ca', phone_number: '(416) 555-0123', message: 'Twelve vans in Mississauga.\nHow did you find? LinkedIn' });
  });

  test('newsletter: only the e-mail', () => {
    expect(payload('newsletter')).toEqual({ from_name: '', from_email: 'ana@fleet.ca', phone_number: '', message: '' });
  });

  test('partner: first + last name; business details and department, not employees or the other contact', () => {
    const p = payload('partner');
    expect(p).toMatchObject({ from_name: 'Ben Roy', from_email: 'ben@northinstall.example', phone_number: '+1 416 555 0199' });
    expect(p.message).toBe('Business name: North Install Ltd.\nCompany type: Support\nWebsite: https://northinstall.example\nJob title: Owner\nCountry: CA\nState: CO\nOther info: We install in the GTA.\nDepartment: Sales');
    expect(p.message).not.toMatch(/ops@northinstall|Employees/);
  });

  test('job: the full name; résumé file name, location, company, the URLs and additional info', () => {
    expect(payload('job')).toEqual({
      from_name: 'Chen Wei', from_email: 'chen@example.com', phone_number: '4165550123',
      message: 'Resume: cv.pdf\nLocation: Toronto\nCompany: Acme\nLinkedIn: https://linkedin.com/in/x\nPortfolio: https://chen.example\nAdditional info: Hello',
    });
  });
});

describe('the validation module runs in browsers too', () => {
  test('it bundles for the browser with no Node built-ins', async () => {
    const { build } = await import('esbuild');
    const { gzipSync } = await import('node:zlib');
    const result = await build({ entryPoints: ['common/lead/validation.ts'], bundle: true, platform: 'browser', format: 'esm', minify: true, write: false, logLevel: 'silent' });
    expect(result.errors).toEqual([]);
    const size = gzipSync(result.outputFiles[0]!.contents).length;
    expect(size).toBeLessThan(20 * 1024);
  });
});
