// What every template can reach while a page renders: the site model, the current route,
// the asset store and the island collector (RenderEnv, declared on the generator side). Server
// only: islands get plain props instead.
import { createContext, useContext } from 'react';
import type { PageKey } from '../generator/collections.ts';
import type { Pages } from '../generator/model.ts';
import type { RenderEnv } from '../generator/render.ts';

export type { IslandUse, RenderEnv } from '../generator/render.ts';

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


/** Fills {name} placeholders in a content string. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (m, key: string) => (key in values ? String(values[key]) : m));
}

const dateFormat = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const formatted = new Map<string, string>();

/** 2024-07-25 → 'July 25, 2024'. Memoised: ICU formatting is slow and dates repeat. */
export function formatDate(iso: string): string {
  let text = formatted.get(iso);
  if (text === undefined) {
    text = dateFormat.format(new Date(`${iso}T12:00:00Z`));
    formatted.set(iso, text);
  }
  return text;
}
