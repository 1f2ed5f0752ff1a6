// The build to publish: only a complete, valid production `site build` output, and exactly the
// files its manifest lists (never the manifest itself, never the admin pages), with their digests.
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { MANIFEST, type BuildManifest } from '../write.ts';
import { multipartEtag, type LocalFile } from './plan.ts';
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
      let body: Buffer;
      try {
        body = await readFile(join(dir, path));
      } catch (error) {
        throw new PublishError('usage', `${join(dir, path)} is listed in ${MANIFEST} but cannot be read: the build is incomplete. Run \`site build\` again.`, { cause: error });
      }
      if (body.length !== manifest.files[path]!.bytes) {
        throw new PublishError('usage', `${join(dir, path)} has ${body.length} bytes, ${MANIFEST} says ${manifest.files[path]!.bytes}: the build was changed after \`site build\`. Run \`site build\` again.`);
      }
      const md5 = createHash('md5').update(body).digest('hex');
      const etags = body.length > multipartThreshold ? [md5, multipartEtag(body, multipartThreshold)] : [md5];
      files[i] = { path, bytes: body.length, md5, etags };
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, paths.length)) }, worker));
  return { manifest, files };
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
