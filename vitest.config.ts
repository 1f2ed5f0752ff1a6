import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two files at a time on this 2-core machine kind (vitest's default is one fewer than the
    // cores: one file at a time here). Many files wait on child processes (builds, emulators,
    // sharp's threads) more than they compute, so two overlap well: CI's vitest part went from
    // ~245 s to the figure in the README's "Two commands".
    maxWorkers: 2,
    // As scripts/test-all.mjs: the builds tests run share this checkout's social-card cache, and
    // their sweep must not trim a big corpus's cards to the default 1 GB (vitest run directly too).
    env: { SITE_CARD_CACHE_MB: process.env.SITE_CARD_CACHE_MB ?? String(1024 * 1024) },
  },
});
