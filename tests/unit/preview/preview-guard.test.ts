// The rules that keep web pages from reading or changing the local servers:
// which Host a request may name, which Origin may change state, which paths a build may serve.
import { describe, expect, test } from 'vitest';
import { hostAllowed, originAllowed, parseHost } from '../../../generator/preview/guard.ts';
import { isSafeKey } from '../../../generator/preview/build-files.ts';
import { clearRefusal, leadsMode } from '../../../generator/preview/leads.ts';

describe('the Host rule', () => {
  const loopback = { host: '127.0.0.1', port: 4321 };

  test('a preview on 127.0.0.1 answers 127.0.0.1, localhost and [::1] with its port', () => {
    for (const host of ['127.0.0.1:4321', 'localhost:4321', 'LOCALHOST:4321', '[::1]:4321']) expect(hostAllowed(host, loopback), host).toBe(true);
  });

  test('a DNS-rebinding Host (any name but localhost) is refused, and so is another port or no Host', () => {
    const refused = [
      'attacker.example:4321', 'attacker.example', 'localhost.:4321', 'evil.localhost:4321', '127.0.0.1.nip.io:4321', 'localhost:80',
      '127.0.0.1:4322', '127.0.0.1', '[::1]', '::1:4321', '[evil]:4321', '127.0.0.1:4321:4321', '127.0.0.1:99999', '', undefined,
    ];
    for (const host of refused) expect(hostAllowed(host, loopback), String(host)).toBe(false);
  });

  test('--host 0.0.0.0 or :: answers any IP address of the machine and localhost, never a DNS name', () => {
    for (const bind of [{ host: '0.0.0.0', port: 8080 }, { host: '::', port: 8080 }]) {
      for (const host of ['192.168.1.20:8080', '10.0.0.5:8080', '[fe80::1]:8080', 'localhost:8080', '0.0.0.0:8080']) expect(hostAllowed(host, bind), host).toBe(true);
      for (const host of ['mybox.lan:8080', 'attacker.example:8080', '192.168.1.20:80']) expect(hostAllowed(host, bind), host).toBe(false);
    }
  });

  test('--host <name> answers that exact name too', () => {
    const named = { host: 'MyBox.lan', port: 4321 };
    expect(hostAllowed('mybox.lan:4321', named)).toBe(true);
    expect(hostAllowed('attacker.mybox.lan:4321', named)).toBe(false);
    expect(hostAllowed('[::1]:4321', { host: '[::1]', port: 4321 })).toBe(true);
  });

  test('port 80 may be left out, as browsers do', () => {
    expect(parseHost('localhost')).toEqual({ name: 'localhost', port: 80, ipv6: false });
    expect(hostAllowed('localhost', { host: '127.0.0.1', port: 80 })).toBe(true);
  });
});

describe('the Origin rule', () => {
  const host = '127.0.0.1:4321';

  test('GET and HEAD change nothing and need no Origin', () => {
    expect(originAllowed('GET', undefined, host)).toBe(true);
    expect(originAllowed('HEAD', 'http://evil.example', host)).toBe(true);
  });

  test('a DELETE or POST needs exactly the server’s own origin, as the browser sends it', () => {
    expect(originAllowed('DELETE', 'http://127.0.0.1:4321', host)).toBe(true);
    expect(originAllowed('POST', 'http://localhost:4321', 'LocalHost:4321')).toBe(true);
    expect(originAllowed('DELETE', 'http://[::1]:4321', '[::1]:4321')).toBe(true);
    const refused = [undefined, '', 'null', 'http://evil.example', 'http://127.0.0.1:4322', 'https://127.0.0.1:4321', 'http://localhost:4321', 'http://127.0.0.1:4321/', 'http://127.0.0.1:4321.evil.example'];
    for (const origin of refused) expect(originAllowed('DELETE', origin, host), String(origin)).toBe(false);
    expect(originAllowed('PUT', 'http://127.0.0.1:4321', undefined)).toBe(false);
  });
});

describe('build paths', () => {
  test('only plain relative paths inside the build are served', () => {
    for (const path of ['index.html', 'solutions/adas/index.html', 'assets/css/main-3FX2.css', '.well-known/security.txt']) expect(isSafeKey(path), path).toBe(true);
    for (const path of ['', '/etc/passwd', '../secret', 'a/../../b', './index.html', 'a//b', 'a\\..\\b', 'index.html\u0000.png', 'a/\n']) expect(isSafeKey(path), path).toBe(false);
  });
});

describe('leads mode', () => {
  test('LEADS_BUCKET and AWS_REGION mean the real bucket, which the preview never clears', () => {
    const aws = leadsMode({ LEADS_BUCKET: 'trillium-leads', AWS_REGION: 'ca-central-1' });
    expect(aws).toEqual({ kind: 'aws', bucket: 'trillium-leads', region: 'ca-central-1' });
    expect(clearRefusal(aws)).toBe('Leads are in the real bucket s3://trillium-leads (AWS, ca-central-1); the preview never deletes them.');
  });

  test('without both, the local emulator archive is used and may be cleared', () => {
    for (const env of [{}, { LEADS_BUCKET: 'trillium-leads' }, { AWS_REGION: 'ca-central-1' }]) {
      expect(leadsMode(env)).toEqual({ kind: 'local' });
      expect(clearRefusal(leadsMode(env))).toBeUndefined();
    }
  });
});
