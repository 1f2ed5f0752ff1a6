// CloudFront's access-log lines (generator/traffic/log-format.ts): the legacy W3C format as
// CloudFront writes it, standard logging v2's W3C with its own fields and JSON lines, CloudFront's
// extra encoding, IPv6 viewers, `-` values and broken lines; and what the local servers write
// reads back the same.
import { describe, expect, test } from 'vitest';
import { formatLine, LEGACY_FIELDS, LOG_HEADER, parseLog } from '../../../generator/traffic/log-format.ts';

// A line as CloudFront's documentation and real logs show it (legacy, 33 fields).
const LEGACY = [
  '#Version: 1.0',
  `#Fields: ${LEGACY_FIELDS.join(' ')}`,
  ['2026-11-30', '14:02:11', 'YTO50-C1', '48213', '203.0.113.7', 'GET', 'd111111abcdef8.cloudfront.net', '/solutions/eld', '200',
    'https://www.linkedin.com/', 'Mozilla/5.0%20(Windows%20NT%2010.0;%20Win64;%20x64)%20AppleWebKit/537.36%20(KHTML,%20like%20Gecko)%20Chrome/131.0.0.0%20Safari/537.36',
    'utm_source=linkedin&utm_medium=social&utm_campaign=winter%2520eld', '-', 'Miss', 'SOX4xwn4XV6Q4rgb7XiVGOHms_BGlTAC4KyHmureZmBNrjGdRLiNIQ==',
    'www.trilliumfleet.example', 'https', '412', '0.061', '-', 'TLSv1.3', 'TLS_AES_128_GCM_SHA256', 'Miss', 'HTTP/2.0', '-', '-', '51214', '0.061', 'Miss',
    'text/html', '48213', '-', '-'].join('\t'),
  ['2026-11-30', '14:02:12', 'YTO50-C1', '1200', '2001:db8:85a3::8a2e:370:7334', 'GET', 'd111111abcdef8.cloudfront.net', '/fr', '304',
    '-', '-', '-', '-', 'Hit', 'abc==', 'www.trilliumfleet.example', 'https', '300', '0.001', '-', 'TLSv1.3', 'TLS_AES_128_GCM_SHA256', 'Hit', 'HTTP/2.0', '-', '-', '443', '0.001', 'Hit', '-', '-', '-', '-'].join('\t'),
  'a truncated line\twith two fields',
].join('\n');

describe('reading', () => {
  test('the legacy format: fields by the #Fields line, CloudFront\'s encoding taken off once, - as nothing, IPv6', () => {
    const { entries, skipped } = parseLog(LEGACY);
    expect(skipped).toBe(1);
    expect(entries[0]).toEqual({
      at: Date.parse('2026-11-30T14:02:11Z'), method: 'GET', path: '/solutions/eld', status: 200, host: 'www.trilliumfleet.example',
      referrer: 'https://www.linkedin.com/', userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      // What the visitor sent (its own %20), CloudFront's %25 taken off.
      query: 'utm_source=linkedin&utm_medium=social&utm_campaign=winter%20eld', ip: '203.0.113.7', contentType: 'text/html',
    });
    expect(entries[1]).toMatchObject({ ip: '2001:db8:85a3::8a2e:370:7334', status: 304, referrer: undefined, userAgent: undefined, query: undefined });
  });

  test('standard logging v2, W3C with its own choice and order of fields (the new ones too)', () => {
    const text = '#Fields: timestamp(ms) c-ip cs-method cs-uri-stem sc-status cs(Referer) cs(User-Agent) cs-uri-query x-host-header asn c-country\n'
      + ['1764511331000', '198.51.100.4', 'GET', '/contact-us', '200', 'https://www.google.com/', 'Mozilla/5.0', '-', 'www.trilliumfleet.example', '577', 'CA'].join('\t');
    expect(parseLog(text).entries).toEqual([expect.objectContaining({ at: 1764511331000, path: '/contact-us', referrer: 'https://www.google.com/', host: 'www.trilliumfleet.example' })]);
  });

  test('standard logging v2\'s JSON lines; a line that is not JSON is skipped', () => {
    const text = `${JSON.stringify({ timestamp: '1764511331', 'c-ip': '198.51.100.4', 'cs-method': 'GET', 'cs-uri-stem': '/fr/contact-us', 'sc-status': '200', 'cs(User-Agent)': 'Mozilla/5.0%20(iPhone)', 'cs-uri-query': '-', 'cs(Host)': 'd1.cloudfront.net' })}\n{broken`;
    const { entries, skipped } = parseLog(text);
    expect(entries).toEqual([expect.objectContaining({ at: 1764511331000, path: '/fr/contact-us', userAgent: 'Mozilla/5.0 (iPhone)', query: undefined, host: 'd1.cloudfront.net' })]);
    expect(skipped).toBe(1);
  });

  test('a malformed escape is kept as written, not thrown on', () => {
    const line = LEGACY.split('\n')[2]!.replace('https://www.linkedin.com/', 'https://x.example/%E0%A4%A');
    expect(parseLog(line).entries[0]!.referrer).toBe('https://x.example/%E0%A4%A');
  });
});

test('what the local servers write reads back as it was: a space, a tab, a % and a newline in a value stay in their field', () => {
  const written = { at: Date.parse('2026-12-01T09:30:00.000Z'), ip: '127.0.0.1', port: 50122, method: 'GET', host: '127.0.0.1:4321', path: '/blogs', query: 'utm_campaign=spring%20sale&x=a%2Fb', status: 200, bytes: 5120, referrer: 'http://127.0.0.1:4321/', userAgent: 'Mozilla/5.0 (X11)\tevil\nline %41', contentType: 'text/html; charset=utf-8', ms: 12, protocol: 'http' as const };
  const line = formatLine(written);
  expect(line.split('\t')).toHaveLength(LEGACY_FIELDS.length);
  const [entry] = parseLog(LOG_HEADER + line).entries;
  expect(entry).toEqual({ at: written.at - (written.at % 1000), method: 'GET', path: '/blogs', status: 200, host: '127.0.0.1:4321', referrer: written.referrer, userAgent: written.userAgent, query: written.query, ip: '127.0.0.1', contentType: written.contentType });
});
