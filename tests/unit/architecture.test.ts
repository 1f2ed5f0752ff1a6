// The shape of the code, kept true: no import cycles, stages that import nothing from the
// commands or the preview, the browser and the lead function sharing only common/, a short
// README per generator folder, and no history in code or docs (docs/architecture.md, "Layout").
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { root } from '../helpers.ts';

const SOURCE = /\.(ts|tsx|js|mjs)$/;

function filesUnder(dir: string, keep: (path: string) => boolean): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') out.push(...filesUnder(path, keep));
    } else if (keep(path)) out.push(path);
  }
  return out;
}

const sources = ['bin', 'common', 'generator', 'templates', 'functions', 'scripts'].flatMap((d) => filesUnder(join(root, d), (p) => SOURCE.test(p)));
const rel = (path: string) => relative(root, path);

/** Every relative module a file imports (static, dynamic, re-exports, type-only ones too). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(/^\s*(?:import|export)\s[^'";]*?from\s+['"](\.[^'"]+)['"]|^\s*import\s+['"](\.[^'"]+)['"]|\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/gm)) {
    found.push(rel(resolve(dirname(file), (m[1] ?? m[2] ?? m[3])!)));
  }
  return found;
}

const graph = new Map(sources.map((f) => [rel(f), importsOf(f)]));

describe('imports', () => {
  test('there is no import cycle, type-only imports included', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const trail: string[] = [];
    const visit = (file: string) => {
      state.set(file, 'open');
      trail.push(file);
      for (const next of graph.get(file) ?? []) {
        if (!graph.has(next)) continue;
        if (state.get(next) === 'open') cycles.push([...trail.slice(trail.indexOf(next)), next].join(' → '));
        else if (!state.has(next)) visit(next);
      }
      trail.pop();
      state.set(file, 'done');
    };
    for (const file of graph.keys()) if (!state.has(file)) visit(file);
    expect(cycles).toEqual([]);
  });

  test('no stage imports from the commands or the preview', () => {
    const stages = ['content', 'validate', 'transform', 'render', 'assets', 'output', 'checks', 'problems', 'build', 'speed', 'authoring', 'leads', 'publish'];
    const leaks: string[] = [];
    for (const [file, imports] of graph) {
      const folder = file.split('/')[1];
      if (!file.startsWith('generator/') || !stages.includes(folder!)) continue;
      for (const target of imports) if (/^generator\/(cli|preview)\//.test(target)) leaks.push(`${file} → ${target}`);
    }
    expect(leaks).toEqual([]);
  });

  test('the templates and the generator reach the lead function only through common/ (the preview and the lead commands run the function itself; the traffic report reads its archive)', () => {
    const allowed = /^generator\/(preview|cli|leads|traffic)\//;
    const leaks: string[] = [];
    for (const [file, imports] of graph) {
      if (!/^(generator|templates|common)\//.test(file) || allowed.test(file)) continue;
      for (const target of imports) if (target.startsWith('functions/')) leaks.push(`${file} → ${target}`);
    }
    expect(leaks).toEqual([]);
    // And common/ stands alone.
    for (const [file, imports] of graph) if (file.startsWith('common/')) expect(imports.filter((t) => !t.startsWith('common/')), file).toEqual([]);
  });
});

describe('folders', () => {
  const folders = readdirSync(join(root, 'generator'), { withFileTypes: true }).filter((e) => e.isDirectory() && e.name !== 'schemas').map((e) => e.name);

  test('every generator folder has a README of at most 30 lines, and generator/README.md tells the pipeline', () => {
    for (const folder of folders) {
      const readme = readFileSync(join(root, 'generator', folder, 'README.md'), 'utf8');
      expect(readme.trimEnd().split('\n').length, folder).toBeLessThanOrEqual(30);
      expect(readme, folder).toMatch(/May import:/);
    }
    const pipeline = readFileSync(join(root, 'generator/README.md'), 'utf8');
    for (const folder of folders) expect(pipeline, folder).toContain(`\`${folder}/\``);
  });

  test('at most a handful of files at the root of generator/', () => {
    const files = readdirSync(join(root, 'generator')).filter((name) => statSync(join(root, 'generator', name)).isFile());
    expect(files.filter((f) => f !== 'README.md').length).toBeLessThanOrEqual(5);
  });

  test('README.md stays short', () => {
    expect(readFileSync(join(root, 'README.md'), 'utf8').trimEnd().split('\n').length).toBeLessThanOrEqual(200);
  });
});

test('no issue or session numbers, and no citation of a spec section, in code or docs', () => {
  const places = ['generator', 'templates', 'functions', 'common', 'bin', 'scripts', 'docs'].flatMap((d) => filesUnder(join(root, d), (p) => /\.(ts|tsx|js|mjs|md|sh)$/.test(p)));
  places.push(join(root, 'README.md'));
  const found: string[] = [];
  for (const file of places) {
    readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
      if (/issue #\d|session \d|§\d|\(#\d+[),]/i.test(line)) found.push(`${rel(file)}:${i + 1}: ${line.trim().slice(0, 100)}`);
    });
  }
  expect(found).toEqual([]);
});
