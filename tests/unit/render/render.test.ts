import { beforeAll, describe, expect, test } from 'vitest';
import { ISLAND_CACHE_PROPS, renderCache, renderRoute, type RenderInputs } from '../../../generator/render/render.ts';
import { loadAll } from '../../../generator/content/load.ts';
import { validate } from '../../../generator/validate/validate.ts';
import { transform } from '../../../generator/transform/transform.ts';
import { buildRoutes, type Route } from '../../../generator/render/routes.ts';
import type { Site } from '../../../generator/content/model.ts';
import { islandNames } from '../../../generator/assets/bundle.ts';
import { contentDir, root } from '../../helpers.ts';
import { LIST_INLINE } from '../../../templates/pages/Blog.tsx';

let site: Site;
let routes: Route[];
let inputs: RenderInputs;

beforeAll(async () => {
  site = transform(validate(loadAll(contentDir), { contentDir, includeDrafts: false }).site!);
  routes = buildRoutes(site);
  // No disk and no bundler: images, icons and client assets are stand-ins.
  inputs = {
    templates: await import('../../../templates/index.ts'),
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
    // Its answers are HTML, with absolute links: never Markdown's ** or [text](/path).
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!) as { mainEntity: { acceptedAnswer: { text: string } }[] };
    const answers = ld.mainEntity.map((q) => q.acceptedAnswer.text);
    expect(answers.join('\n')).not.toMatch(/\*\*|\]\(/);
    expect(answers.join('\n')).toContain('<strong>');
    expect(answers.join('\n')).toContain(`<a href="${site.config.url}/terms-conditions">`);
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
    const cache = renderCache();
    const posts = routes.filter((r) => r.template === 'BlogPost').slice(0, 3);
    const shared = posts.map((r) => renderRoute(r, { ...inputs, cache }));
    shared.forEach((page, i) => expect(page.html).toBe(renderRoute(posts[i]!, inputs).html));
    // The navbar of every post is one Buffer, encoded once.
    const header = (page: (typeof shared)[number]) => page.chunks.find((c) => c.includes('class="nav-menus"'));
    expect(header(shared[0]!)).toBeDefined();
    expect(header(shared[1]!)).toBe(header(shared[0]!));
    // So is each island the posts share (the search box, the newsletter form).
    for (const name of ['BlogSearch', 'LeadForm']) {
      const island = (page: (typeof shared)[number]) => page.chunks.find((c) => c.subarray(0, 64).includes(`data-island="${name}"`));
      expect(island(shared[0]!), name).toBeDefined();
      expect(island(shared[1]!)).toBe(island(shared[0]!));
      expect(island(shared[2]!)).toBe(island(shared[0]!));
    }
    expect(Buffer.concat(shared[2]!.chunks).equals(shared[2]!.bytes)).toBe(true);
  });

  test('an island whose props are larger than ISLAND_CACHE_PROPS is rendered for its page and not kept', () => {
    // The blog list carries its newest posts' cards (LIST_INLINE): long enough, their props pass the limit.
    const big = structuredClone(site);
    const template = big.posts[0]!;
    const count = LIST_INLINE + 20;
    // Each card in the list's props is then well over ISLAND_CACHE_PROPS / LIST_INLINE bytes of JSON.
    const subheading = 'A long subheading. '.repeat(Math.ceil(ISLAND_CACHE_PROPS / LIST_INLINE / 19));
    big.posts = Array.from({ length: count }, (_, i) => ({ ...template, id: 10_000 + i, slug: `bulk-${i}`, title: `Bulk post ${i}`, subheading }));
    const bigRoutes = buildRoutes(big);
    const blogs = bigRoutes.find((r) => r.path === '/blogs')!;
    const cache = renderCache();
    const bigInputs = { ...inputs, sites: { en: big } };
    const first = renderRoute(blogs, { ...bigInputs, cache });
    expect(first.islands).toContain('BlogList');
    expect(first.html).toContain(`Bulk post ${LIST_INLINE - 1}<`);
    expect(first.html).not.toContain(`Bulk post ${LIST_INLINE}<`);
    expect(first.html).toBe(renderRoute(blogs, bigInputs).html);
    const kept = [...cache.islands.keys()];
    expect(kept.some((key) => key.startsWith('BlogList\0'))).toBe(false);
    // Small islands of the same page are still shared.
    expect(kept.some((key) => key.startsWith('BlogSearch\0') || key.startsWith('LeadForm\0'))).toBe(kept.length > 0);
    // And below the limit, the list itself is kept.
    const small = renderCache();
    renderRoute(route('/blogs'), { ...inputs, cache: small });
    expect([...small.islands.keys()].some((key) => key.startsWith('BlogList\0'))).toBe(true);
  });

  test('a long list is rendered a run of items at a time, to the same bytes as in one piece', () => {
    const big = structuredClone(site);
    const template = big.posts[0]!;
    const count = 1_003;
    big.posts = Array.from({ length: count }, (_, i) => ({ ...template, id: 10_000 + i, slug: `bulk-${i}`, title: `Bulk post ${i} “${'é'.repeat(i % 3)}” 😀` }));
    // The page holds the newest LIST_INLINE of them (the island loads the rest: templates/pages/Blog.tsx).
    const listed = Math.min(count, LIST_INLINE);
    const blogs = buildRoutes(big).find((r) => r.path === '/blogs')!;
    // Every renderToString the page makes: the islands, and each run of the list.
    const renders = (run: number) => {
      let calls = 0;
      const templates = { ...inputs.templates, renderToString: ((...args) => (calls++, inputs.templates.renderToString(...args))) as typeof inputs.templates.renderToString };
      const page = renderRoute(blogs, { ...inputs, templates, sites: { en: big }, listRun: run, cache: renderCache() });
      return { bytes: page.bytes, chunks: page.chunks.length, calls };
    };
    const whole = renders(1_000_000);
    expect(whole.bytes.toString()).toContain(`Bulk post ${listed - 1} `);
    for (const run of [64, 10, 7]) {
      const inRuns = renders(run);
      expect(inRuns.bytes.equals(whole.bytes)).toBe(true);
      // One render per run of the list on top of the page's islands.
      expect(inRuns.calls - whole.calls).toBe(Math.ceil(listed / run));
      // (The runs' text is encoded once ISLAND_FLUSH characters wait: a list of LIST_INLINE cards
      // is under that, so the page is no more pieces than in one render.)
      expect(inRuns.chunks).toBeGreaterThanOrEqual(whole.chunks);
    }
    // A list shorter than a run is rendered in place (the shipped blog list, kept for the build).
    const shipped = route('/blogs');
    const short = renderRoute(shipped, { ...inputs, listRun: site.posts.length, cache: renderCache() });
    const runs = renderRoute(shipped, { ...inputs, listRun: 2, cache: renderCache() });
    expect(runs.bytes.equals(short.bytes)).toBe(true);
  });
});
