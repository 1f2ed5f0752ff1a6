// The admin's server side on a real build of the shipped content, behind a bare HTTP server.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Builder } from '../../../generator/build/build.ts';
import { securityHeaders } from '../../../generator/output/headers.ts';
import { createAdmin, type Admin } from '../../../generator/preview/admin/server.ts';
import type { AdminState } from '../../../generator/preview/admin/types.ts';
import type { Problem } from '../../../generator/problems/problems.ts';
import { contentDir, root } from '../../helpers.ts';

let admin: Admin;
let server: Server;
let base: string;
const problems: Problem[] = [];

beforeAll(async () => {
  const builder = new Builder({ root, contentDir, mode: 'preview', includeDrafts: true });
  await builder.full();
  admin = createAdmin({ root, builder, contentDir, problems: () => problems, log: () => {} });
  admin.built({ kind: 'full', ms: 12, edited: [] });
  // Stands in for the preview: anything the admin does not answer is a site page with production's headers.
  server = createServer((req, res) => {
    if (admin.handle(req, res, new URL(req.url ?? '/', 'http://preview.local'))) return;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...securityHeaders }).end('<!DOCTYPE html><title>page</title>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  admin.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('admin server', () => {
  test('serves its page, bundle and stylesheet from memory, with a policy of its own', async () => {
    const page = await fetch(`${base}/_admin`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("frame-src 'self'");
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(await page.text()).toContain('<script type="module" src="/_admin/app.js"></script>');
    const js = await fetch(`${base}/_admin/app.js`);
    expect(js.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect((await js.text()).length).toBeGreaterThan(50_000);
    const css = await (await fetch(`${base}/_admin/app.css`)).text();
    expect(css).toContain('--green-dark: #0a7f5a;');
    expect((await fetch(`${base}/_admin/nope`)).status).toBe(404);
    expect((await fetch(`${base}/_admin/api/state`, { method: 'POST' })).status).toBe(405);
  });

  test('the state lists pages with weights and sources, every content file, and the first build', async () => {
    const state = (await (await fetch(`${base}/_admin/api/state`)).json()) as AdminState;
    const home = state.pages.find((p) => p.path === '/')!;
    expect(home.sources.map((s) => s.file)).toEqual([expect.stringMatching(/content\/pages\/home\.yaml$/)]);
    expect(home.sources[0]!.href).toMatch(/^vscode:\/\/file\/.*\/content\/pages\/home\.yaml$/);
    expect(home.weight.js).toBeGreaterThan(1000);
    expect(home.islands).toContain('BenefitsGrid');
    const blog = state.collections.find((c) => c.name === 'blog')!;
    expect(blog.items.length).toBeGreaterThan(5);
    expect(blog.items.every((i) => i.status === 'valid' && i.pages.length === 1)).toBe(true);
    expect(state.builds[0]).toMatchObject({ kind: 'full', ms: 12, problems: 0, rerenderedCount: state.pages.length });
    expect(state.builds[0]!.timings.map((t) => t.stage)).toEqual(expect.arrayContaining(['load', 'validate', 'render']));
  });

  test('pushes a new state after each build, including a generator error with its stack', async () => {
    const events: string[] = [];
    const request = get(`${base}/_admin/events`, (res) => res.on('data', (chunk: Buffer) => events.push(chunk.toString())));
    try {
      await expect.poll(() => events.join('')).toMatch(/^event: state\ndata: \{/);
      admin.built({ kind: 'edit', ms: 3, edited: ['templates/pages/Faqs.tsx'], error: new Error('boom in a template') });
      // An event may arrive in several chunks (the state is larger than one): only whole ones count.
      const states = () => events.join('').split('\n\n').slice(0, -1);
      await expect.poll(() => states().length).toBeGreaterThan(1);
      const pushed = JSON.parse(states().at(-1)!.replace(/^event: state\ndata: /, '')) as AdminState;
      expect(pushed.builds[0]).toMatchObject({ kind: 'edit', edited: ['templates/pages/Faqs.tsx'], error: { message: 'boom in a template' } });
      expect(pushed.builds[0]!.error!.stack).toContain('admin-server.test.ts');
      expect(pushed.builds[1]!.kind).toBe('full');
    } finally {
      request.destroy();
    }
  });

  test('an edit of thousands of files (a folder saved at once, a link to a big folder) lists the first 200 and counts them all', async () => {
    const edited = Array.from({ length: 5000 }, (_, i) => `content/blog/post-${i}.md`);
    admin.built({ kind: 'edit', ms: 3, edited });
    const state = (await (await fetch(`${base}/_admin/api/state`)).json()) as AdminState;
    expect(state.builds[0]!.edited).toEqual(edited.slice(0, 200));
    expect(state.builds[0]!.editedCount).toBe(5000);
  });

  test('a site page may be framed by a same-origin frame (the admin), and by nothing else', async () => {
    const framed = await fetch(`${base}/faqs`, { headers: { 'sec-fetch-dest': 'iframe', 'sec-fetch-site': 'same-origin' } });
    expect(framed.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(framed.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    const others: Record<string, string>[] = [{}, { 'sec-fetch-dest': 'iframe', 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-dest': 'document', 'sec-fetch-site': 'same-origin' }];
    for (const headers of others) {
      const page = await fetch(`${base}/faqs`, { headers });
      expect(page.headers.get('x-frame-options')).toBe('DENY');
      expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
  });
});
