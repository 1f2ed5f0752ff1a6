// What every template can reach while a page renders: the site model, the current route,
// the asset store, the island collector and the page language's formats (RenderEnv, declared on
// the generator side: `env.format.date(iso)`, `env.itemLang(collection, slug)`). Server only:
// islands get plain props instead.
import { createContext, useContext } from 'react';
import type { PageKey } from '../generator/content/collections.ts';
import type { Pages } from '../generator/content/model.ts';
import type { RenderEnv } from '../generator/render/render.ts';

export type { IslandUse, RenderEnv } from '../generator/render/render.ts';

const EnvContext = createContext<RenderEnv | null>(null);
export const EnvProvider = EnvContext.Provider;

export function useEnv(): RenderEnv {
  const env = useContext(EnvContext);
  if (!env) throw new Error('templates must render inside <EnvProvider>');
  return env;
}

/** The copy of one page (content/pages/<key>.yaml), typed by that page's schema. */
export function usePage<K extends PageKey>(key: K): Pages[K] {
  return useEnv().site.pages[key];
}

/** Fills {name} placeholders in a content string with text; numbers go through `env.format.numbers`, which writes them in the page's language. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (m, key: string) => (key in values ? String(values[key]) : m));
}
