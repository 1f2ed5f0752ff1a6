import { beforeAll, describe, expect, test } from 'vitest';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadAll } from '../../../generator/content/load.ts';
import { compileStyles } from '../../../generator/assets/styles.ts';
import { pageStylesheet, renderCache, renderRoute, type RenderInputs } from '../../../generator/render/render.ts';
import { splitStylesheet, wholeStylesheet } from '../../../generator/assets/style-parts.ts';
import type { Route } from '../../../generator/render/routes.ts';
import { STYLE_PARTS, templateStyles } from '../../../templates/styles.ts';
import { builtLanguages, stubInputs } from '../../languages-helpers.ts';
import { contentDir, root } from '../../helpers.ts';
import { htmlClasses, islandClasses, selectorsOf, sourceClosureClasses, uncovered, type PartSelector } from '../../style-coverage.ts';

let css: string;
let routes: Route[];
let inputs: RenderInputs;
let selectors: PartSelector[];

beforeAll(async () => {
  css = (await compileStyles(root)).css;
  const built = builtLanguages(loadAll(contentDir));
  routes = built.routes;
  inputs = await stubInputs(built.sites);
  // One render cache for every page, as a build has: the head's shared part must differ by template.
  inputs = { ...inputs, client: { ...inputs.client, css }, cache: renderCache() };
  selectors = selectorsOf(css);
}, 60_000);

describe('the stylesheet in parts', () => {
  test('the parts, put back together, are the whole stylesheet, and their names are the templates’ names', () => {
    const sheet = splitStylesheet(css);
    expect(sheet.segments.map((s) => s.css).join('')).toBe(wholeStylesheet(css));
    expect(wholeStylesheet(css)).not.toContain('part:');
    expect(sheet.segments[0]!.css).toBe(''); // nothing before the first mark
    expect([...sheet.names].sort()).toEqual([...STYLE_PARTS].sort());
    // Every part holds rules, and every template names only known parts, once each.
    for (const name of sheet.names) expect(sheet.segments.filter((s) => s.name === name).map((s) => s.css).join('').length, name).toBeGreaterThan(100);
    for (const parts of Object.values(templateStyles)) expect(new Set(parts).size).toBe(parts.length);
  });

  test('a page keeps its parts in the whole stylesheet’s order, without marks', () => {
    const sheet = splitStylesheet(css);
    const page = sheet.select(['forms', 'article']);
    expect(page).not.toContain('/*!');
    // A subsequence of the whole: every kept part's rules in place, the others left out.
    const kept = sheet.segments.filter((s) => ['core', 'forms', 'article'].includes(s.name)).map((s) => s.css);
    expect(page).toBe(kept.join(''));
    expect(page).toContain('.article{');
    expect(page).toContain('.lead-form{');
    expect(page).not.toContain('.wizard{');
    expect(page).not.toContain('.swiper{');
    expect(sheet.select([])).toBe(sheet.segments.filter((s) => s.name === 'core').map((s) => s.css).join(''));
    // The order asked for does not matter.
    expect(sheet.select(['article', 'forms'])).toBe(page);
  });

  test('a stylesheet without marks is all core (as the tests’ stand-in styles are)', () => {
    expect(splitStylesheet('body{margin:0}').select(['forms'])).toBe('body{margin:0}');
  });

  test('every page inlines its template’s parts, and they cover every class the page, its islands and the shell script can show', () => {
    const shell = sourceClosureClasses(`${root}/templates/shell/shell.ts`);
    const missing: string[] = [];
    const templates = new Set<string>();
    for (const route of routes) {
      const rendered = renderRoute(route, inputs);
      const style = /<style>(.*?)<\/style>/s.exec(rendered.html)?.[1];
      expect(style, route.path).toBe(pageStylesheet(inputs, route.template));
      const classes = new Set([...htmlClasses(rendered.html), ...shell]);
      for (const island of rendered.islands) for (const c of islandClasses(root, island)) classes.add(c);
      const included = new Set(['core', ...templateStyles[route.template]]);
      for (const s of uncovered(selectors, classes, included)) missing.push(`${route.path} (${route.template}): "${s.selector}" is in part ${s.part}`);
      templates.add(route.template);
    }
    expect([...new Set(missing)].slice(0, 20)).toEqual([]);
    // Every template was seen, in both languages' routes.
    expect([...templates].sort()).toEqual(Object.keys(templateStyles).sort());
  });

  test('no rule is dead: every class a selector names can appear (a page, a template or island source, the shell script)', () => {
    const shown = new Set(sourceClosureClasses(`${root}/templates/shell/shell.ts`));
    for (const route of routes) for (const c of htmlClasses(renderRoute(route, inputs).html)) shown.add(c);
    const walk = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
    for (const file of walk(join(root, 'templates')).filter((f) => /\.tsx?$/.test(f))) for (const c of sourceClosureClasses(file)) shown.add(c);
    // Swiper's own classes are set by its script at run time (direction, platform, effects).
    const dead = selectors.filter((s) => s.classes.some((c) => !shown.has(c) && !c.startsWith('swiper-'))).map((s) => `${s.part}: ${s.selector}`);
    expect(dead).toEqual([]);
  });

  test('the coverage check would catch a part left out', () => {
    // BlogPost without its article part: the post page's own classes are then uncovered.
    const route = routes.find((r) => r.template === 'BlogPost')!;
    const rendered = renderRoute(route, inputs);
    const classes = htmlClasses(rendered.html);
    const without = new Set(['core', ...templateStyles.BlogPost.filter((p) => p !== 'article')]);
    expect(uncovered(selectors, classes, without).map((s) => s.part)).toContain('article');
    // An island's later states count: the wizard's form is rendered by its island, client-side.
    expect(islandClasses(root, 'GetStartedWizard').has('stepper')).toBe(true);
  });

  test('a post page inlines well under the whole stylesheet', () => {
    const post = pageStylesheet(inputs, 'BlogPost');
    expect(post.length).toBeLessThan(wholeStylesheet(css).length * 0.7);
  });
});
