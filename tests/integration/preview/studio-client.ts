// What the admin page does to talk to the studio: read its token from /_admin, send writes with it.

/** The token the admin page at `url` carries (`<meta name="site-token">`). */
export async function adminToken(url: string): Promise<string> {
  const html = await (await fetch(`${url}/_admin`)).text();
  return /<meta name="site-token" content="([^"]+)">/.exec(html)![1]!;
}

/** A POST as the admin page sends it: its Origin, its token, JSON (or the bytes given). */
export const studioPost = (url: string, token: () => string) => (path: string, body: unknown, headers: Record<string, string> = {}) => fetch(`${url}${path}`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: url, 'x-site-token': token(), ...headers },
  body: typeof body === 'string' || body instanceof Uint8Array ? (body as BodyInit) : JSON.stringify(body),
});
