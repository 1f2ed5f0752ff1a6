// sharp, loaded only when a picture is decoded, encoded or drawn. With libvips (a big native
// library), semver and detect-libc it is many modules for every command that imports it, though
// a build whose photos and social cards are all cached needs only its versions: they are part of
// every cached photo's and card's key.
//
// So the versions are kept in node_modules/.cache/site-sharp.json, with the install they were
// read from: the size and mtime of sharp's package.json, of every @img package's package.json
// (the prebuilt binary and libvips a platform gets), and of a binary built from source
// (sharp/src/build/Release), plus the platform and the variables that make sharp choose another
// libvips. An install that changed any of them reads the versions from sharp again. Like Node's
// compile cache, it is a cache of the tool's own dependencies, never of content. Whenever sharp
// is loaded anyway, its versions are compared with the kept ones and replace them if they differ.
//
// One instance, through require (sharp's CommonJS build): its settings (one libvips thread per
// job, no operation cache) are global to the instance, and a second one (the ES module build)
// would not have them.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

type Sharp = typeof import('sharp').default;

const require = createRequire(import.meta.url);
const memoFile = fileURLToPath(new URL('../../../node_modules/.cache/site-sharp.json', import.meta.url));

let loaded: Sharp | undefined;
let versions: SharpVersions | undefined;

export interface SharpVersions {
  sharp: string;
  vips: string;
}

/**
 * sharp, loaded now if it was not. Each job gets one libvips thread (the image cache's queue and
 * the card limiter fill the cores: otherwise each job would spawn a thread per core and multiply
 * the buffers), and libvips' operation cache is off, as no image is decoded twice in a build.
 */
export function loadSharp(): Sharp {
  if (!loaded) {
    loaded = require('sharp') as Sharp;
    loaded.concurrency(1);
    loaded.cache(false);
    const actual = { sharp: loaded.versions.sharp, vips: loaded.versions.vips };
    if (!versions || versions.sharp !== actual.sharp || versions.vips !== actual.vips) {
      versions = actual;
      keep(actual);
    }
  }
  return loaded;
}

/** sharp's and libvips' versions: kept from an earlier command for this very install, else read from sharp. */
export function sharpVersions(): SharpVersions {
  if (versions) return versions;
  const install = installSignature();
  try {
    const memo = JSON.parse(readFileSync(memoFile, 'utf8')) as { install?: unknown; sharp?: unknown; vips?: unknown };
    if (install && memo.install === install && typeof memo.sharp === 'string' && typeof memo.vips === 'string') {
      versions = { sharp: memo.sharp, vips: memo.vips };
      return versions;
    }
  } catch {
    // None kept yet, or not readable: sharp says.
  }
  loadSharp();
  return versions!;
}

/** Keeps the versions with the install they were read from; a read-only checkout keeps nothing. */
function keep(found: SharpVersions): void {
  const install = installSignature();
  if (!install) return;
  try {
    mkdirSync(dirname(memoFile), { recursive: true });
    const temp = `${memoFile}.${process.pid}`;
    writeFileSync(temp, JSON.stringify({ install, ...found }));
    renameSync(temp, memoFile);
  } catch {
    // The next command reads them from sharp again.
  }
}

/**
 * What decides which sharp and libvips a `require('sharp')` loads, as one string; undefined if
 * sharp cannot be found (then it is loaded, and fails as it would have).
 */
function installSignature(): string | undefined {
  let pkg: string;
  try {
    // Its package.json is not among its exports: found from its main file (dist/index.cjs).
    pkg = join(dirname(dirname(require.resolve('sharp'))), 'package.json');
  } catch {
    return undefined;
  }
  const stamp = (path: string) => {
    const stats = statSync(path, { throwIfNoEntry: false });
    return stats ? `${path}:${stats.size}:${stats.mtimeMs}:${stats.ino}` : `${path}:-`;
  };
  const sharpDir = dirname(pkg);
  const parts = [process.platform, process.arch, process.env.SHARP_FORCE_GLOBAL_LIBVIPS ?? '', process.env.SHARP_IGNORE_GLOBAL_LIBVIPS ?? '', stamp(pkg)];
  // The @img packages next to sharp (hoisted) or inside it; and a binary built from source.
  for (const scope of [join(sharpDir, '..', '@img'), join(sharpDir, 'node_modules', '@img')]) {
    if (!existsSync(scope)) continue;
    for (const name of readdirSync(scope).sort()) parts.push(stamp(join(scope, name, 'package.json')));
  }
  const built = join(sharpDir, 'src', 'build', 'Release');
  if (existsSync(built)) for (const name of readdirSync(built).sort()) parts.push(stamp(join(built, name)));
  else parts.push(`${built}:-`);
  return parts.join('\n');
}
