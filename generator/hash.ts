import { createHash } from 'node:crypto';

/** The 10-character content hash in asset file names (main-<hash>.css, logo-<hash>.svg). */
export function hash(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('base64url').replace(/[-_]/g, '').slice(0, 10);
}
