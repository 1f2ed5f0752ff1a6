// Route → complete HTML document. Pure: everything it needs comes in `inputs`; it reads
// no files itself (images and icons come through the asset functions it is given).
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import type { IslandUse, RenderEnv } from '../templates/context.tsx';
import type { Site } from './model.ts';
import type { Route } from './routes.ts';
import type { ImageInfo } from './assets.ts';

export interface ClientAssets {
  css: string[];
  shellScript: string;
  fontPreload: string;
  /** Island name → its entry script and the chunks it imports (for modulepreload). */
  islands: Record<string, { script: string; imports: string[]; lazy: string[] }>;
}

/** The template modules (templates/index.ts), passed in so the preview can swap in a fresh copy. */
export type Templates = typeof import('../templates/index.ts');

export interface RenderInputs {
  templates: Templates;
  site: Site;
  mode: 'production' | 'preview';
  image(path: string): ImageInfo;
  icon(path: string): string;
  client: ClientAssets;
  /** Shell parts already rendered in this build, by key (see RenderEnv.shell). */
  shellCache?: Map<string, string>;
}

export interface Rendered {
  html: string;
  /** Island names used on the page. */
  islands: string[];
}

const SLOT = /<site-island data-slot="(\d+)"><\/site-island>/g;
const SHELL = /<site-shell data-slot="(\d+)"><\/site-shell>/g;

export function renderRoute(route: Route, inputs: RenderInputs): Rendered {
  const uses: IslandUse[] = [];
  const parts: { key: string; element: ReactElement }[] = [];
  const env: RenderEnv = {
    site: inputs.site,
    route,
    mode: inputs.mode,
    image: inputs.image,
    icon: inputs.icon,
    addIsland: (use) => uses.push(use) - 1,
    shell: (key, element) => createElement('site-shell', { 'data-slot': parts.push({ key, element }) - 1 }),
    css: inputs.client.css,
    shellScript: inputs.client.shellScript,
    fontPreload: inputs.client.fontPreload,
  };
  const { pages, EnvProvider } = inputs.templates;
  const Page = pages[route.template];
  let html = renderToStaticMarkup(createElement(EnvProvider, { value: env }, createElement(Page)));
  const cache = inputs.shellCache ?? new Map<string, string>();
  html = html.replace(SHELL, (_, index: string) => {
    const part = parts[Number(index)]!;
    let markup = cache.get(part.key);
    if (markup === undefined) {
      markup = renderToStaticMarkup(createElement(EnvProvider, { value: env }, part.element));
      cache.set(part.key, markup);
    }
    return markup;
  });
  const heading = inputs.site.ui.islandError ?? '';
  if (uses.length) html = html.replace(SLOT, (_, index: string) => renderIsland(inputs.templates, uses[Number(index)]!, Number(index), heading));
  const names = [...new Set(uses.map((u) => u.name))].sort();
  if (names.length) html = html.replace('</head>', `${islandScripts(names, inputs.client)}</head>`);
  return { html: html.startsWith('<!DOCTYPE') ? html : `<!DOCTYPE html>${html}`, islands: names };
}

function renderIsland({ IslandBoundary, jsonForScript }: Templates, use: IslandUse, index: number, heading: string): string {
  const id = `i${index}`;
  const inner = renderToString(
    createElement(IslandBoundary, { name: use.name, heading }, createElement(use.component, use.props as object)),
    { identifierPrefix: `${id}-` },
  );
  const attrs = `data-island="${use.name}" data-island-id="${id}" data-hydrate="${use.hydrate}" data-error-heading="${escapeAttr(heading)}"`;
  return `<div ${attrs}>${inner}</div><script type="application/json" data-island-props="${id}">${jsonForScript(use.props)}</script>`;
}

function islandScripts(names: string[], client: ClientAssets): string {
  const preload = new Set<string>();
  const scripts: string[] = [];
  for (const name of names) {
    const entry = client.islands[name];
    if (!entry) throw new Error(`island "${name}" has no client bundle; is templates/islands/${name}.tsx missing?`);
    scripts.push(`<script type="module" src="${entry.script}"></script>`);
    for (const chunk of entry.imports) preload.add(chunk);
  }
  return [...[...preload].sort().map((href) => `<link rel="modulepreload" href="${href}"/>`), ...scripts].join('');
}

function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
