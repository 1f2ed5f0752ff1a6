// A template that meets content it cannot show (content the schemas let through, or a model
// built around them) is a content problem located at the route's source, exit 1: never "the
// generator failed" (exit 3), and nothing is written. (A damaged photo, which used to reach a template,
// is now found earlier by the image stage: the tests below check it stays a located problem.)
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadAll } from '../../../generator/content/load.ts';
import { validate } from '../../../generator/validate/validate.ts';
import { transform } from '../../../generator/transform/transform.ts';
import { buildRoutes } from '../../../generator/render/routes.ts';
import { RenderError, renderRoute, type RenderInputs } from '../../../generator/render/render.ts';
import { ContentError } from '../../../generator/problems/problems.ts';
import { Builder } from '../../../generator/build/build.ts';
import { islandNames } from '../../../generator/assets/bundle.ts';
import type { Site } from '../../../generator/content/model.ts';
import { contentDir, root, sandbox, type Sandbox } from '../../helpers.ts';

const node = join(root, 'node_modules/.bin/node');
const site = (args: string[]) => spawnSync(node, [join(root, 'bin/site.js'), ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });

let model: Site;
let inputs: RenderInputs;
beforeAll(async () => {
  model = transform(validate(loadAll(contentDir), { contentDir, includeDrafts: false }).site!);
  inputs = {
    templates: await import('../../../templates/index.ts'),
    sites: { en: model },
    mode: 'production',
    image: (path) => ({ src: `/img/${path}`, width: 10, height: 5 }),
    icon: () => '<svg class="icon"></svg>',
    client: { css: '', shellScript: '/shell.js', fontPreload: '/font.woff2', islands: Object.fromEntries(islandNames(root).map((n) => [n, { script: `/${n}.js`, imports: [], lazy: [] }])) },
  };
});

let box: Sandbox | undefined;
afterEach(() => {
  box?.remove();
  box = undefined;
});

describe('a template that meets content it cannot show', () => {
  test('throws a RenderError: a content problem at the route\'s source that names the route, with the cause kept', () => {
    // The map section taken out from under the template, as a schema that let it through would.
    const { map: _map, ...sections } = model.pages['contact-us'].sections;
    const broken = { ...model, pages: { ...model.pages, 'contact-us': { ...model.pages['contact-us'], sections } } } as Site;
    const route = buildRoutes(broken).find((r) => r.path === '/contact-us')!;
    let thrown: unknown;
    try {
      renderRoute(route, { ...inputs, sites: { en: broken } });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(RenderError);
    expect(thrown).toBeInstanceOf(ContentError);
    const error = thrown as RenderError;
    expect(error.cause).toBeInstanceOf(TypeError);
    expect(error.problems).toEqual([expect.objectContaining({
      file: 'content/pages/contact-us.yaml', line: 1, column: 1,
      message: expect.stringMatching(/^page \/contact-us \(template ContactUs\) could not be made from this file and the blog it lists: .*heading/),
    })]);
  });

  // A damaged photo used to reach the template (measuring it threw inside the render: generator
  // failed, exit 3, then a RenderError). The image stage now decodes every photo before any
  // page renders, so the problem is located at the line that names the photo.
  test('a broken image behind a leader\'s photo is a located content problem at its line, exit 1, nothing written (was: generator failed, exit 3)', () => {
    box = sandbox();
    // A JPEG cut off after its first marker: it exists, so validation passes, but it has no size to read.
    writeFileSync(join(box.content, 'images/people/cut.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xe0]));
    box.edit('team/01-sophie-lavoie.yaml', /^photo: .*$/m, 'photo: images/people/cut.jpg');
    const out = join(box.dir, 'out');
    const result = site(['--content', box.content, 'build', '--out', out]);
    expect(result.stderr).not.toMatch(/generator failed|bug in the site tool/i);
    expect(result.status, result.stderr).toBe(1);
    expect(result.stderr).toMatch(/content\/team\/01-sophie-lavoie\.yaml:\d+:\d+ {2}photo: image "images\/people\/cut\.jpg" cannot be decoded/);
    expect(existsSync(out)).toBe(false);
  });

  test('in the preview, such a photo is a problem for the overlay, and the edit that fixes it clears it', async () => {
    box = sandbox();
    const builder = new Builder({ root, contentDir: box.content, mode: 'preview', includeDrafts: true });
    await builder.full();
    box.edit('team/01-sophie-lavoie.yaml', /^photo: .*$/m, 'photo: images/people/cut.jpg');
    writeFileSync(join(box.content, 'images/people/cut.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xe0]));
    const broken = await builder.update([join(box.content, 'team/01-sophie-lavoie.yaml'), join(box.content, 'images/people/cut.jpg')]);
    expect(broken.problems.map((p) => [p.file, p.message])).toEqual([[expect.stringMatching(/content\/team\/01-sophie-lavoie\.yaml$/), expect.stringMatching(/^image "images\/people\/cut\.jpg" cannot be decoded/)]]);
    box.edit('team/01-sophie-lavoie.yaml', /^photo: .*$/m, 'photo: images/people/team-2.svg');
    const fixed = await builder.update([join(box.content, 'team/01-sophie-lavoie.yaml')]);
    expect(fixed.problems).toEqual([]);
    expect(fixed.rerendered).toEqual(expect.arrayContaining(['/leadership', '/fr/leadership']));
  });
});
