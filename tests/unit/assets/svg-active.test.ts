import { afterEach, describe, expect, test } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { activeSvgProblem } from '../../../generator/assets/images/problems.ts';
import { loadAll } from '../../../generator/content/load.ts';
import { validate } from '../../../generator/validate/validate.ts';
import { Builder } from '../../../generator/build/build.ts';
import { ContentError } from '../../../generator/problems/problems.ts';
import { sandbox, type Sandbox } from '../../helpers.ts';

const plain = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">';
const find = (body: string) => activeSvgProblem(`${plain}\n${body}\n</svg>\n`, 'content/images/x.svg');

// An SVG of the site is published as it is: opened on its own it is a document of the site's origin.
describe('an SVG image is a drawing only', () => {
  test.each([
    ['<script>alert(1)</script>', 'a script (<script>)'],
    ['<rect width="5" height="5" onload="alert(1)"/>', 'an event handler (an on… attribute)'],
    ['<a xlink:href="javascript:alert(1)"><text>x</text></a>', 'a javascript: link'],
    ['<a href=" JaVaScRiPt:alert(1)"><text>x</text></a>', 'a javascript: link'],
    ['<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>', 'embedded HTML (<foreignObject>)'],
    ['<image href="https://tracker.example/p.png"/>', 'a file from another server'],
    ['<use xlink:href="//cdn.example/sprite.svg#a"/>', 'a file from another server'],
    ['<rect style="fill: url(https://evil.example/x)"/>', 'a file from another server'],
    ['<style>@import "https://evil.example/x.css";</style>', 'a file from another server'],
  ])('%s is refused, at its line', (body, what) => {
    expect(find(body)).toMatchObject({ file: 'content/images/x.svg', line: 2, code: 'svg-active', message: `this SVG holds ${what}; an image of the site is a drawing only` });
  });

  test.each([
    '<use xlink:href="#part"/><rect fill="url(#grad)"/>',
    '<image href="data:image/png;base64,iVBORw0KGgo="/>',
    '<text>one = two, and javascript: is a word here</text>',
  ])('a plain drawing passes: %s', (body) => {
    expect(find(body)).toBeUndefined();
  });

  test('every SVG shipped in content/ is a plain drawing', () => {
    const root = join(import.meta.dirname, '../../../content/images');
    const svgs = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.svg'));
    expect(svgs.length).toBeGreaterThan(20);
    for (const svg of svgs) expect(activeSvgProblem(readFileSync(join(root, svg), 'utf8'), svg), svg).toBeUndefined();
  });
});

let box: Sandbox | undefined;
afterEach(() => box?.remove());

describe('the build refuses an SVG that is more than a drawing', () => {
  test('a post image, and an icon nothing names (the sprite takes every icon), are each one problem in the SVG itself', async () => {
    box = sandbox();
    const evil = `${plain}<rect width="10" height="10"/>\n<script>alert(document.domain)</script></svg>\n`;
    box.write('images/blog/evil.svg', evil);
    box.write('images/icons/zz-unused.svg', evil.replace('<script>', '<g onclick="alert(1)"><script>'));
    box.edit('blog/adas-driver-safety-programs.md', /^image: .*$/m, 'image: images/blog/evil.svg');
    expect(validate(loadAll(box.content), { contentDir: box.content, includeDrafts: false }).problems).toEqual([]);
    const builder = new Builder({ root: join(import.meta.dirname, '../../..'), contentDir: box.content, mode: 'production', includeDrafts: false, imageCache: { dir: join(box.dir, 'cache') } });
    const error = await builder.full().then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(ContentError);
    expect((error as ContentError).problems.map((p) => `${p.file.replace(/^.*?\bcontent\//, 'content/')}:${p.line}:${p.column} ${p.code}`)).toEqual([
      'content/images/blog/evil.svg:2:1 svg-active',
      'content/images/icons/zz-unused.svg:2:1 svg-active',
    ]);
  });
});
