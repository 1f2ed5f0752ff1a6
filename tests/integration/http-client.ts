// A bare HTTP/1.1 client for the preview and serve tests: unlike fetch it lets a test send any
// Host and Origin header (what a DNS-rebinding page or another site's page makes a browser send).
import { request } from 'node:http';

export interface Answer { status: number; headers: Record<string, string | string[] | undefined>; text: string }

export interface CallOptions {
  method?: string;
  /** The Host header; default: the address the request goes to. */
  host?: string;
  origin?: string;
  body?: string | Buffer;
  type?: string;
  /** Any other headers (Sec-Fetch-Site, ...). */
  headers?: Record<string, string>;
}

/** Sends one request to `base` (http://127.0.0.1:port) for `path` exactly as given, not normalised. */
export function call(base: string, path: string, options: CallOptions = {}): Promise<Answer> {
  const target = new URL(base);
  const headers: Record<string, string> = { host: options.host ?? target.host };
  if (options.origin) headers.origin = options.origin;
  if (options.type) headers['content-type'] = options.type;
  Object.assign(headers, options.headers);
  if (options.body !== undefined) headers['content-length'] = String(Buffer.byteLength(options.body));
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = request({ hostname: target.hostname, port: target.port, path, method: options.method ?? 'GET', headers, agent: false }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    // The server may answer (413) and close before it has read a large body: that is not a failure.
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE' || error.code === 'ECONNRESET') setTimeout(() => answered || reject(error), 2000);
      else reject(error);
    });
    req.end(options.body);
  });
}
