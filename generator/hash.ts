import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';

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

/**
 * CRC-32 of bytes given whole or as pieces (zlib's, as gzip and PNG check their data): how the
 * page cache finds a damaged page without a secret (page-cache-entry.ts, readEntry). Several
 * times as fast as SHA-256, and no weaker where nothing but damage is to be found; it is no
 * defence against a forged page, which SHA-256 is kept for.
 */
export function crc32Of(data: Uint8Array | readonly Uint8Array[]): number {
  if (data instanceof Uint8Array) return crc32(data);
  let value = 0;
  for (const piece of data) value = crc32(piece, value);
  return value;
}
