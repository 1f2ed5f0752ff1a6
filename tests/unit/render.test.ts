import { beforeAll, describe, expect, test } from 'vitest';
import { renderCache, renderRoute, type RenderInputs } from '../../generator/render.ts';
import { loadAll } from '../../generator/load.ts';
import { validate } from '../../generator/validate.ts';
import { transform } from '../../generator/transform.ts';
import { buildRoutes, type Route } from '../../generator/routes.ts';
import type { Site } from '../../generator/model.ts';
import { islandNames } from '../../generator/bundle.ts';
import { contentDir, root } from '../helpers.ts';

let site: Site;
let routes: Route[];
let inputs: RenderInputs;

beforeAll(async () => {
  site = transform(validate(loadAll(contentDir), { contentDir, includeDrafts: false }).site!);
  routes = buildRoutes(site);
  // No disk and no bundler: images, icons and client assets are stand-ins.
  inputs = {
    templates: await import('../../templates/index.ts'),
    sites: { en: site },
    mode: 'production',
    image: (path) => ({ src: `/img/${path}`, width: 10, height: 5 }),
    icon: () => '<svg class="icon"></svg>',
    client: {
      css: 'body{margin:0}',
      shellScript: '/shell.js',
      fontPreload: '/font.woff2',
      islands: Object.fromEntries(islandNames(root).map((name) => [name, { script: `/${name}.js`, imports: ['/react-chunk.js'], lazy: [] }])),
    },
  };
});

const route = (path: string) => routes.find((r) => r.path === path)!;

describe('render', () => {
  test('a page is a complete document with its head metadata', () => {
    const { html, islands } = renderRoute(route('/faqs'), inputs);
    expect(html.startsWith('<!DOCTYPE html><html lang="en-CA"')).toBe(true);
    expect(html).toContain(`<title>${site.config.brand} | FAQs</title>`);
    expect(html).toContain(`<link rel="canonical" href="${site.config.url}/faqs"/>`);
    expect(html).toContain('<meta property="og:title"');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(html).toContain('<script type="module" src="/shell.js"></script>');
    expect(html).toContain('"@type":"FAQPage"');
    expect(islands).toEqual([]);
    expect(html).not.toContain('data-island');
  });

  test('islands are rendered in place with their props, scripts and one preload per shared chunk', () => {
    const { html, islands } = renderRoute(route('/'), inputs);
    expect(islands).toEqual(['BenefitsGrid', 'FleetShowcase', 'IndustryMarquee', 'IndustrySlider', 'NewsSlider', 'TestimonialSlider']);
    const id = /data-island="BenefitsGrid" data-island-id="(i\d+)" data-hydrate="visible" data-error-heading="Unexpected Application Error!"><div class="benefits">/.exec(html)?.[1];
    expect(id).toBeDefined();
    expect(html).toContain(`<script type="application/json" data-island-props="${id}">{"items":[`);
    // The scripts are data the shell script turns into tags after the first paint (no request before it).
    const scripts = /<script type="application\/json" data-island-scripts="">(.*?)<\/script>.*<\/head>/.exec(html)?.[1];
    const list = JSON.parse(scripts!) as { preload: string[]; scripts: string[] };
    expect(list.preload.filter((href) => href === '/react-chunk.js')).toHaveLength(1);
    expect(list.scripts).toContain('/BenefitsGrid.js');
    expect(html).not.toContain('<script type="module" src="/BenefitsGrid.js">');
    expect(html).not.toContain('modulepreload');
    expect(html).not.toContain('<site-island');
  });

  test('island props cannot close their script element', () => {
    const hostile = structuredClone(site);
    hostile.benefits[0]!.title = '</script><script>alert(1)</script>';
    const { html } = renderRoute(route('/'), { ...inputs, sites: { en: hostile } });
    const id = /data-island="BenefitsGrid" data-island-id="(i\d+)"/.exec(html)![1];
    const props = new RegExp(`data-island-props="${id}">(.*?)</script>`).exec(html)![1]!;
    expect(props).toContain('\\u003c/script>\\u003cscript>alert(1)\\u003c/script>');
  });

  test('banner and footer follow the routes navigation.yaml lists', () => {
    expect(renderRoute(route('/get-started'), inputs).html).not.toContain('site-footer');
    expect(renderRoute(route('/contact-us'), inputs).html).not.toContain('cta-banner');
    expect(renderRoute(route('/contact-us'), inputs).html).toContain('site-footer');
  });
});

describe('render with a build cache', () => {
  test('parts shared by pages are rendered once per build and give the same bytes as rendering alone', () => {
    const cache = renderCache({ arena: true });
    const posts = routes.filter((r) => r.template === 'BlogPost').slice(0, 3);
    const shared = posts.map((r) => renderRoute(r, { ...inputs, cache }));
    shared.forEach((page, i) => expect(page.html).toBe(renderRoute(posts[i]!, inputs).html));
    // The navbar of every post is one Buffer, encoded once.
    const header = (page: (typeof shared)[number]) => page.chunks.find((c) => c.includes('class="nav-menus"'));
    expect(header(shared[0]!)).toBeDefined();
    expect(header(shared[1]!)).toBe(header(shared[0]!));
    expect(Buffer.concat(shared[2]!.chunks).equals(shared[2]!.bytes)).toBe(true);
  });
});
