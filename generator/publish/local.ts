// The build to publish: only a complete, valid production `site build` output, and exactly the
// files its manifest lists (never the manifest itself, never the admin pages), with their digests.
import { existsSync, readFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { MANIFEST, type BuildManifest } from '../write.ts';
import type { LocalFile } from './plan.ts';
import { PublishError } from './errors.ts';

/** Paths a build may hold that are never published. */
export function isPublishable(path: string): boolean {
  return path !== MANIFEST && !/^_admin(\/|$)/.test(path);
}

export interface LocalBuild {
  manifest: BuildManifest;
  files: LocalFile[];
}

/**
 * Reads the manifest of `dir`, refuses anything but a valid production build, and hashes every
 * listed file. Files larger than `multipartThreshold` also get the ETag their multipart upload
 * will have, so an unchanged large file is recognised too.
 */
export async function readBuild(dir: string, multipartThreshold: number, concurrency = 16): Promise<LocalBuild> {
  const manifest = readManifest(dir);
  const paths = Object.keys(manifest.files).filter(isPublishable).sort();
  const files: LocalFile[] = new Array(paths.length);
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const i = next++;
      const path = paths[i]!;
      let digest: { bytes: number; md5: string; etags: string[] };
      try {
        digest = await digestFile(join(dir, path), multipartThreshold);
      } catch (error) {
        throw new PublishError('usage', `${join(dir, path)} is listed in ${MANIFEST} but cannot be read: the build is incomplete. Run \`site build\` again.`, { cause: error });
      }
      if (digest.bytes !== manifest.files[path]!.bytes) {
        throw new PublishError('usage', `${join(dir, path)} has ${digest.bytes} bytes, ${MANIFEST} says ${manifest.files[path]!.bytes}: the build was changed after \`site build\`. Run \`site build\` again.`);
      }
      files[i] = { path, ...digest };
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, paths.length)) }, worker));
  return { manifest, files };
}

/**
 * MD5 of a file and the ETags S3 may report for it. A file larger than `partSize` is read one
 * part at a time (memory stays at one part) and also gets its multipart ETag: the MD5 of the
 * parts' MD5s, a dash and the number of parts. (s3rver reports the plain MD5; both count.)
 */
export async function digestFile(file: string, partSize: number): Promise<{ bytes: number; md5: string; etags: string[] }> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    if (size <= partSize) {
      const md5 = createHash('md5').update(await handle.readFile()).digest('hex');
      return { bytes: size, md5, etags: [md5] };
    }
    const whole = createHash('md5');
    const parts = createHash('md5');
    const buffer = Buffer.alloc(partSize);
    let count = 0;
    for (let position = 0; position < size; position += partSize) {
      let filled = 0;
      while (filled < Math.min(partSize, size - position)) {
        const { bytesRead } = await handle.read(buffer, filled, Math.min(partSize, size - position) - filled, position + filled);
        if (!bytesRead) throw new Error(`${file} shrank while being read`);
        filled += bytesRead;
      }
      const part = buffer.subarray(0, filled);
      whole.update(part);
      parts.update(createHash('md5').update(part).digest());
      count++;
    }
    const md5 = whole.digest('hex');
    return { bytes: size, md5, etags: [md5, `${parts.digest('hex')}-${count}`] };
  } finally {
    await handle.close();
  }
}

function readManifest(dir: string): BuildManifest {
  const file = join(dir, MANIFEST);
  if (!existsSync(dir)) throw new PublishError('usage', `${dir} does not exist. Run \`site build\` first (or pass --dir).`);
  if (!existsSync(file)) throw new PublishError('usage', `${dir} has no ${MANIFEST}, so it is not the output of \`site build\`. Run \`site build\` and publish its output.`);
  let manifest: Partial<BuildManifest>;
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8')) as Partial<BuildManifest>;
  } catch (error) {
    throw new PublishError('usage', `${file} is not valid JSON: the build is damaged. Run \`site build\` again.`, { cause: error });
  }
  if (manifest.valid !== true) {
    throw new PublishError('invalid', `${file} does not say valid: true: this build did not pass validation and is never published. Run \`site build\`, fix the problems it lists, and publish again.`);
  }
  if (manifest.mode !== 'production') {
    throw new PublishError('usage', `${dir} is a ${manifest.mode ?? 'unknown'} build (drafts, live reload): only \`site build\` output is published.`);
  }
  if (!manifest.files || typeof manifest.files !== 'object') {
    throw new PublishError('usage', `${file} lists no files: the build is damaged. Run \`site build\` again.`);
  }
  return manifest as BuildManifest;
}
