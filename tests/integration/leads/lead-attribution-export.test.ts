// Issue #18 against the emulators: where a lead came from (landing page, referrer, UTM) reaches
// the archive and the sales e-mail; `site leads export` writes CSV a strict parser reads back,
// neutralised against formula injection, with each address's consent standing; `site leads
// consent` prints an address's history.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runConsent, runExport } from '../../../generator/cli/leads-command.ts';
import { EXPORT_COLUMNS } from '../../../generator/leads/leads-export.ts';
import { call, event, lead, ORIGIN, settings, startEmulators, valid, type Emulators } from '../lead-harness.ts';
import { contentDir } from '../../helpers.ts';

const SECRET = 'test-link-secret-0123456789-abcdefghijklmnop';
let aws: Emulators;
let handler: ReturnType<Emulators['handler']>;

beforeAll(async () => {
  aws = await startEmulators('leads-export');
  handler = aws.handler({ linkSecret: SECRET, linkBase: ORIGIN });
});
afterAll(() => aws.close());

/** RFC 4180, strictly: every record ends with CRLF, quoted fields double their quotes, nothing after a closing quote but a comma or CRLF. */
function parseCsv(text: string): string[][] {
  // The export starts with a UTF-8 byte-order mark, for Excel (generator/leads/leads-export.ts).
  if (!text.startsWith('\uFEFF')) throw new Error('no UTF-8 byte-order mark');
  const records: string[][] = [];
  let i = 1;
  while (i < text.length) {
    const record: string[] = [];
    for (;;) {
      let value = '';
      if (text[i] === '"') {
        i += 1;
        for (;;) {
          if (i >= text.length) throw new Error('unclosed quote');
          if (text[i] === '"') {
            if (text[i + 1] === '"') { value += '"'; i += 2; continue; }
            i += 1;
            break;
          }
          value += text[i++];
        }
      } else {
        while (i < text.length && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') {
          if (text[i] === '"') throw new Error(`bare quote at ${i}`);
          value += text[i++];
        }
      }
      record.push(value);
      if (text[i] === ',') { i += 1; continue; }
      if (text.slice(i, i + 2) === '\r\n') { i += 2; break; }
      throw new Error(`expected , or CRLF at ${i}, found ${JSON.stringify(text.slice(i, i + 5))}`);
    }
    records.push(record);
  }
  return records;
}

const exported = async (options: Record<string, string> = {}) => {
  let text = '';
  await runExport({ contentDir, bucket: aws.bucket, s3Endpoint: aws.s3.url, ...options, write: (t) => (text += t) });
  return text;
};

describe('attribution', () => {
  test('the landing page, referrer and UTM parameters reach the archive and the sales e-mail; bad values are dropped, never the lead', async () => {
    await aws.clearMail();
    const attribution = {
      landing: '/solutions/eld?utm_source=linkedin&utm_campaign=eld-2026', referrer: 'www.LinkedIn.com', page: '/contact-us',
      utm_source: 'linkedin', utm_medium: 'paid social', utm_campaign: 'eld-2026', utm_term: 'été', utm_content: '<script>alert(1)</script>',
    };
    const response = await call(handler, lead('contact', { ...valid.contact, email: `utm-${Date.now()}@fleet.ca` }, { attribution }));
    expect(response.json).toMatchObject({ accepted: true });
    const stored = (await aws.leads()).find((l) => l.id === response.json.id)!;
    expect(stored.attribution).toEqual({ landing: attribution.landing, referrer: 'www.linkedin.com', page: '/contact-us', utm_source: 'linkedin', utm_medium: 'paid social', utm_campaign: 'eld-2026', utm_term: 'été' });
    const sales = (await aws.mails()).find((m) => m.destination.to.includes(settings.salesInbox))!;
    for (const line of ['Where it came from', 'UTM campaign: eld-2026', 'UTM source: linkedin', 'Referred by: www.linkedin.com', 'Landing page: /solutions/eld?utm_source=linkedin&utm_campaign=eld-2026']) expect(sales.body.text).toContain(line);
    expect(sales.body.html).toContain('eld-2026');
    expect(sales.body.html).not.toContain('<script>');
  });

  test('a plain form post carries the page it was sent from (its Referer on the site), never another site\'s', async () => {
    const post = (referer: string, email: string) => handler(event(new URLSearchParams({ form: 'contact', ...valid.contact, email }).toString(), { type: 'application/x-www-form-urlencoded', headers: { referer } }));
    const mine = `nojs-${Date.now()}@fleet.ca`;
    const other = `nojs-other-${Date.now()}@fleet.ca`;
    expect((await post(`${ORIGIN}/contact-us?utm_source=flyer`, mine)).statusCode).toBe(303);
    expect((await post('https://evil.example/contact-us', other)).statusCode).toBe(303);
    const leads = await aws.leads();
    expect(leads.find((l) => l.fields.email === mine)!.attribution).toEqual({ page: '/contact-us?utm_source=flyer' });
    expect(leads.find((l) => l.fields.email === other)!.attribution).toBeUndefined();
  });
});

describe('site leads export and consent', () => {
  test('CSV round-trips through a strict parser, values that would be formulas are neutralised, consent and withdrawal shown', async () => {
    const address = `export-${Date.now()}@example.ca`;
    await aws.clearMail();
    await call(handler, lead('newsletter', { email: address }, { attribution: { utm_campaign: 'spring' } }));
    const formula = { ...valid.contact, name: '=HYPERLINK("https://evil.example","Click")', email: `formula-${Date.now()}@fleet.ca`, additionalInfo: '+1 line, "quoted"\nsecond line\r\n-3' };
    const contact = await call(handler, lead('contact', formula));
    expect(contact.json).toMatchObject({ accepted: true });

    const unsubscribe = new URL(/https:\/\/\S+\/send-email\/unsubscribe\?t=\S+/.exec((await aws.mails()).find((m) => m.destination.to.includes(address))!.body.text)![0]);
    const answer = await handler({ ...event('', { method: 'GET', path: unsubscribe.pathname, origin: undefined }), rawQueryString: unsubscribe.search.slice(1) });
    expect(answer.statusCode).toBe(200);

    const rows = parseCsv(await exported());
    expect(rows[0]).toEqual([...EXPORT_COLUMNS]);
    expect(rows.slice(1).every((r) => r.length === EXPORT_COLUMNS.length)).toBe(true);
    const byEmail = new Map(rows.slice(1).map((r) => [r[EXPORT_COLUMNS.indexOf('email')]!, Object.fromEntries(EXPORT_COLUMNS.map((c, i) => [c, r[i]!]))]));
    const subscriber = byEmail.get(address)!;
    expect(subscriber).toMatchObject({ form: 'newsletter', newsConsent: 'withdrawn', utm_campaign: 'spring' });
    expect(subscriber.consentWording).toMatch(/^[0-9a-f]{12}$/);
    const risky = byEmail.get(formula.email)!;
    expect(risky.name).toBe(`'${formula.name}`);
    expect(risky.fields).toContain('"quoted"');
    expect(risky.fields).toContain('\nsecond line');
    // No cell starts with a formula character.
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);

    const json = JSON.parse(await exported({ format: 'json', form: 'newsletter' })) as { form: string; consentStanding: { status: string } }[];
    expect(json.length).toBeGreaterThan(0);
    expect(json.every((l) => l.form === 'newsletter')).toBe(true);
    expect(parseCsv(await exported({ until: '2000-01-01' }))).toHaveLength(1);
    await expect(exported({ format: 'xlsx' })).rejects.toThrow(/--format must be csv or json/);

    let history = '';
    const events = await runConsent({ contentDir, bucket: aws.bucket, s3Endpoint: aws.s3.url, email: address.toUpperCase(), write: (t) => (history += t) });
    expect(events.map((e) => e.type)).toEqual(['requested', 'withdrawn']);
    expect(history).toMatch(/requested .* newsletter form \(en\)/);
    expect(history).toContain(`wording ${subscriber.consentWording}: "By subscribing`);
    expect(history).toMatch(/withdrawn +by the unsubscribe link/);
  });
});
