// Blog list and article pages.
import { useEnv, usePage } from '../context.tsx';
import { Document } from '../layout/Document.tsx';
import { Html, Img } from '../components/Media.tsx';
import { PageHero } from '../components/Blocks.tsx';
import { postCardData } from '../components/Cards.tsx';
import { Island } from '../islands/Island.tsx';
import BlogListIsland, { packList, type ListFile, type ListPost } from '../islands/BlogList.tsx';
import BlogSearch from '../islands/BlogSearch.tsx';
import LeadFormIsland from '../islands/LeadForm.tsx';
import { SocialGlyph } from '../components/SvgIcons.tsx';
import type { TemplateProps } from '../../generator/render/routes.ts';
import type { RenderEnv } from '../../generator/render/render.ts';
import type { Post } from '../../generator/content/model.ts';

/**
 * Posts the list page holds itself, newest first; a site with more has its whole list in
 * /blog-list.json (blogListData), which the island loads only when the visitor asks for more
 * than these (a category, a later page, a larger size). On a big blog, a page that held every
 * post would be megabytes in each language, slow to render, and downloaded whole by every
 * visitor. Without JavaScript the page shows these newest posts; every
 * post stays reachable from the sitemap, the feeds and search engines.
 */
export const LIST_INLINE = 100;

/** One post as the list island shows it. */
function listPost(env: RenderEnv, p: Post): ListPost {
  return { ...postCardData(env, p), id: p.id, categorySlug: p.category };
}

/** Every post of `env`'s language for the island (as /blog-list.json holds it), or undefined when the page holds them all. */
export function blogListData(env: RenderEnv): ListFile | undefined {
  return env.site.posts.length > LIST_INLINE ? packList(env.site.posts.map((p) => listPost(env, p))) : undefined;
}

export function BlogList() {
  const env = useEnv();
  const { site } = env;
  const copy = usePage('blogs');
  const list = copy.sections.list;
  return (
    <Document>
      <PageHero copy={copy} />
      <section className="section section--list" aria-label={copy.heading}>
        <div className="container">
          <Island
            name="BlogList"
            component={BlogListIsland}
            // A phone's first page is the server's markup (BlogList.tsx): React comes with the
            // first touch. Wider screens have the page-size chooser, whose default (9 or 3)
            // only the island can name, and a query (?category=eld) is state only it can show.
            hydrate="used"
            loadWhen={{ media: '(min-width: 48em)', params: ['category', 'page', 'size'] }}
            props={{
              posts: site.posts.slice(0, LIST_INLINE).map((p) => listPost(env, p)),
              total: site.posts.length,
              more: site.posts.length > LIST_INLINE ? env.links.blogList : undefined,
              categories: site.categories.map((c) => ({ slug: c.slug, name: c.name })),
              labels: {
                all: site.ui.allCategories, filter: list.filterLabel, size: list.sizeLabel, sizeAll: list.sizeAll,
                pageOf: list.pageOf, pagination: list.pagination, empty: list.empty, previous: site.ui.previous, next: site.ui.next,
              },
            }}
          />
        </div>
      </section>
    </Document>
  );
}

// The parts of an article page that are the same on every article: rendered once per build
// (env.shell), which matters on a site with thousands of posts.

/** The author's social links (the company's accounts, Instagram aside). */
function AuthorSocial() {
  const { site } = useEnv();
  return (
    <ul className="author__social" role="list">
      {site.config.social.filter((s) => s.network !== 'instagram').map((s) => (
        <li key={s.network}>
          <a href={s.url} target="_blank" rel="noopener noreferrer" className="social-link social-link--dark">
            <SocialGlyph network={s.network} />
            <span className="visually-hidden">{s.label} ({site.ui.externalLinkNote})</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The sidebar's category list and Get Started button. */
function AsideLinks() {
  const env = useEnv();
  const { site } = env;
  return (
    <>
      <div>
        <h2 className="article__aside-heading">{site.ui.categoriesHeading}</h2>
        <ul role="list" className="category-list">
          {site.categories.map((c) => <li key={c.slug}><a href={env.href(`/blogs?category=${c.slug}`)}>{c.name}</a></li>)}
        </ul>
      </div>
      <a className="btn btn--primary" href={site.navigation.actions.getStarted.href}>{site.navigation.actions.getStarted.label}</a>
    </>
  );
}

/** The newsletter sign-up in the article sidebar (e-mail only; resets, then /Thanks). */
function Newsletter() {
  const { site } = useEnv();
  const n = site.pages.blogs.sections.newsletter;
  return (
    <section className="newsletter" aria-labelledby="newsletter-heading">
      <h2 className="article__aside-heading" id="newsletter-heading">{n.heading}</h2>
      <p className="newsletter__text">{n.text}</p>
      <Island
        name="LeadForm"
        component={LeadFormIsland}
        // Plain markup that works until the visitor uses it; then React, Formik and Yup.
        hydrate="used"
        props={{
          form: 'newsletter', id: 'newsletter', endpoint: site.config.leadEndpoint, button: n.button, sending: site.ui.sending,
          error: site.ui.formError, ok: site.ui.formOk, thanks: '/Thanks', resetOnSuccess: true, className: 'lead-form--compact',
          fields: [{ name: 'email', kind: 'email', label: n.label, placeholder: n.placeholder, autoComplete: 'email', wide: true }],
        }}
      />
      {/* What the visitor agrees to, beside Subscribe; the lead function archives these exact words with each sign-up. */}
      <p className="newsletter__consent">{n.consent}</p>
    </section>
  );
}

export function BlogPost({ post }: TemplateProps['BlogPost']) {
  const env = useEnv();
  const { site, route } = env;
  const category = site.categories.find((c) => c.slug === post.category);
  const url = `${site.config.url}${route.path}`;
  // The post's own text, when a French page shows it untranslated, is marked English.
  const lang = env.itemLang('blog', post.slug);
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.description ?? post.subheading,
    datePublished: post.date,
    dateModified: post.updated ?? post.date,
    author: { '@type': 'Person', name: post.author.name },
    publisher: { '@type': 'Organization', name: site.config.legalName },
    image: `${site.config.url}${env.image(post.image).src}`,
    mainEntityOfPage: url,
    keywords: post.tags.join(', '),
  };
  return (
    <Document jsonLd={[jsonLd]} article={post} marksLanguage>
      <article className="article">
        <header className="container container--narrow article__head">
          <p className="post-card__meta">
            {category ? <a className="tag" href={env.href(`/blogs?category=${category.slug}`)}>{category.name}</a> : null}
            <time dateTime={post.date}>{env.format.date(post.date)}</time>
            <span>{env.format.readTime(post.readTime, site.ui.readTime)}</span>
          </p>
          <h1 className="article__title" lang={lang}>{post.title}</h1>
          <p className="article__subheading" lang={lang}>{post.subheading}</p>
        </header>
        <div className="container article__hero" lang={lang}>
          <Img src={post.image} alt={post.imageAlt} role="hero" className="article__image" priority />
        </div>
        <div className="container article__layout">
          <div className="article__main">
            <Html html={post.body.html} className="prose article__body" lang={lang} />
            <footer className="author" lang={lang}>
              <Img src={post.author.image} alt="" role="avatar" className="author__image" />
              <div>
                <p className="author__name">{post.author.name}</p>
                {post.author.role ? <p className="author__role">{post.author.role}</p> : null}
              </div>
              {env.shell('post-author-social', <AuthorSocial />)}
            </footer>
          </div>
          <aside className="article__aside" aria-label={site.ui.categoriesHeading}>
            <Island name="BlogSearch" component={BlogSearch} hydrate="visible" props={{ labels: site.pages.blogs.sections.search, indexUrl: env.links.searchIndex }} />
            {env.shell('post-aside', <AsideLinks />)}
            <Newsletter />
          </aside>
        </div>
      </article>
    </Document>
  );
}
