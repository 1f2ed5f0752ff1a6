// The local servers as a production server would behave: a client that never finishes its
// headers or its body is answered and closed within the limits (not after a minute or more),
// and Accept-Encoding's q-values are obeyed (q=0 refuses a coding). And the preview's mail
// inbox, the local SES stand-in, listens on the port asked for.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startServer, startPreview, type Preview } from '../../../generator/preview/server.ts';
import { startLeadService } from '../../../generator/preview/leads.ts';
import { MANIFEST } from '../../../generator/output/write.ts';
import { contentDir } from '../../helpers.ts';
import { call } from '../http-client.ts';

const QUICK = { headersMs: 400, requestMs: 800, keepAliveMs: 300 };
let dir: string;
let dist: string;

/** A small build as `site build` leaves one: its files and the manifest that lists them. */
function writeBuild(into: string): void {
  mkdirSync(into, { recursive: true });
  const files: Record<string, string> = {
    'index.html': `<!DOCTYPE html><html lang="en-CA"><head><title>Home</title></head><body>${'<p>Fleet telematics for Canadian fleets.</p>'.repeat(80)}</body></html>`,
    '404.html': '<!DOCTYPE html><html lang="en-CA"><head><title>Not found</title></head><body>Not found</body></html>',
  };
  const listed: Record<string, { bytes: number; sha256: string }> = {};
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(into, name), text);
    listed[name] = { bytes: Buffer.byteLength(text), sha256: createHash('sha256').update(text).digest('hex') };
  }
  writeFileSync(join(into, MANIFEST), JSON.stringify({ mode: 'production', files: listed }));
}

/** Opens a raw connection, writes `text`, and resolves with what came back and when the server closed it. */
function rawExchange(url: string, text: string, waitMs: number): Promise<{ answer: string; closedAfterMs: number | undefined }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = connect(Number(port), hostname, () => socket.write(text));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('error', reject);
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ answer, closedAfterMs: undefined });
    }, waitMs);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ answer, closedAfterMs: performance.now() - started });
    });
  });
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'local-servers-'));
  dist = join(dir, 'dist');
  writeBuild(dist);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('site serve ends a request that never completes', () => {
  test('unfinished headers get 408 and the connection closed within the header limit (it waited 63-80 s)', async () => {
    const server = await startServer({ dir: dist, port: 0, host: '127.0.0.1', log: () => {}, timeouts: QUICK });
    try {
      const host = new URL(server.url).host;
      const { answer, closedAfterMs } = await rawExchange(server.url, `GET / HTTP/1.1\r\nHost: ${host}\r\nX-Slow: `, 3_000);
      expect(closedAfterMs).toBeDefined();
      expect(closedAfterMs!).toBeLessThan(QUICK.headersMs + 2_000);
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      await server.close();
    }
  });

  test('an idle kept-alive connection is closed after the keep-alive limit', async () => {
    const server = await startServer({ dir: dist, port: 0, host: '127.0.0.1', log: () => {}, timeouts: QUICK });
    try {
      const host = new URL(server.url).host;
      const { answer, closedAfterMs } = await rawExchange(server.url, `GET / HTTP/1.1\r\nHost: ${host}\r\n\r\n`, 3_000);
      expect(answer).toMatch(/^HTTP\/1\.1 200/);
      expect(closedAfterMs).toBeDefined();
      expect(closedAfterMs!).toBeLessThan(QUICK.keepAliveMs + 2_000);
    } finally {
      await server.close();
    }
  });
});

describe('site serve obeys Accept-Encoding q-values', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    server = await startServer({ dir: dist, port: 0, host: '127.0.0.1', log: () => {} });
  });
  afterAll(() => server.close());
  const encodingFor = async (accept: string) => {
    const answer = await call(server.url, '/', { headers: { 'accept-encoding': accept } });
    return { status: answer.status, encoding: answer.headers['content-encoding'] };
  };

  test('br;q=0 gets no brotli (it got brotli): gzip when gzip is acceptable, else identity', async () => {
    expect(await encodingFor('br;q=0')).toEqual({ status: 200, encoding: undefined });
    expect(await encodingFor('br;q=0, gzip')).toEqual({ status: 200, encoding: 'gzip' });
    expect(await encodingFor('gzip;q=1, br;q=0.5')).toEqual({ status: 200, encoding: 'gzip' });
    expect(await encodingFor('*;q=0')).toEqual({ status: 200, encoding: undefined });
    expect(await encodingFor('gzip, deflate, br')).toEqual({ status: 200, encoding: 'br' });
  });

  test('what is sent decodes to the page', async () => {
    const { hostname, port } = new URL(server.url);
    for (const [accept, decode] of [['br', brotliDecompressSync], ['gzip', gunzipSync]] as const) {
      const response = await new Promise<Buffer>((resolve, reject) => {
        const socket = connect(Number(port), hostname, () => socket.end(`GET / HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAccept-Encoding: ${accept}\r\nConnection: close\r\n\r\n`));
        const chunks: Buffer[] = [];
        socket.on('data', (c) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks))).on('error', reject);
      });
      const body = response.subarray(response.indexOf('\r\n\r\n') + 4);
      expect(decode(body).toString()).toContain('Fleet telematics for Canadian fleets.');
    }
  });
});

describe('the preview ends a request that never completes', () => {
  let preview: Preview;
  beforeAll(async () => {
    preview = await startPreview({ contentDir, outDir: join(dir, 'preview'), port: 0, host: '127.0.0.1', watch: false, log: () => {}, timeouts: QUICK });
  }, 120_000);
  afterAll(() => preview?.close());

  test('a partial body to /send-email/ is answered 408 and closed within the request limit (it stayed open past 100 s)', async () => {
    const host = new URL(preview.url).host;
    const head = `POST /send-email/ HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${preview.url}\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n`;
    const { answer, closedAfterMs } = await rawExchange(preview.url, `${head}{"form_name":"contact"`, 4_000);
    expect(closedAfterMs).toBeDefined();
    expect(closedAfterMs!).toBeLessThan(QUICK.requestMs + 2_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  test('unfinished headers on the preview get 408 within the header limit', async () => {
    const host = new URL(preview.url).host;
    const { answer, closedAfterMs } = await rawExchange(preview.url, `GET /faqs HTTP/1.1\r\nHost: ${host}\r\n`, 3_000);
    expect(closedAfterMs).toBeDefined();
    expect(closedAfterMs!).toBeLessThan(QUICK.headersMs + 2_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  test('a page still loads (the limits do not cut ordinary requests)', async () => {
    expect((await call(preview.url, '/faqs')).status).toBe(200);
  });
});

describe("the preview's mail inbox", () => {
  test('listens on the port asked for, and the start line says what it is and how to choose its port', async () => {
    const free = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const lines: string[] = [];
    const service = await startLeadService({ contentDir, outDir: join(dir, 'mail-out'), origin: 'http://127.0.0.1:1', endpoint: '/send-email/', log: (line) => lines.push(line), mailPort: free });
    try {
      expect(service.inbox).toBe(`http://127.0.0.1:${free}/`);
      expect((await fetch(service.inbox!)).status).toBe(200);
      const line = lines.find((l) => l.includes(service.inbox!));
      expect(line).toMatch(/local stand-in for Amazon SES/);
      expect(line).toMatch(/e-mails/);
      expect(line).toContain('--mail-port');
    } finally {
      await service.close();
    }
  });
});
