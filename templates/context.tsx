// What every template can reach while a page renders: the site model, the current route,
// the asset store and the island collector. Server-only: islands get plain props instead.
import { createContext, useContext, type ComponentType } from 'react';
import type { Site } from '../generator/model.ts';
import type { Route } from '../generator/routes.ts';
import type { ImageInfo } from '../generator/assets.ts';

export interface IslandUse {
  name: string;
  component: ComponentType<any>;
  props: unknown;
  hydrate: 'load' | 'visible';
}

export interface RenderEnv {
  site: Site;
  route: Route;
  mode: 'production' | 'preview';
  image(path: string): ImageInfo;
  icon(path: string): string;
  /** Registers an island on this page; returns its index for the placeholder. */
  addIsland(use: IslandUse): number;
  /** Stylesheets and the shell script, from the bundle stage. */
  css: string[];
  shellScript: string;
  fontPreload: string;
}

const EnvContext = createContext<RenderEnv | null>(null);
export const EnvProvider = EnvContext.Provider;

export function useEnv(): RenderEnv {
  const env = useContext(EnvContext);
  if (!env) throw new Error('templates must render inside <EnvProvider>');
  return env;
}

export const useSite = () => useEnv().site;

/** Fills {name} placeholders in a content string. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (m, key: string) => (key in values ? String(values[key]) : m));
}

export function formatDate(iso: string): string {
  return new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-CA', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}
