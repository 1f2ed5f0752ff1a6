// HTTP headers for every output file: one table that the preview server and
// `site publish` both use, so what a developer sees locally is what S3/CloudFront serves.

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.gif': 'image/gif',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.pdf': 'application/pdf',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.map': 'application/json; charset=utf-8',
};

export function contentType(file: string): string {
  const ext = /\.[a-z0-9]+$/i.exec(file)?.[0]?.toLowerCase() ?? '';
  return TYPES[ext] ?? 'application/octet-stream';
}

/** Files under assets/ carry a content hash in their name and never change. */
export function isHashedAsset(file: string): boolean {
  return /^assets\//.test(file) && /-[A-Za-z0-9_]{8,}\.[a-z0-9]+$/.test(file);
}

export function cacheControl(file: string): string {
  return isHashedAsset(file) ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate';
}

/**
 * Security headers of the CloudFront response-headers policy (infra template), mirrored by
 * the preview so a CSP violation shows up locally. No inline scripts: island props travel
 * as application/json, which CSP does not execute.
 */
export const securityHeaders: Record<string, string> = {
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; connect-src 'self'; frame-src https://www.openstreetmap.org; form-action 'self'; base-uri 'self'; object-src 'none'; frame-ancestors 'none'",
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  // The site uses none of these; fullscreen is left alone (the OpenStreetMap embed may want it).
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  // No other window keeps a handle on ours (every outbound link is noopener anyway).
  'Cross-Origin-Opener-Policy': 'same-origin',
  // Our files are for our pages only: fonts, images and scripts are all loaded same-origin; the
  // résumé upload goes to the leads bucket, whose answers this does not touch.
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/**
 * The security headers with more origins allowed in connect-src: the résumé upload posts
 * straight to the leads bucket (S3 in production, s3rver in the preview).
 */
export function withConnectSources(headers: Record<string, string>, origins: string[]): Record<string, string> {
  if (!origins.length) return headers;
  const csp = headers['Content-Security-Policy']!.replace("connect-src 'self'", `connect-src 'self' ${origins.join(' ')}`);
  return { ...headers, 'Content-Security-Policy': csp };
}
