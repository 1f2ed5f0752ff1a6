// `site serve` on a real `site build` output: it serves the files the build's
// manifest lists and nothing else, never follows a symlink, and answers only requests for itself.
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runBuild } from '../../../generator/cli/build-command.ts';
import { startServer } from '../../../generator/preview/server.ts';
import { contentDir } from '../../helpers.ts';
import { call } from '../http-client.ts';

const SECRET = 'SECRET-OUTSIDE-THE-BUILD';
let dir: string;
let dist: string;
let server: { url: string; close(): Promise<void> } | undefined;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'serve-security-'));
  dist = join(dir, 'dist');
  await runBuild({ contentDir, outDir: dist, includeDrafts: false });
  writeFileSync(join(dir, 'secret.txt'), SECRET);
}, 60_000);

afterEach(async () => {
  await server?.close();
  server = undefined;
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const serve = async () => (server = await startServer({ dir: dist, port: 0, host: '127.0.0.1', log: () => {} }));

/** Adds files to dist/ for one test, then removes them (the build stays as `site build` wrote it). */
function planted(make: () => string[]): () => void {
  const paths = make();
  return () => paths.forEach((p) => rmSync(p, { recursive: true, force: true }));
}

describe('site serve serves exactly the build', () => {
  test('a file placed in dist/ after the build (not in the manifest) is 404, and so is _admin/', async () => {
    const cleanup = planted(() => {
      writeFileSync(join(dist, 'extra.txt'), SECRET);
      mkdirSync(join(dist, '_admin'));
      writeFileSync(join(dist, '_admin/index.html'), `<!DOCTYPE html><title>${SECRET}</title>`);
      return [join(dist, 'extra.txt'), join(dist, '_admin')];
    });
    try {
      const { url } = await serve();
      for (const path of ['/extra.txt', '/_admin', '/_admin/index.html']) {
        const answer = await call(url, path);
        expect(answer.status, path).toBe(404);
        expect(answer.text, path).not.toContain(SECRET);
      }
      expect((await call(url, '/faqs')).status).toBe(200);
    } finally {
      cleanup();
    }
  });

  test('.site-build.json is 404', async () => {
    const { url } = await serve();
    const answer = await call(url, '/.site-build.json');
    expect(answer.status).toBe(404);
    expect(answer.text).not.toContain('"generator"');
  });

  test('a symlink in dist/ is not followed (404), even in place of a listed file', async () => {
    const robots = readFileSync(join(dist, 'robots.txt'));
    const cleanup = planted(() => {
      symlinkSync(join(dir, 'secret.txt'), join(dist, 'leak.txt'));
      symlinkSync(dir, join(dist, 'outside'));
      unlinkSync(join(dist, 'robots.txt'));
      symlinkSync(join(dir, 'secret.txt'), join(dist, 'robots.txt'));
      return [join(dist, 'leak.txt'), join(dist, 'outside'), join(dist, 'robots.txt')];
    });
    try {
      const { url } = await serve();
      for (const path of ['/leak.txt', '/outside/secret.txt', '/robots.txt']) {
        const answer = await call(url, path);
        expect(answer.status, path).toBe(404);
        expect(answer.text, path).not.toContain(SECRET);
      }
    } finally {
      cleanup();
      writeFileSync(join(dist, 'robots.txt'), robots);
    }
  });

  test('files are read when asked for and checked again then: a listed file or folder swapped for a link after the start is 404, and served again once it is real', async () => {
    const robots = readFileSync(join(dist, 'robots.txt'));
    const outside = join(dir, 'outside-faqs');
    mkdirSync(outside, { recursive: true });
    writeFileSync(join(outside, 'index.html'), `<!DOCTYPE html><title>${SECRET}</title>`);
    const lines: string[] = [];
    server = await startServer({ dir: dist, port: 0, host: '127.0.0.1', log: (line) => lines.push(line) });
    const { url } = server;
    expect((await call(url, '/robots.txt')).status).toBe(200);
    const faqs = await call(url, '/faqs');
    expect(faqs.status).toBe(200);
    try {
      unlinkSync(join(dist, 'robots.txt'));
      symlinkSync(join(dir, 'secret.txt'), join(dist, 'robots.txt'));
      renameSync(join(dist, 'faqs'), join(dir, 'faqs-moved'));
      symlinkSync(outside, join(dist, 'faqs'));
      for (const path of ['/robots.txt', '/faqs']) {
        const answer = await call(url, path);
        expect(answer.status, path).toBe(404);
        expect(answer.text, path).not.toContain(SECRET);
      }
      expect(lines.join('\n')).toMatch(/robots\.txt is a symbolic link: not served/);
      expect(lines.join('\n')).toMatch(/faqs\/index\.html is inside a symbolic link: not served/);
    } finally {
      unlinkSync(join(dist, 'robots.txt'));
      writeFileSync(join(dist, 'robots.txt'), robots);
      unlinkSync(join(dist, 'faqs'));
      renameSync(join(dir, 'faqs-moved'), join(dist, 'faqs'));
    }
    expect((await call(url, '/robots.txt')).text).toBe(robots.toString());
    expect((await call(url, '/faqs')).text).toBe(faqs.text);
  });

  test('a listed page rewritten after the start is served as it is now, with a new ETag', async () => {
    const file = join(dist, 'terms-conditions/index.html');
    const before = readFileSync(file);
    const { url } = await serve();
    const first = await call(url, '/terms-conditions');
    expect(first.text).toBe(before.toString());
    try {
      writeFileSync(file, before.toString().replace('</body>', '<p>rewritten</p></body>'));
      const second = await call(url, '/terms-conditions');
      expect(second.text).toContain('<p>rewritten</p>');
      expect(second.headers.etag).not.toBe(first.headers.etag);
    } finally {
      writeFileSync(file, before);
    }
  });

  test('no path leaves dist/: .., %2e%2e, %2f, backslashes, NUL', async () => {
    const { url } = await serve();
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/%2E%2E%2Fsecret.txt', '/..%2fsecret.txt', '/..\\secret.txt', '/%5c..%5csecret.txt', '/secret.txt%00.html']) {
      const answer = await call(url, path);
      expect([400, 404], path).toContain(answer.status);
      expect(answer.text, path).not.toContain(SECRET);
    }
  });

  test('a malformed percent-encoding is a 404, an unparsable request target a 400, and neither stops the server', async () => {
    const { url } = await serve();
    for (const path of ['/%E0%A4%A', '/faqs%ZZ', '/assets/%']) expect((await call(url, path)).status, path).toBe(404);
    // A request target no URL parser accepts.
    for (const path of ['http://[bad', '*']) expect((await call(url, path)).status, path).toBe(400);
    // A path that starts with // is a path (never a host name): the URL rule collapses it on-site.
    const slashes = await call(url, '//[');
    expect([301, 404], '//[').toContain(slashes.status);
    if (slashes.status === 301) expect(String(slashes.headers.location)).toMatch(/^\/[^/\\]/);
    expect((await call(url, '/faqs')).status).toBe(200);
  });

  test('a foreign Host (DNS rebinding) gets 421, the server’s own addresses are answered', async () => {
    const { url } = await serve();
    const port = new URL(url).port;
    const answer = await call(url, '/faqs', { host: `attacker.example:${port}` });
    expect(answer.status).toBe(421);
    expect(answer.text).toContain('DNS rebinding');
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`]) expect((await call(url, '/faqs', { host })).status, host).toBe(200);
  });
});
