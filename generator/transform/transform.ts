// SourceSite → Site: the stage between validation and routes. Every Markdown field becomes HTML
// here, so templates receive data and never a tool (they import nothing from generator/ at run
// time). Which fields are Markdown is the schemas' word (`x-markdown`); the types make this
// stage complete: a Markdown field left as text is a string where Site wants Html, and tsc fails.
import { renderInline, renderMarkdown, type Heading, type Html, type ImageHtml } from './markdown.ts';
import type { Site, SourceSite } from '../content/model.ts';
import { DEFAULT_LOCALE, type Locale } from '../content/locales.ts';
import { editWeakMap, mapAlike, remembered, type Mapped } from '../speed/memo.ts';

export interface TransformOptions {
  /**
   * Post bodies are rendered when a page reads them, not kept (MarkdownCache.lazyBlock): for
   * `site build`, which renders each post's page once. The preview keeps them (an edit re-renders
   * only what changed).
   */
  lazyPosts?: boolean;
}

/**
 * Rendered Markdown, kept from one run to the next: the preview transforms the whole model on
 * every edit, and re-rendering thousands of unchanged posts would cost more than the edit.
 * Only what the last run used is kept, so the cache never outgrows the content.
 */
export class MarkdownCache {
  // Blocks and inline fields apart, keyed by the source itself: a key made by joining a kind
  // and the source would be a new string per field per run, hashed again in full; an unchanged
  // record hands over the very same string, whose hash V8 keeps.
  private last = { block: new Map<string, Html>(), inline: new Map<string, Html>() };
  private current = { block: new Map<string, Html>(), inline: new Map<string, Html>() };

  /** `image`: markup for an image in a Markdown block (a photo's <picture>); the build's asset store gives it. */
  constructor(readonly locale: Locale = DEFAULT_LOCALE, private readonly image?: ImageHtml) {}

  /** The cache of another language, sharing this one's runs: one `start` covers every language of a build. */
  private languages = new Map<Locale, MarkdownCache>();
  in(locale: Locale): MarkdownCache {
    if (locale === this.locale) return this;
    let cache = this.languages.get(locale);
    if (!cache) this.languages.set(locale, (cache = new MarkdownCache(locale, this.image)));
    return cache;
  }

  /** Starts a run: entries the previous run did not use are dropped. */
  start(): void {
    this.last = this.current;
    this.current = { block: new Map(), inline: new Map() };
    for (const cache of this.languages.values()) cache.start();
  }

  /** A block of Markdown (paragraphs, lists, headings with ids). */
  block(source: string): Html {
    return this.get('block', source, () => ({ ...renderMarkdown(source, { locale: this.locale, image: this.image }), source }));
  }

  /**
   * A block of Markdown rendered when it is read, and not kept: `site build` holds each post's
   * Markdown instead of its HTML (twice: English, and the French page's copy with French links),
   * which on a big site would fill the heap from the transform stage to the end. Markdown
   * with an image stays eager: rendering it asks the asset store for the photo's files, which a
   * page reused from the page cache (never rendered) still needs. No image token can exist
   * without `![` in the source.
   */
  lazyBlock(source: string): Html {
    if (source.includes('![')) return this.block(source);
    return new LazyHtml(source, this);
  }

  /** The last lazy block rendered: a page reads `html` and `headings` of the same one. */
  private lazyLast: [LazyHtml, Html] | undefined;
  rendered(lazy: LazyHtml): Html {
    if (this.lazyLast?.[0] !== lazy) this.lazyLast = [lazy, { ...renderMarkdown(lazy.source, { locale: this.locale, image: this.image }), source: lazy.source }];
    return this.lazyLast[1];
  }

  /** One paragraph of Markdown, without the <p> around it. */
  inline(source: string): Html {
    return this.get('inline', source, () => ({ html: renderInline(source, this.locale), source, headings: [] }));
  }

  private get(kind: 'block' | 'inline', source: string, render: () => Html): Html {
    let html = this.current[kind].get(source) ?? this.last[kind].get(source);
    if (!html) html = render();
    this.current[kind].set(source, html);
    return html;
  }
}

/** Html whose markup is rendered on each read (MarkdownCache.lazyBlock); the last one read is remembered. */
class LazyHtml implements Html {
  constructor(readonly source: string, private readonly cache: MarkdownCache) {}
  get html(): string {
    return this.cache.rendered(this).html;
  }
  get headings(): Heading[] {
    return this.cache.rendered(this).headings;
  }
}


type SourcePost = SourceSite['posts'][number];

// Each post with its body rendered, remembered per source post object and language's cache: the
// preview transforms the whole model on every edit, and a post whose record did not change is
// the same object (validate.ts), so it is handed on as the same rendered post, not copied again.
// A new cache (photos changed) renders again.
const renderedPost = remembered((post: SourcePost, cache: MarkdownCache): Site['posts'][number] => ({ ...post, body: cache.block(post.body) }));

// The last list each cache rendered: a post at the place it had is that list's rendered post,
// without a lookup (memo.ts).
const lastRendered = editWeakMap<MarkdownCache, Mapped<SourcePost, Site['posts'][number]>>();

function renderedList(posts: readonly SourcePost[], cache: MarkdownCache): Site['posts'] {
  const mapped = mapAlike(posts, lastRendered.get(cache), (post) => renderedPost(post, cache));
  lastRendered.set(cache, mapped);
  return mapped.to;
}

/**
 * The model with every Markdown field rendered; objects without Markdown are shared, not copied.
 * `locale` is the model's language (its links to pages go to that language's pages). A build
 * calls `cache.start()` once before transforming its languages.
 */
export function transform(site: SourceSite, shared = new MarkdownCache(), locale: Locale = DEFAULT_LOCALE, options: TransformOptions = {}): Site {
  const cache = shared.in(locale);
  const { leadership, career, 'get-started': getStarted } = site.pages;
  return {
    ...site,
    pages: {
      ...site.pages,
      leadership: {
        ...leadership,
        sections: { ...leadership.sections, programme: { ...leadership.sections.programme, text: cache.block(leadership.sections.programme.text) } },
      },
      career: {
        ...career,
        // {hiringInbox} is filled in before rendering, so the address is part of the Markdown's text.
        sections: { ...career.sections, accommodation: cache.inline(career.sections.accommodation.replaceAll('{hiringInbox}', site.config.hiringInbox ?? site.config.email)) },
      },
      'get-started': {
        ...getStarted,
        sections: { ...getStarted.sections, wizard: { ...getStarted.sections.wizard, privacy: cache.inline(getStarted.sections.wizard.privacy) } },
      },
    },
    posts: options.lazyPosts ? site.posts.map((post) => ({ ...post, body: cache.lazyBlock(post.body) })) : renderedList(site.posts, cache),
    legal: Object.fromEntries(Object.entries(site.legal).map(([slug, doc]) => [slug, { ...doc, body: cache.block(doc.body) }])),
    faqs: site.faqs.map((faq) => ({ ...faq, content: cache.block(faq.content) })),
    team: site.team.map((member) => ({ ...member, bio: cache.block(member.bio) })),
    jobs: site.jobs.map((job) => ({ ...job, about: cache.block(job.about) })),
  };
}
