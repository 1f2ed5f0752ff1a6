// The build to publish: only a complete, valid production `site build` output, and exactly the
// files its manifest lists (never the manifest itself, never the admin pages), each with the
// bytes the build wrote: the manifest records a SHA-256 per file, a file is read only as a plain
// relative path without following a symbolic link, and its bytes are checked again as they go up.
import { constants, existsSync, readFileSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { join } from 'node:path';
import { MANIFEST } from '../output/write.ts';
import { type BuildManifest } from '../output/site-files.ts';
import { describeStatus, inspectUnder, pathFormProblem } from '../content/paths.ts';
import type { LocalFile } from './plan.ts';
import { PublishError } from './errors.ts';

/** Paths a build may hold that are never published. */
export function isPublishable(path: string): boolean {
  return path !== MANIFEST && !path.startsWith('.site-') && !/^_admin(\/|$)/.test(path);
}

export interface LocalBuild {
  manifest: BuildManifest;
  files: LocalFile[];
}

const rebuild = 'Run `npx site build` again.';

/**
 * Reads the manifest of `dir`, refuses anything but a valid production build, and hashes every
 * listed file, refusing one whose SHA-256 is not the one the build recorded. Files larger than
 * `multipartThreshold` also get the ETag their multipart upload will have, so an unchanged
 * large file is recognised too. Reads no file the manifest does not list.
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
      const listed = manifest.files[path]!;
      const handle = await openBuildFile(dir, path);
      let digest: Digest;
      try {
        digest = await digestFile(handle, multipartThreshold);
      } catch (error) {
        throw new PublishError('usage', `${join(dir, path)} is listed in ${MANIFEST} but cannot be read: the build is incomplete. ${rebuild}`, { cause: error });
      } finally {
        await handle.close();
      }
      if (digest.bytes !== listed.bytes) {
        throw new PublishError('usage', `${join(dir, path)} has ${digest.bytes} bytes, ${MANIFEST} says ${listed.bytes}: the build was changed after \`npx site build\`. ${rebuild}`);
      }
      if (digest.sha256 !== listed.sha256) {
        throw new PublishError('usage', `${join(dir, path)} differs from ${MANIFEST} (same size, another SHA-256): the build was changed after \`npx site build\`. ${rebuild}`);
      }
      files[i] = { path, bytes: digest.bytes, md5: digest.md5, etags: digest.etags };
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, paths.length)) }, worker));
  return { manifest, files };
}

/**
 * Opens a file of the build: `path` is a plain relative path, no folder on the way is a symbolic
 * link, and the file itself is a regular file opened with O_NOFOLLOW (a link put there after
 * the check is refused too). Anything else is a PublishError (exit 2) naming the file.
 */
export async function openBuildFile(dir: string, path: string): Promise<FileHandle> {
  const status = inspectUnder(dir, path);
  if (status.kind === 'missing') throw new PublishError('usage', `${join(dir, path)} is listed in ${MANIFEST} but does not exist: the build is incomplete. ${rebuild}`);
  if (status.kind !== 'file') throw new PublishError('usage', `${join(dir, path)} ${describeStatus(status)}: a build holds only the regular files \`npx site build\` wrote, and a publish follows no link. ${rebuild}`);
  let handle: FileHandle;
  try {
    handle = await open(status.abs, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (error) {
    const link = (error as NodeJS.ErrnoException).code === 'ELOOP';
    throw new PublishError('usage', `${join(dir, path)} ${link ? 'is a symbolic link' : 'cannot be read'}: a publish reads only the files \`npx site build\` wrote. ${rebuild}`, { cause: error });
  }
  if (!(await handle.stat()).isFile()) {
    await handle.close();
    throw new PublishError('usage', `${join(dir, path)} is not a regular file. ${rebuild}`);
  }
  return handle;
}

/**
 * A listed file, read again for its upload and checked against the digest `readBuild` took: a
 * small file whole (refused before anything is sent), a large one as a stream that fails at its
 * end, before the multipart upload is completed, so S3 never assembles the changed bytes.
 */
export async function readVerified(dir: string, file: LocalFile, multipartThreshold: number): Promise<{ body: Buffer | Readable; close(): Promise<void> }> {
  const handle = await openBuildFile(dir, file.path);
  const changed = () => new PublishError('usage', `${join(dir, file.path)} changed while it was being published: it differs from what was checked against ${MANIFEST}. ${rebuild}`);
  if (file.bytes <= multipartThreshold) {
    try {
      const body = await handle.readFile();
      if (body.length !== file.bytes || createHash('md5').update(body).digest('hex') !== file.md5) throw changed();
      return { body, close: async () => {} };
    } finally {
      await handle.close();
    }
  }
  const md5 = createHash('md5');
  let bytes = 0;
  const check = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      md5.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
    flush(done) {
      done(bytes === file.bytes && md5.digest('hex') === file.md5 ? null : changed());
    },
  });
  const source = handle.createReadStream({ autoClose: false });
  source.on('error', (error) => check.destroy(error));
  source.pipe(check);
  return { body: check, close: () => handle.close() };
}

interface Digest { bytes: number; md5: string; sha256: string; etags: string[] }

/**
 * MD5 and SHA-256 of a file (a path, or a handle that stays open), and the ETags S3 may report
 * for it. A file larger than `partSize` is read one part at a time (memory stays at one part)
 * and also gets its multipart ETag: the MD5 of the parts' MD5s, a dash and the number of parts.
 * (s3rver reports the plain MD5; both count.)
 */
export async function digestFile(file: string | FileHandle, partSize: number): Promise<Digest> {
  const handle = typeof file === 'string' ? await open(file, 'r') : file;
  try {
    const { size } = await handle.stat();
    if (size <= partSize) {
      const bytes = await handle.readFile();
      const md5 = createHash('md5').update(bytes).digest('hex');
      return { bytes: size, md5, sha256: createHash('sha256').update(bytes).digest('hex'), etags: [md5] };
    }
    const whole = createHash('md5');
    const sha256 = createHash('sha256');
    const parts = createHash('md5');
    const buffer = Buffer.alloc(partSize);
    let count = 0;
    for (let position = 0; position < size; position += partSize) {
      let filled = 0;
      while (filled < Math.min(partSize, size - position)) {
        const { bytesRead } = await handle.read(buffer, filled, Math.min(partSize, size - position) - filled, position + filled);
        if (!bytesRead) throw new Error(`${typeof file === 'string' ? file : 'the file'} shrank while being read`);
        filled += bytesRead;
      }
      const part = buffer.subarray(0, filled);
      whole.update(part);
      sha256.update(part);
      parts.update(createHash('md5').update(part).digest());
      count++;
    }
    const md5 = whole.digest('hex');
    return { bytes: size, md5, sha256: sha256.digest('hex'), etags: [md5, `${parts.digest('hex')}-${count}`] };
  } finally {
    if (typeof file === 'string') await handle.close();
  }
}

function readManifest(dir: string): BuildManifest {
  const file = join(dir, MANIFEST);
  if (!existsSync(dir)) throw new PublishError('usage', `${dir} does not exist. Run \`npx site build\` first (or pass --dir).`);
  const status = inspectUnder(dir, MANIFEST);
  if (status.kind === 'missing') throw new PublishError('usage', `${dir} has no ${MANIFEST}, so it is not the output of \`npx site build\`. Run \`npx site build\` and publish its output.`);
  if (status.kind !== 'file') throw new PublishError('usage', `${file} ${describeStatus(status)}: not the output of \`npx site build\`. ${rebuild}`);
  let manifest: Partial<BuildManifest>;
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8')) as Partial<BuildManifest>;
  } catch (error) {
    throw new PublishError('usage', `${file} is not valid JSON: the build is damaged. ${rebuild}`, { cause: error });
  }
  if (manifest.valid !== true) {
    throw new PublishError('invalid', `${file} does not say valid: true: this build did not pass validation and is never published. Run \`npx site build\`, fix the problems it lists, and publish again.`);
  }
  if (manifest.mode !== 'production') {
    throw new PublishError('usage', `${dir} is a ${manifest.mode ?? 'unknown'} build (drafts, live reload): only \`npx site build\` output is published.`);
  }
  if (!manifest.files || typeof manifest.files !== 'object') {
    throw new PublishError('usage', `${file} lists no files: the build is damaged. ${rebuild}`);
  }
  checkEntries(dir, file, manifest.files);
  return manifest as BuildManifest;
}

/**
 * Every entry is checked before any file is read: a damaged or edited manifest names nothing
 * outside the build and nothing without the hash that proves its bytes.
 */
function checkEntries(dir: string, file: string, files: object): void {
  for (const [path, entry] of Object.entries(files)) {
    const problem = pathFormProblem(path);
    if (problem) throw new PublishError('usage', `${file} lists ${JSON.stringify(path)}, which ${problem}: a build lists only paths inside its folder. ${rebuild}`);
    const { bytes, sha256 } = (entry ?? {}) as Partial<BuildManifest['files'][string]>;
    if (!Number.isSafeInteger(bytes) || typeof sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(sha256)) {
      throw new PublishError('usage', `${join(dir, path)}: ${MANIFEST} records no sha256 for it (a build by an older \`site\`, or a damaged manifest). ${rebuild}`);
    }
  }
}
