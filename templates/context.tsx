// What every template can reach while a page renders: the site model, the current route,
// the asset store and the island collector. Server-only: islands get plain props instead.
import { createContext, useContext, type ComponentType, type ReactElement } from 'react';
import type { Site } from '../generator/model.ts';
import type { Route } from '../generator/routes.ts';
import type { ImageInfo } from '../generator/assets.ts';

export interface IslandUse {
  name: string;
  component: ComponentType<any>;
  props: unknown;
  hydrate: 'load' | 'visible' | 'idle';
}

export interface RenderEnv {
  site: Site;
  route: Route;
  mode: 'production' | 'preview';
  image(path: string): ImageInfo;
  icon(path: string): string;
  /** Registers an island on this page; returns its index for the placeholder. */
  addIsland(use: IslandUse): number;
  /**
   * A part of the page that is the same on many pages (header, footer): rendered once per
   * build for each `key` and reused. The key must name everything the part depends on.
   */
  shell(key: string, element: ReactElement): ReactElement;
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
