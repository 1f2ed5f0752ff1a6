// What `site publish` accepts as the build: exactly the files the manifest lists, each with the
// bytes the build wrote (checked by content hash, not by size), and never through a link.
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { openBuildFile, readBuild, readVerified } from '../../../generator/publish/local.ts';
import { MANIFEST } from '../../../generator/output/write.ts';
import { manifestFor } from '../../../generator/output/site-files.ts';
import { PublishError } from '../../../generator/publish/errors.ts';

const THRESHOLD = 8 * 1024 * 1024;
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const files: Record<string, string> = {
  'index.html': '<h1>home</h1>',
  'robots.txt': 'User-agent: *\n',
  'assets/css/main-abcdefghij.css': 'body{color:red}',
};

let root: string;
let dir: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'publish-local-'));
  dir = join(root, 'dist');
  const listed = new Map<string, { bytes: number; sha256: string }>();
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
    listed.set(path, { bytes: Buffer.byteLength(text), sha256: sha256(Buffer.from(text)) });
  }
  writeFileSync(join(dir, MANIFEST), manifestFor([], new Map(), listed, 'production', '0.0.0'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** The PublishError readBuild throws (or a failure of the test when it throws none). */
async function refusal(): Promise<PublishError> {
  const error = await readBuild(dir, THRESHOLD).then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(PublishError);
  return error as PublishError;
}

const editManifest = (change: (m: { files: Record<string, Record<string, unknown>> }) => void) => {
  const manifest = JSON.parse(readFileSync(join(dir, MANIFEST), 'utf8'));
  change(manifest);
  writeFileSync(join(dir, MANIFEST), JSON.stringify(manifest));
};

describe('the build a publish reads', () => {
  test('the manifest records a sha256 of every file, and an untouched build is accepted as listed', async () => {
    const build = await readBuild(dir, THRESHOLD);
    expect(build.files.map((f) => f.path)).toEqual(Object.keys(files).sort());
    for (const path of Object.keys(files)) expect(build.manifest.files[path]).toEqual({ bytes: Buffer.byteLength(files[path]!), sha256: sha256(Buffer.from(files[path]!)) });
  });

  test('a same-size file swapped after the build is refused, naming the file', async () => {
    writeFileSync(join(dir, 'index.html'), '<h1>HOME</h1>');
    const error = await refusal();
    expect(error.exitCode).toBe(2);
    expect(error.message).toMatch(/index\.html.*differ.*\.site-build\.json.*Run `npx site build` again/);
  });

  test('a listed file replaced by a symbolic link to the same bytes is refused, not followed', async () => {
    writeFileSync(join(root, 'outside.txt'), files['robots.txt']!);
    rmSync(join(dir, 'robots.txt'));
    symlinkSync(join(root, 'outside.txt'), join(dir, 'robots.txt'));
    const error = await refusal();
    expect(error.exitCode).toBe(2);
    expect(error.message).toMatch(/robots\.txt.*symbolic link/);
  });

  test('a listed folder replaced by a symbolic link is refused, not followed', async () => {
    renameSync(join(dir, 'assets'), join(root, 'assets'));
    symlinkSync(join(root, 'assets'), join(dir, 'assets'));
    const error = await refusal();
    expect(error.exitCode).toBe(2);
    expect(error.message).toMatch(/assets.*symbolic link/);
    await expect(openBuildFile(dir, 'assets/css/main-abcdefghij.css')).rejects.toThrow(/symbolic link/);
  });

  test.each(['../outside.txt', '/etc/hostname', 'a/../../outside.txt', 'a//b.txt', './robots.txt'])('a manifest listing the path "%s" is refused before anything is read', async (path) => {
    writeFileSync(join(root, 'outside.txt'), 'secret');
    editManifest((m) => (m.files[path] = { bytes: 6, sha256: sha256(Buffer.from('secret')) }));
    const error = await refusal();
    expect(error.exitCode).toBe(2);
    expect(error.message).toContain(JSON.stringify(path));
  });

  test('a manifest without content hashes (written by an older `site`) is refused', async () => {
    editManifest((m) => delete m.files['index.html']!.sha256);
    const error = await refusal();
    expect(error.exitCode).toBe(2);
    expect(error.message).toMatch(/index\.html.*no sha256.*Run `npx site build` again/);
  });

  test('files the manifest does not list are not part of the build', async () => {
    writeFileSync(join(dir, 'extra.html'), 'not built');
    mkdirSync(join(dir, 'private'));
    writeFileSync(join(dir, 'private/key.pem'), 'secret');
    const build = await readBuild(dir, THRESHOLD);
    expect(build.files.map((f) => f.path)).toEqual(Object.keys(files).sort());
  });

  test('a file swapped after the check is refused as it is read for its upload, small or streamed in parts', async () => {
    const build = await readBuild(dir, THRESHOLD);
    const page = build.files.find((f) => f.path === 'index.html')!;
    writeFileSync(join(dir, 'index.html'), '<h1>HOME</h1>');
    await expect(readVerified(dir, page, THRESHOLD)).rejects.toThrow(/index\.html changed while it was being published/);
    // Read as a stream (the multipart path): the stream fails at its end, before the upload completes.
    const { body, close } = await readVerified(dir, page, 4);
    const chunks: Buffer[] = [];
    const consumed = (async () => {
      for await (const chunk of body as AsyncIterable<Buffer>) chunks.push(chunk);
    })();
    await expect(consumed).rejects.toThrow(/index\.html changed while it was being published/);
    await close();
    // Unchanged bytes stream through whole.
    writeFileSync(join(dir, 'index.html'), files['index.html']!);
    const again = await readVerified(dir, page, 4);
    const whole: Buffer[] = [];
    for await (const chunk of again.body as AsyncIterable<Buffer>) whole.push(chunk);
    await again.close();
    expect(Buffer.concat(whole).toString()).toBe(files['index.html']);
  });
});
