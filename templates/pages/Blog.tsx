// Blog list and article pages.
import { useEnv, fill, formatDate } from '../context.tsx';
import { Document } from '../layout/Document.tsx';
import { Html, Img } from '../components/Media.tsx';
import { PageHero } from '../components/Blocks.tsx';
import { PostCard } from '../components/Cards.tsx';
import { SocialGlyph } from '../components/SvgIcons.tsx';
import { renderMarkdown } from '../../generator/markdown.ts';
import type { Post } from '../../generator/model.ts';

export function BlogList() {
  const { site, route } = useEnv();
  const copy = site.pages[route.page!]!;
  return (
    <Document>
      <PageHero copy={copy} />
      <section className="section" aria-label={copy.heading}>
        <div className="container">
          <ul className="grid grid--3" role="list">
            {site.posts.map((post) => <li key={post.id}><PostCard post={post} headingLevel={2} /></li>)}
          </ul>
        </div>
      </section>
    </Document>
  );
}

export function BlogPost() {
  const env = useEnv();
  const { site, route } = env;
  const post = route.props.post as Post;
  const { html } = renderMarkdown(post.body);
  const category = site.categories.find((c) => c.slug === post.category);
  const url = `${site.config.url}${route.path}`;
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
    <Document jsonLd={[jsonLd]}>
      <article className="article">
        <header className="container container--narrow article__head">
          <p className="post-card__meta">
            {category ? <a className="tag" href={`/blogs?category=${category.slug}`}>{category.name}</a> : null}
            <time dateTime={post.date}>{formatDate(post.date)}</time>
            <span>{fill(site.ui.readTime!, { n: post.readTime })}</span>
          </p>
          <h1 className="article__title">{post.title}</h1>
          <p className="article__subheading">{post.subheading}</p>
        </header>
        <div className="container article__hero">
          <Img src={post.image} alt={post.imageAlt} className="article__image" priority />
        </div>
        <div className="container article__layout">
          <div className="article__main">
            <Html html={html} className="prose article__body" />
            <footer className="author">
              <Img src={post.author.image} alt="" className="author__image" />
              <div>
                <p className="author__name">{post.author.name}</p>
                {post.author.role ? <p className="author__role">{post.author.role}</p> : null}
              </div>
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
            </footer>
          </div>
          <aside className="article__aside" aria-label={site.ui.categoriesHeading}>
            <h2 className="article__aside-heading">{site.ui.categoriesHeading}</h2>
            <ul role="list" className="category-list">
              {site.categories.map((c) => <li key={c.slug}><a href={`/blogs?category=${c.slug}`}>{c.name}</a></li>)}
            </ul>
            <a className="btn btn--primary" href={site.navigation.actions.getStarted.href}>{site.navigation.actions.getStarted.label}</a>
          </aside>
        </div>
      </article>
    </Document>
  );
}
