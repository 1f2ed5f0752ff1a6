import { createHash } from 'node:crypto';

/** The 10-character content hash in asset file names (main-<hash>.css, logo-<hash>.svg). */
export function hash(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('base64url').replace(/[-_]/g, '').slice(0, 10);
}

/** SHA-256 of bytes given whole or as pieces, as lowercase hex: the build manifest's per-file digest. */
export function sha256(data: Buffer | readonly Buffer[]): string {
  const digest = createHash('sha256');
  if (Buffer.isBuffer(data)) digest.update(data);
  else for (const piece of data) digest.update(piece);
  return digest.digest('hex');
}
