// Turns the shared harness's Markdown corpus (front matter: title, date, tags) into a content
// tree of ours: the shipped content plus every generated file as a blog post, with the
// fields our schema requires and /posts/<slug>/ links rewritten to /blog-details/<id>.
// Unchanged files are not rewritten (the harness's VM is sensitive to inode churn).
//   node scripts/bench-content.mjs <corpusDir> <targetDir>
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

/** Copies the shipped content into the tree, writing only files whose bytes differ. */
function syncShipped(from, to) {
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const a = join(from, entry.name);
    const b = join(to, entry.name);
    if (entry.isDirectory()) {
      mkdirSync(b, { recursive: true });
      syncShipped(a, b);
    } else if (!existsSync(b) || !readFileSync(a).equals(readFileSync(b))) {
      cpSync(a, b);
    }
  }
}

export function convert(corpusDir, target) {
  mkdirSync(target, { recursive: true });
  syncShipped(join(root, 'content'), target);
  const blog = join(target, 'blog');
  mkdirSync(blog, { recursive: true });
  const files = readdirSync(corpusDir).filter((f) => f.endsWith('.md')).sort();
  const ids = new Map(files.map((f, i) => [f.slice(0, -3), 1000 + i]));
  const wanted = new Set();
  for (const file of files) {
    const text = readFileSync(join(corpusDir, file), 'utf8');
    const m = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
    const fm = m[1];
    const body = m[2].replace(/\]\(\/posts\/([^/)]+)\/?\)/g, (_, slug) => `](/blog-details/${ids.get(slug)})`);
    const title = /^title: (.*)$/m.exec(fm)[1].trim();
    const date = /^date: (.*)$/m.exec(fm)[1].trim();
    const tags = [...fm.matchAll(/^\s+- (.*)$/gm)].map((t) => t[1].trim());
    const first = body.trim().split(/(?<=\.)\s/)[0].slice(0, 190);
    const out = [
      '---',
      `id: ${ids.get(file.slice(0, -3))}`,
      `title: ${JSON.stringify(title.length >= 10 ? title : `${title} notes`)}`,
      `subheading: ${JSON.stringify(first.length >= 20 ? first : `${first} and more about ${title}`)}`,
      `date: ${date}`,
      'readTime: 3',
      'category: technology',
      'author:',
      '  name: "Maya Okafor"',
      '  image: images/people/author-1.svg',
      'image: images/blog/fleet-trends.svg',
      'imageAlt: "Illustration of a fleet dashboard"',
      `tags: [${tags.map((t) => JSON.stringify(t)).join(', ')}]`,
      '---',
      body,
    ].join('\n');
    const name = `bench-${file}`;
    wanted.add(name);
    const path = join(blog, name);
    if (!existsSync(path) || readFileSync(path, 'utf8') !== out) writeFileSync(path, out);
  }
  for (const f of readdirSync(blog)) if (f.startsWith('bench-') && !wanted.has(f)) rmSync(join(blog, f));
  return { posts: files.length, ids };
}

if (process.argv[1] === import.meta.filename) {
  const [corpus, target] = process.argv.slice(2);
  if (!corpus || !target) {
    console.error('usage: node scripts/bench-content.mjs <corpusDir> <targetDir>');
    process.exit(2);
  }
  convert(resolve(corpus), resolve(target));
}
