// What the French rendering tests share: every language's model and routes built from records as
// `site build` makes them, and render inputs whose images, icons and client assets are stand-ins
// (no disk, no bundler).
import { expect } from 'vitest';
import { validate } from '../generator/validate/validate.ts';
import { languages } from '../generator/build/build.ts';
import { islandNames } from '../generator/assets/bundle.ts';
import type { RenderInputs } from '../generator/render/render.ts';
import type { SourceRecord } from '../generator/content/load.ts';
import { contentDir, root } from './helpers.ts';

/** Languages' models and routes from a set of records; the records must be valid. */
export function builtLanguages(from: SourceRecord[]): ReturnType<typeof languages> {
  const valid = validate(from, { contentDir, includeDrafts: false });
  expect(valid.problems).toEqual([]);
  return languages({ site: valid.site!, translations: valid.translations });
}

/** Render inputs for `sites` with stand-in assets. */
export async function stubInputs(sites: RenderInputs['sites'], untranslated?: RenderInputs['untranslated']): Promise<RenderInputs> {
  return {
    templates: await import('../templates/index.ts'),
    sites,
    untranslated,
    mode: 'production',
    image: (path) => ({ src: `/img/${path}`, width: 10, height: 5 }),
    icon: () => '<svg class="icon"></svg>',
    client: {
      css: 'body{margin:0}',
      shellScript: '/shell.js',
      fontPreload: '/font.woff2',
      islands: Object.fromEntries(islandNames(root).map((name) => [name, { script: `/${name}.js`, imports: [], lazy: [] }])),
    },
  };
}
