import { afterEach, describe, expect, test } from 'vitest';
import { rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { leadSettings } from '../../../generator/leads/lead-settings.ts';
import { sandbox, type Sandbox } from '../../helpers.ts';

let box: Sandbox | undefined;
afterEach(() => box?.remove());

// The lead function's facts come from content/ as the build reads it: a stranger's file is input.
describe('lead settings read content as the build does', () => {
  test('the French visitor e-mails carry the copy, not the translation bookkeeping (sourceHash)', () => {
    box = sandbox();
    const settings = leadSettings(box.content);
    expect(settings.visitor?.fr).toBeDefined();
    expect(Object.keys(settings.visitor!.fr!)).not.toContain('sourceHash');
  });

  test('a content file that is a link is refused, never followed out of content/', () => {
    box = sandbox();
    const outside = join(box.dir, 'secret.yaml');
    writeFileSync(outside, 'brand: Leaked\n');
    rmSync(join(box.content, 'site.yaml'));
    symlinkSync(outside, join(box.content, 'site.yaml'));
    expect(() => leadSettings(box!.content)).toThrow(/site\.yaml:1:1 .*symbolic link/);
  });

  test('aliases that would write out past 100,000 values are refused before anything walks them', () => {
    box = sandbox();
    const bomb = ['lol0: &a0 "lol"', ...Array.from({ length: 9 }, (_, i) => `lol${i + 1}: &a${i + 1} [${Array(10).fill(`*a${i}`).join(', ')}]`)].join('\n');
    box.write('visitor-emails.yaml', `${box.read('visitor-emails.yaml')}\n${bomb}\n`);
    expect(() => leadSettings(box!.content)).toThrow(/visitor-emails\.yaml:\d+:\d+ +its aliases \(\*name\), written out, would be more than 100,000 values/);
  });
});
