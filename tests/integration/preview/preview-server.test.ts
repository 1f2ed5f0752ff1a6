// `site preview` as a web page on the author's machine could abuse it: a real preview
// of the shipped content, its lead function on s3rver and the SES emulator, called over HTTP
// with the Host and Origin headers a DNS-rebinding page or another site's page makes a browser send.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isLoopback, startPreview, type Preview } from '../../../generator/preview/server.ts';
import { MAX_BODY_BYTES, parseBody } from '../../../functions/send-email/http.ts';
import { contentDir } from '../../helpers.ts';
import { call } from '../http-client.ts';

let dir: string;
let preview: Preview;
let base: string;
let port: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'preview-security-'));
  preview = await startPreview({ contentDir, outDir: join(dir, 'preview'), port: 0, host: '127.0.0.1', watch: false, log: () => {} });
  base = preview.url;
  port = new URL(base).port;
}, 60_000);

afterAll(async () => {
  await preview?.close();
  rmSync(dir, { recursive: true, force: true });
});

const EMAIL = 'ana.rebinding@fleet.ca';
let counter = 0;

/** Sends a real contact lead from the preview's own pages; `marker` finds it again. */
async function sendLead(marker: string): Promise<void> {
  const fields = { name: 'Ana Silva', phone: '(416) 555-0123', email: EMAIL, department: 'LinkedIn', additionalInfo: marker };
  const body = JSON.stringify({ form: 'contact', fields, submissionId: `preview-${Date.now()}-${counter++}`, fax: '' });
  const answer = await call(base, '/send-email/', { method: 'POST', origin: base, type: 'application/json', body });
  expect(answer.status, answer.text).toBe(200);
}

async function archivedMarkers(): Promise<string[]> {
  const answer = await call(base, '/_site/leads');
  expect(answer.status).toBe(200);
  return (JSON.parse(answer.text) as { leads: { fields: { additionalInfo?: string } }[] }).leads.map((l) => l.fields.additionalInfo ?? '');
}

describe('the preview answers only requests addressed to itself', () => {
  test('a foreign Host (DNS rebinding) gets 421 and no lead data: /_site/leads, /_admin/api/state, a page', async () => {
    await sendLead('rebinding read');
    for (const path of ['/_site/leads', '/_admin/api/state', '/_admin', '/faqs', '/', '/_site/client.js']) {
      const answer = await call(base, path, { host: `attacker.example:${port}` });
      expect(answer.status, path).toBe(421);
      expect(answer.headers['content-type'], path).toMatch(/^text\/plain/);
      expect(answer.text, path).not.toContain(EMAIL);
      expect(answer.text, path).toContain('DNS rebinding');
    }
    expect((await call(base, '/_site/leads')).text).toContain(EMAIL);
  });

  test('a DNS-rebinding DELETE (Host: attacker.example:PORT) cannot clear the archive', async () => {
    await sendLead('rebinding delete');
    const answer = await call(base, '/_site/leads', { method: 'DELETE', host: `attacker.example:${port}`, origin: `http://attacker.example:${port}` });
    expect(answer.status).toBe(421);
    expect(await archivedMarkers()).toContain('rebinding delete');
  });

  test('the preview still answers under 127.0.0.1, localhost and [::1] with its port, and not under another port', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LocalHost:${port}`, `[::1]:${port}`]) {
      expect((await call(base, '/faqs', { host })).status, host).toBe(200);
    }
    for (const host of [`127.0.0.1:1`, '127.0.0.1', `localhost.:${port}`, `evil.localhost:${port}`, `127.0.0.1.nip.io:${port}`]) {
      expect((await call(base, '/faqs', { host })).status, host).toBe(421);
    }
  });

  test('the lead function refuses a foreign Host, and keeps its own origin rule', async () => {
    const body = JSON.stringify({ form: 'newsletter', fields: { email: 'r@example.ca' }, fax: '' });
    const rebound = await call(base, '/send-email/', { method: 'POST', host: `attacker.example:${port}`, origin: `http://attacker.example:${port}`, type: 'application/json', body });
    expect(rebound.status).toBe(421);
    const foreign = await call(base, '/send-email/', { method: 'POST', origin: 'http://evil.example', type: 'application/json', body });
    expect(foreign.status).toBe(403);
    expect(JSON.parse(foreign.text)).toEqual({ accepted: false, error: 'This origin may not call the lead function.' });
  });
});

describe('a preview reachable from other machines says so', () => {
  test('with --host 0.0.0.0 it warns that anyone who reaches the machine can open the admin and the leads; on 127.0.0.1 it does not', async () => {
    const lines: string[] = [];
    const open = await startPreview({ contentDir, outDir: join(dir, 'preview-lan'), port: 0, host: '0.0.0.0', watch: false, log: (line) => lines.push(line) });
    await open.close();
    expect(lines.join('\n')).toMatch(/Listening on 0\.0\.0\.0: anyone who can reach this machine on port \d+ can open the admin and read or clear the leads/);
    expect(isLoopback('127.0.0.1') && isLoopback('localhost') && isLoopback('[::1]') && isLoopback('127.0.1.1')).toBe(true);
    expect(isLoopback('0.0.0.0') || isLoopback('::') || isLoopback('192.168.1.20') || isLoopback('mybox.lan')).toBe(false);
  }, 60_000);
});

describe('the local S3 and SES stand-ins answer only the preview', () => {
  /** A browser's multipart POST to s3rver, as a form on another site can send it without asking first. */
  const upload = (key: string) => {
    const boundary = '----stand-in-test';
    return Buffer.from([
      `--${boundary}`, `Content-Disposition: form-data; name="key"`, '', key,
      `--${boundary}`, `Content-Disposition: form-data; name="file"; filename="x.txt"`, 'Content-Type: text/plain', '', 'planted',
      `--${boundary}--`, '',
    ].join('\r\n'));
  };
  const multipart = 'multipart/form-data; boundary=----stand-in-test';

  test('another site\'s page cannot post into the archive (s3rver writes a key\'s ../ to disk) nor read it by rebinding', async () => {
    const s3 = preview.leads.s3!;
    const s3Port = new URL(s3).port;
    for (const origin of ['http://evil.example', 'null', `http://attacker.example:${port}`]) {
      const answer = await call(s3, '/trillium-leads-local', { method: 'POST', origin, type: multipart, body: upload('../../../planted-by-test') });
      expect(answer.status, origin).toBe(403);
    }
    const rebound = await call(s3, '/trillium-leads-local?list-type=2', { host: `attacker.example:${s3Port}` });
    expect(rebound.status).toBe(421);
    expect(existsSync(join(dir, 'planted-by-test._S3rver_object'))).toBe(false);
    expect(readdirSync(dir)).not.toContain('planted-by-test._S3rver_object');
    // The preview's own pages, by any address the preview answers to, may upload (the résumé).
    for (const origin of [base, `http://localhost:${port}`]) {
      const answer = await call(s3, '/trillium-leads-local', { method: 'POST', origin, type: multipart, body: upload('uploads/stand-in-test.txt') });
      expect(answer.status, `${origin} ${answer.text}`).toBeLessThan(300);
    }
  });

  test('another site\'s page cannot clear the captured mail, and a rebinding page cannot read it', async () => {
    await sendLead('stand-in ses');
    const ses = preview.leads.inbox!.replace(/\/$/, '');
    const sesPort = new URL(ses).port;
    const cleared = await call(ses, '/clear-store', { method: 'POST', origin: 'https://evil.example', type: 'text/plain', body: '' });
    expect(cleared.status).toBe(403);
    const read = await call(ses, '/store', { host: `attacker.example:${sesPort}` });
    expect(read.status).toBe(421);
    expect(read.text).not.toContain(EMAIL);
    // Its own inbox page (same origin) and the preview itself still read it.
    expect((await call(ses, '/store', { origin: ses })).text).toContain('stand-in ses');
    expect(await archivedMarkers()).toContain('stand-in ses');
  });

  test('the lead function\'s answers carry the site\'s security headers, as CloudFront adds them in production', async () => {
    const body = JSON.stringify({ form: 'newsletter', fields: { email: 'headers@example.ca' }, submissionId: `headers-${Date.now()}`, fax: '' });
    const json = await call(base, '/send-email/', { method: 'POST', origin: base, type: 'application/json', body });
    const page = await call(base, '/send-email/', { method: 'POST', origin: base, type: 'application/x-www-form-urlencoded', body: `form=contact&name=${'A'.repeat(70_000)}` });
    expect(page.status).toBe(413);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    for (const answer of [json, page]) {
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
  });

  test('a form sent from the preview opened at localhost is accepted, as from 127.0.0.1', async () => {
    const fields = { name: 'Ana Silva', phone: '(416) 555-0123', email: EMAIL, department: 'LinkedIn', additionalInfo: 'from localhost' };
    const body = JSON.stringify({ form: 'contact', fields, submissionId: `localhost-${Date.now()}`, fax: '' });
    const origin = `http://localhost:${port}`;
    const answer = await call(base, '/send-email/', { method: 'POST', host: `localhost:${port}`, origin, type: 'application/json', body });
    expect(answer.status, answer.text).toBe(200);
    // A page of another port or scheme is still another origin.
    const other = await call(base, '/send-email/', { method: 'POST', host: `localhost:${port}`, origin: `http://localhost:1`, type: 'application/json', body });
    expect(other.status).toBe(403);
  });
});

describe('only a same-origin request changes anything', () => {
  test('a cross-origin DELETE (Origin: http://evil.example) is refused with 403 and the archive is intact', async () => {
    await sendLead('cross-origin delete');
    for (const origin of ['http://evil.example', 'null', `http://localhost:${port}`, `https://127.0.0.1:${port}`]) {
      const answer = await call(base, '/_site/leads', { method: 'DELETE', origin });
      expect(answer.status, origin).toBe(403);
    }
    expect(await archivedMarkers()).toContain('cross-origin delete');
  });

  test('a DELETE without an Origin header is refused with 403', async () => {
    await sendLead('no origin delete');
    expect((await call(base, '/_site/leads', { method: 'DELETE' })).status).toBe(403);
    // The request line may name the whole URL (absolute form): the same path, the same rule.
    expect((await call(base, `${base}/_site/leads`, { method: 'DELETE' })).status).toBe(403);
    expect(await archivedMarkers()).toContain('no origin delete');
  });

  test('another site cannot make the browser fetch the admin\'s state (each one a whole site\'s) or the preview\'s events; a link to the admin still opens it', async () => {
    for (const site of ['cross-site', 'same-site']) {
      for (const path of ['/_admin/api/state', '/_site/leads', '/_site/events']) {
        const answer = await call(base, path, { headers: { 'sec-fetch-site': site, 'sec-fetch-mode': 'no-cors' } });
        expect(answer.status, `${site} ${path}`).toBe(403);
      }
      expect((await call(base, '/_admin', { headers: { 'sec-fetch-site': site, 'sec-fetch-mode': 'navigate' } })).status).toBe(200);
    }
    expect((await call(base, '/_admin/api/state', { headers: { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' } })).status).toBe(200);
  });

  test('a POST to the admin API from another origin is refused with 403', async () => {
    expect((await call(base, '/_admin/api/state', { method: 'POST', origin: 'http://evil.example' })).status).toBe(403);
    expect((await call(base, '/_site/events', { method: 'POST' })).status).toBe(403);
  });

  test('a same-origin DELETE clears the local archive', async () => {
    await sendLead('same-origin delete');
    const answer = await call(base, '/_site/leads', { method: 'DELETE', origin: base });
    expect(answer.status).toBe(204);
    expect(await archivedMarkers()).toEqual([]);
  });

  test('the leads answer says the archive is the local emulator, which may be cleared', async () => {
    const answer = JSON.parse((await call(base, '/_site/leads')).text) as { mode: unknown; clearable: unknown };
    expect(answer).toMatchObject({ mode: 'local', clearable: true });
  });
});

describe('the lead function adapter', () => {
  const expected = () => {
    const parsed = parseBody({ body: 'x'.repeat(MAX_BODY_BYTES + 1), headers: {} }, ['json']);
    return { accepted: false, error: parsed.kind === 'error' ? parsed.message : '' };
  };

  test("a 65 KB body to /send-email/ answers 413 with the Lambda's body", async () => {
    const fields = { name: 'Ana Silva', phone: '(416) 555-0123', email: EMAIL, department: 'LinkedIn', additionalInfo: 'x'.repeat(65 * 1024) };
    const answer = await call(base, '/send-email/', { method: 'POST', origin: base, type: 'application/json', body: JSON.stringify({ form: 'contact', fields, fax: '' }) });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toEqual(expected());
  });

  test('a body announced as 100 MB is answered 413 after the first 64 KB, not read to the end', async () => {
    const socket = connect(Number(port), '127.0.0.1');
    let received = '';
    socket.on('data', (d: Buffer) => (received += d.toString('utf8')));
    socket.on('error', () => {});
    socket.write(`POST /send-email/ HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${base}\r\nContent-Type: application/json\r\nContent-Length: 100000000\r\n\r\n`);
    socket.write(`{"form":"contact","fields":{"additionalInfo":"${'x'.repeat(MAX_BODY_BYTES + 1024)}`);
    try {
      await expect.poll(() => received, { timeout: 5_000 }).toMatch(/^HTTP\/1\.1 413 /);
      await expect.poll(() => received).toContain(JSON.stringify(expected()));
    } finally {
      socket.destroy();
    }
  });
});

describe('the preview serves only its own build', () => {
  test('no path leaves the output folder or follows a symlink: .., %2e%2e, %2f, backslashes, NUL', async () => {
    const secret = 'SECRET-OUTSIDE-THE-PREVIEW';
    writeFileSync(join(dir, 'secret.txt'), secret);
    symlinkSync(join(dir, 'secret.txt'), join(dir, 'preview', 'leak.txt'));
    symlinkSync(dir, join(dir, 'preview', 'up'));
    const paths = [
      '/leak.txt', '/up/secret.txt', '/../secret.txt', '/%2e%2e/secret.txt', '/%2E%2E%2Fsecret.txt', '/..%2fsecret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt', '/..\\secret.txt', '/%5c..%5csecret.txt', '/secret.txt%00.html', '/%2e%2e/preview-aws/endpoints.json', '/%E0%A4%A',
    ];
    for (const path of paths) {
      const answer = await call(base, path);
      expect([400, 404], path).toContain(answer.status);
      expect(answer.text, path).not.toContain(secret);
      expect(answer.text, path).not.toContain('"bucket"');
    }
  });
});

describe('the preview redirects only within itself', () => {
  test('a request for //evil.example/ is a path: the URL rule answers 301 to a same-site path, as at the edge', async () => {
    for (const path of ['//evil.example/', '///evil.example/x/', '/\\evil.example/']) {
      const answer = await call(base, path);
      expect(answer.status, path).toBe(301);
      const location = String(answer.headers.location);
      expect(location, path).toMatch(/^\/[^/\\]/);
    }
  });
});
