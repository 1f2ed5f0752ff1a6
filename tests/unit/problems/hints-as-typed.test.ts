// Every command a message suggests works when pasted into a terminal in the project: `site` is
// not on the PATH (npm puts a package's own bin there only for its scripts), `npx site` is.
import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../../helpers.ts';
import { startCommand, stampCommand } from '../../../generator/validate/translations.ts';

const FILES = ['generator/publish/local.ts', 'generator/validate/translations.ts', 'generator/cli/translate-command.ts', 'generator/cli/new-command.ts', 'generator/authoring/new.ts', 'generator/cli/leads-command.ts', 'generator/preview/build-files.ts', 'generator/preview/server.ts', 'generator/problems/errors.ts', 'generator/terminal.ts', 'generator/cli/usage.ts'];
const BARE = /(?<![\w/-])(?<!npx )site (build|validate|preview|serve|new|translate|publish|leads)\b/;

describe('commands in messages', () => {
  test('no message suggests a bare `site …` command (comments aside)', () => {
    const found = FILES.flatMap((file) => readFileSync(join(root, file), 'utf8').split('\n').map((line, i) => ({ file, line: i + 1, text: line }))
      .filter(({ text }) => !/^\s*(\/\/|\*|\/\*\*)/.test(text) && !text.includes('admit(') && BARE.test(text)));
    expect(found.map((f) => `${f.file}:${f.line}: ${f.text.trim()}`)).toEqual([]);
  });

  test('the translation fixes the admin and the terminal offer start with npx', () => {
    expect(stampCommand('content/fr/blog/x.md')).toBe('npx site translate stamp content/fr/blog/x.md');
    expect(startCommand('content/blog/x.md')).toBe('npx site translate start content/blog/x.md');
  });
});
