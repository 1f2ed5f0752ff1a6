// The preview's rebuild rule (generator/build/affected.ts), on the real route table of
// content/, and the editor-file filter the watcher and the rule share.
import { describe, expect, test } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadAll, type SourceRecord } from '../../../generator/content/load.ts';
import { validate } from '../../../generator/validate/validate.ts';
import { transform } from '../../../generator/transform/transform.ts';
import { buildRoutes, type Route } from '../../../generator/render/routes.ts';
import type { CollectionName } from '../../../generator/content/collections.ts';
import {
  affectedRoutes, describeChange, mergeChange, noChanges, sharedPageCopy,
  type ChangeKind, type Changes, type ContentChange,
} from '../../../generator/build/affected.ts';
import { isEditorTempFile } from '../../../generator/content/editor-files.ts';
import { contentDir, root } from '../../helpers.ts';

const records = loadAll(contentDir);
const routes = buildRoutes(transform(validate(records, { contentDir, includeDrafts: true }).site!));
const record = (rel: string) => records.find((r) => r.relPath === rel)!;
const allPaths = routes.map((r) => r.path).sort();

const POST = 'blog/preparing-fleet-for-canadian-winter.md';
const POST_PATH = '/blog-details/10';
const solutionPages = routes.filter((r) => r.template === 'Solution').map((r) => r.path);
/** Every page that lists posts: the home and contact pages, the blog list, each solution's news. */
const postLists = ['/', '/blogs', '/contact-us', ...solutionPages];

/** A change to the content file `rel` (content-relative). */
function change(rel: string, kind: ChangeKind = 'modified', listed = true): ContentChange {
  const r = record(rel);
  return { file: r.file, collection: r.collection, slug: r.slug, kind, listed };
}

function changes(...items: ContentChange[]): Changes {
  const c = noChanges();
  for (const item of items) c.content.set(item.file, mergeChange(c.content.get(item.file), item));
  return c;
}

const rendered = (previous: Route[], next: Route[], c: Changes) => [...affectedRoutes(previous, next, c).render].sort();
const same = (c: Changes) => rendered(routes, routes, c);

describe('which routes an edit re-renders', () => {
  test("a post's body edit re-renders only that post (lists show front matter, never bodies)", () => {
    expect(same(changes(change(POST, 'modified', false)))).toEqual([POST_PATH]);
  });

  test("a post's title edit re-renders the post and every page listing posts", () => {
    expect(same(changes(change(POST)))).toEqual([POST_PATH, ...postLists].sort());
  });

  test('a deleted post is removed and every list of posts re-renders', () => {
    const next = routes.filter((r) => r.path !== POST_PATH);
    const affected = affectedRoutes(routes, next, changes(change(POST, 'deleted')));
    expect([...affected.remove]).toEqual([POST_PATH]);
    expect([...affected.render].sort()).toEqual([...postLists].sort());
  });

  test('a renamed post file re-renders its page and the lists, even with the same data', () => {
    const renamed = 'content/blog/winter-fleet.md';
    const next = routes.map((r) => (r.path === POST_PATH ? { ...r, sources: [renamed] } : r));
    const c = changes({ ...change(POST, 'deleted'), listed: false }, { ...change(POST, 'added'), file: renamed, listed: false });
    expect(rendered(routes, next, c)).toEqual([POST_PATH, ...postLists].sort());
  });

  test('a post whose id changes leaves its old path and renders the new one', () => {
    const next = routes.map((r) => (r.path === POST_PATH ? { ...r, path: '/blog-details/99', file: 'blog-details/99/index.html' } : r));
    const affected = affectedRoutes(routes, next, changes(change(POST)));
    expect([...affected.remove]).toEqual([POST_PATH]);
    expect(affected.render.has('/blog-details/99')).toBe(true);
    expect(affected.render.has('/blogs')).toBe(true);
  });

  test('routes are matched by place, and by path where they moved: a chain of edits, a table asked again, a table reordered', () => {
    // routes → a (the post's route a new object) → b (the post gone) → c (back, as a new object).
    const a = routes.map((r) => (r.path === POST_PATH ? { ...r } : r));
    const b = a.filter((r) => r.path !== POST_PATH);
    const c = [...b, { ...routes.find((r) => r.path === POST_PATH)! }];
    const body = changes(change(POST, 'modified', false));
    const first = affectedRoutes(routes, a, body);
    expect([...first.render]).toEqual([POST_PATH]);
    expect(first.gone).toEqual([]);
    const second = affectedRoutes(a, b, changes(change(POST, 'deleted')));
    expect([...second.remove]).toEqual([POST_PATH]);
    expect(second.gone).toEqual([a.find((r) => r.path === POST_PATH)]);
    expect([...second.render].sort()).toEqual([...postLists].sort());
    expect([...affectedRoutes(b, c, changes(change(POST, 'added'))).render].sort()).toEqual([POST_PATH, ...postLists].sort());
    // The first table again: the same answers.
    expect([...affectedRoutes(routes, b, changes(change(POST, 'deleted'))).remove]).toEqual([POST_PATH]);
    expect(rendered(routes, a, body)).toEqual([POST_PATH]);
    // Every route out of its place (and the post a new object): found by path, nothing removed.
    const reordered = affectedRoutes(routes, [...a].reverse(), body);
    expect([...reordered.render]).toEqual([POST_PATH]);
    expect(reordered.routes).toEqual([a.find((r) => r.path === POST_PATH)]);
    expect([...reordered.remove]).toEqual([]);
    // One route fewer and one more, at the same place: the one that went is removed.
    const swapped = [...routes];
    swapped[swapped.findIndex((r) => r.path === POST_PATH)] = { ...routes.find((r) => r.path === POST_PATH)!, path: '/blog-details/99' };
    const moved = affectedRoutes(routes, swapped, changes(change(POST)));
    expect([...moved.remove]).toEqual([POST_PATH]);
    expect(moved.render.has('/blog-details/99')).toBe(true);
    // An unchanged route (the same object) whose file changed is rendered too.
    expect(rendered(c, c, changes(change(POST, 'modified', false)))).toEqual([POST_PATH]);
  });

  test('a new post is rendered with every list of posts', () => {
    const previous = routes.filter((r) => r.path !== POST_PATH);
    expect(rendered(previous, routes, changes(change(POST, 'added')))).toEqual([POST_PATH, ...postLists].sort());
  });

  test.each<[string, string[]]>([
    ['faqs/05-sustainability.yaml', ['/faqs']],
    ['jobs', ['/career']],
    ['team', ['/leadership']],
    ['ecosystem', ['/partnership']],
    ['testimonials', ['/', '/solutions']],
    ['industries', ['/']],
    ['benefits', ['/']],
    ['fleet-features', ['/']],
  ])('an item of %s re-renders only the pages listing it', (where, expected) => {
    const rel = where.endsWith('.yaml') ? where : records.find((r) => r.relPath.startsWith(`${where}/`))!.relPath;
    expect(same(changes(change(rel)))).toEqual(expected.sort());
  });

  test('a solution edit re-renders its page and the pages listing solutions', () => {
    const adas = record('solutions/adas.yaml');
    expect(same(changes(change(adas.relPath)))).toEqual(['/', '/solutions', (adas.data as { path: string }).path].sort());
  });

  test.each(['navigation.yaml', 'site.yaml', 'ui.yaml', 'forms.yaml', 'blog-categories.yaml'])('%s re-renders every page', (rel) => {
    expect(same(changes(change(rel, 'modified', false)))).toEqual(allPaths);
  });

  test.each<[keyof Changes]>([['templates'], ['styles'], ['images'], ['unsure']])('%s re-render every page', (flag) => {
    expect(same({ ...noChanges(), [flag]: true })).toEqual(allPaths);
  });

  test("page copy re-renders its own page, and the pages that show it elsewhere", () => {
    expect(same(changes(change('pages/faqs.yaml')))).toEqual(['/faqs']);
    expect(same(changes(change('pages/home.yaml')))).toEqual(['/', ...solutionPages].sort());
    // The feed link's title is in every page's head.
    expect(same(changes(change('pages/blogs.yaml')))).toEqual(allPaths);
  });

  test('an edit made while a previous edit failed validation is rendered with it', () => {
    // Break a FAQ, retitle a post (still broken), fix the FAQ: the three are one change set.
    const faq = 'faqs/05-sustainability.yaml';
    const c = changes(change(faq), change(POST), change(faq));
    expect(same(c)).toEqual(['/faqs', POST_PATH, ...postLists].sort());
  });

  test('nothing changed, nothing renders', () => {
    expect(same(noChanges())).toEqual([]);
  });
});

describe('what an edit did to a file', () => {
  const post = record(POST);
  const edited = (patch: Partial<SourceRecord>): SourceRecord => ({ ...post, ...patch });

  test('a body-only edit is not listed; a front-matter edit is', () => {
    expect(describeChange(post.file, post, edited({ body: `${post.body}\nMore.` }))).toMatchObject({ kind: 'modified', listed: false });
    expect(describeChange(post.file, post, edited({ data: { ...(post.data as object), title: 'New' } }))).toMatchObject({ kind: 'modified', listed: true });
  });

  test('a file that cannot be parsed counts as listed (it leaves or rejoins its collection)', () => {
    const broken = edited({ problems: [{ file: post.file, line: 1, column: 1, message: 'bad YAML' }] as SourceRecord['problems'] });
    expect(describeChange(post.file, post, broken)?.listed).toBe(true);
    expect(describeChange(post.file, broken, post)?.listed).toBe(true);
  });

  test('added and deleted files are listed; a file never seen is no change', () => {
    expect(describeChange(post.file, undefined, post)).toMatchObject({ kind: 'added', listed: true, collection: 'blog', slug: post.slug });
    expect(describeChange(post.file, post, undefined)).toMatchObject({ kind: 'deleted', listed: true });
    expect(describeChange(post.file, undefined, undefined)).toBeUndefined();
  });

  test('changes to one file fold into one, relative to the last good build', () => {
    const c = (kind: ChangeKind, listed = false): ContentChange => ({ file: 'f', collection: 'blog' as CollectionName, slug: 'f', kind, listed });
    expect(mergeChange(c('added', true), c('modified'))).toMatchObject({ kind: 'added', listed: true });
    expect(mergeChange(c('added', true), c('deleted', true)).kind).toBe('deleted');
    expect(mergeChange(c('deleted', true), c('added', true))).toMatchObject({ kind: 'modified', listed: true });
    expect(mergeChange(c('modified', true), c('modified', false)).listed).toBe(true);
    expect(mergeChange(undefined, c('modified'))).toEqual(c('modified'));
  });
});

test('every page copy a template reads outside its own page is in the rule', () => {
  const read = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name)) {
        for (const m of readFileSync(path, 'utf8').matchAll(/site\.pages(?:\??\.(\w+)|\[['"]([\w-]+)['"]\])/g)) read.add(m[1] ?? m[2]!);
      }
    }
  };
  walk(join(root, 'templates'));
  expect([...read].sort()).toEqual(Object.keys(sharedPageCopy).sort());
});

describe("editors' temporary files", () => {
  test.each([
    'content/blog/.#post.md', 'content/blog/post.md~', 'content/blog/#post.md#', 'content/blog/.post.md.swp',
    'content/blog/post.md.swp', 'content/blog/post.md.swx', 'templates/4913', 'content/.DS_Store', 'content/faqs/x.yaml.tmp',
    'content/pages/home.yaml___jb_tmp___', 'content/pages/home.yaml___jb_old___', 'styles/.goutputstream-9XQ3BZ',
    'content/site.yaml.tmp-4821', '/home/a/site/content/blog/post.md.crswap', 'C:\\site\\content\\blog\\post.md~',
  ])('%s is ignored', (path) => {
    expect(isEditorTempFile(path)).toBe(true);
  });

  test.each([
    'content/blog/post.md', 'content/pages/home.yaml', 'templates/pages/Home.tsx', 'styles/main.scss', 'content/images/2024',
    'content/images/blog/4913.svg', 'content/blog/swap.md', 'content/static/favicon.ico', '/tmp/site-sandbox-x/content',
  ])('%s is watched', (path) => {
    expect(isEditorTempFile(path)).toBe(false);
  });
});
