// sharp is loaded only to decode, encode or draw (generator/assets/images/sharp.ts): a command whose
// photos and cards are cached needs only sharp's and libvips' versions, which it takes from
// node_modules/.cache/site-sharp.json when that names this very install. Each check runs in a
// child process, whose module cache shows whether sharp was loaded.
import { describe, expect, test } from 'vitest';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { root } from '../../../helpers.ts';

const memo = join(root, 'node_modules/.cache/site-sharp.json');
const real = createRequire(import.meta.url)('sharp') as { versions: { sharp: string; vips: string } };

/** sharpVersions() in a fresh process, and whether that process loaded sharp. */
function versionsInChild(): { versions: { sharp: string; vips: string }; loaded: boolean } {
  const script = [
    `import { createRequire } from 'node:module';`,
    `import { sharpVersions } from ${JSON.stringify(join(root, 'generator/assets/images/sharp.ts'))};`,
    `const versions = sharpVersions();`,
    `const loaded = Object.keys(createRequire(import.meta.url).cache).some((f) => /[\\\\/]sharp[\\\\/]dist[\\\\/]/.test(f));`,
    `console.log(JSON.stringify({ versions, loaded }));`,
  ].join('\n');
  const r = spawnSync(process.execPath, ['--import', join(root, 'bin/register.js'), '--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout.trim().split('\n').pop()!);
}

describe('sharp, loaded only when needed', () => {
  test('the versions kept for this install are sharp\'s own, and a later process takes them without loading sharp', () => {
    const expected = { sharp: real.versions.sharp, vips: real.versions.vips };
    const first = versionsInChild();
    expect(first.versions).toEqual(expected);
    const kept = JSON.parse(readFileSync(memo, 'utf8'));
    expect({ sharp: kept.sharp, vips: kept.vips }).toEqual(expected);
    const second = versionsInChild();
    expect(second).toEqual({ versions: expected, loaded: false });
  });

  test('versions kept for another install (an upgrade, another platform) are not taken: sharp says, and its answer is kept', () => {
    const kept = JSON.parse(readFileSync(memo, 'utf8'));
    writeFileSync(memo, JSON.stringify({ ...kept, install: `${kept.install}\nanother install`, vips: '0.0.1' }));
    const after = versionsInChild();
    expect(after).toEqual({ versions: { sharp: real.versions.sharp, vips: real.versions.vips }, loaded: true });
    expect(JSON.parse(readFileSync(memo, 'utf8'))).toEqual(kept);
    // Damaged: the same.
    writeFileSync(memo, 'not json');
    expect(versionsInChild().loaded).toBe(true);
    expect(versionsInChild().loaded).toBe(false);
  });
});
