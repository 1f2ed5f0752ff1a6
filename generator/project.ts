// The checkout the generator runs from, and the folders where `site build` keeps its caches.
import { join } from 'node:path';

export const projectRoot = new URL('../', import.meta.url).pathname.replace(/\/$/, '');

/** Where `site build` keeps pages between builds; CI restores and saves .site/cache. */
export const pageCacheDir = join(projectRoot, '.site/cache/pages');

/**
 * The social-card cache's bounds (SocialCards.sweep): cards unused for 30 days go, then the least
 * recently used while the folder is over SITE_CARD_CACHE_MB (default 1,024 MB); never this
 * build's. A big site's own cards may exceed the size: they stay.
 */
export function cardCacheLimits(env = process.env): { maxBytes: number; maxAgeDays: number } {
  const mb = Number(env.SITE_CARD_CACHE_MB);
  return { maxBytes: (Number.isFinite(mb) && mb >= 0 ? mb : 1024) * 1024 * 1024, maxAgeDays: 30 };
}
