// A content file bigger than any page anyone writes (MAX_CONTENT_BYTES) is a located content
// problem, found without reading it: a 3 GB file had been read whole and then ended `site
// validate` as a generator bug (ERR_FS_FILE_TOO_LARGE, exit 3).
import { afterEach, describe, expect, test } from 'vitest';
import { spawnSync } from 'node:child_process';
import { appendFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadAll, MAX_CONTENT_BYTES } from '../../../generator/content/load.ts';
import { formatProblem } from '../../../generator/problems/problems.ts';
import { root, sandbox, type Sandbox } from '../../helpers.ts';

let box: Sandbox | undefined;
afterEach(() => box?.remove());

const node = join(root, 'node_modules/.bin/node');
const POST = 'blog/fleet-management-trends-2024.md';

describe('the size of a content file', () => {
  test('site validate with a 3 GB post lists it as a located content problem, exit 1, without reading it (it died with ERR_FS_FILE_TOO_LARGE, exit 3)', () => {
    box = sandbox();
    const huge = join(box.content, 'blog/huge.md');
    writeFileSync(huge, '');
    truncateSync(huge, 3 * 1024 ** 3); // sparse: no disk used
    const result = spawnSync(node, [join(root, 'bin/site.js'), 'validate', '--content', box.content], { cwd: root, encoding: 'utf8', timeout: 60_000, env: { ...process.env, NO_COLOR: '1' } });
    expect(result.status, result.stderr).toBe(1);
    expect(result.stderr).toMatch(/✗ 1 content problem in 1 file:\n {2}\S*content\/blog\/huge\.md:1:1 {2}is 3,072 MB, more than a content file may hold \(4 MB\); it was not read; a page or post is text of a few KB/);
    expect(result.stderr).not.toMatch(/generator failed|ERR_FS_FILE_TOO_LARGE/);
  });

  test('a file one byte over the limit is refused; one of exactly the limit is read', () => {
    box = sandbox();
    appendFileSync(join(box.content, POST), `\n${'Fleet data. '.repeat(MAX_CONTENT_BYTES / 12)}`);
    truncateSync(join(box.content, POST), MAX_CONTENT_BYTES);
    const at = (records: ReturnType<typeof loadAll>) => records.find((r) => r.relPath === POST)!;
    const read = at(loadAll(box.content));
    expect(read.problems).toEqual([]);
    expect(read.body!.length).toBeGreaterThan(MAX_CONTENT_BYTES - 2_000);

    appendFileSync(join(box.content, POST), '.');
    expect(statSync(join(box.content, POST)).size).toBe(MAX_CONTENT_BYTES + 1);
    const refused = at(loadAll(box.content));
    expect(refused.data).toBeUndefined();
    expect(refused.problems.map((p) => formatProblem({ ...p, file: p.file.replace(/^.*?\bcontent\//, 'content/') }))).toEqual([
      'content/blog/fleet-management-trends-2024.md:1:1  is 4,194,305 bytes, more than a content file may hold (4 MB); it was not read; a page or post is text of a few KB: check that this is the file you meant, and keep data, images and video out of content files',
    ]);
  });

  test('the limit is far above the biggest shipped content file', () => {
    const biggest = Math.max(...loadAll(join(root, 'content')).map((r) => statSync(join(root, 'content', r.relPath)).size));
    expect(biggest * 100).toBeLessThan(MAX_CONTENT_BYTES);
  });
});
