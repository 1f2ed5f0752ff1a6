// Cards that several pages show: blog post cards, testimonials, solution cards.
import { useEnv, fill, formatDate } from '../context.tsx';
import { Img, Icon } from './Media.tsx';
import { Glyph } from './SvgIcons.tsx';
import { blogPath } from '../../generator/routes.ts';
import type { Post, Solution, Testimonial } from '../../generator/model.ts';

export function PostCard({ post, headingLevel = 3 }: { post: Post; headingLevel?: 2 | 3 }) {
  const { site } = useEnv();
  const category = site.categories.find((c) => c.slug === post.category);
  const H = `h${headingLevel}` as const;
  return (
    <article className="card post-card">
      <Img src={post.image} alt="" className="post-card__image" />
      <div className="post-card__body">
        <p className="post-card__meta">
          {category ? <span className="tag">{category.name}</span> : null}
          <time dateTime={post.date}>{formatDate(post.date)}</time>
          <span>{fill(site.ui.readTime!, { n: post.readTime })}</span>
        </p>
        <H className="post-card__title">
          <a href={blogPath(post.id)} className="stretched-link">{post.title}</a>
        </H>
        <p className="post-card__subheading">{post.subheading}</p>
      </div>
    </article>
  );
}

export function LatestNews({ heading, intro }: { heading: string; intro?: string }) {
  const { site } = useEnv();
  const posts = site.posts.slice(0, 3);
  if (!posts.length) return null;
  return (
    <section className="section section--tint" aria-labelledby="news-heading">
      <div className="container">
        <div className="section-head section-head--center">
          <h2 id="news-heading" className="section-head__heading">{heading}</h2>
          {intro ? <p className="section-head__intro">{intro}</p> : null}
        </div>
        <div className="grid grid--3">
          {posts.map((post) => <PostCard key={post.id} post={post} />)}
        </div>
      </div>
    </section>
  );
}

export function Stars({ rating }: { rating: number }) {
  const { site } = useEnv();
  return (
    <p className="stars" aria-label={fill(site.ui.ratingLabel!, { n: rating })} role="img">
      {[1, 2, 3, 4, 5].map((n) => (
        <svg key={n} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" className={n <= rating ? 'star star--on' : 'star'}>
          <path d="M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5L2.5 9.4l6.6-.9z" fill="currentColor" />
        </svg>
      ))}
    </p>
  );
}

export function TestimonialCard({ t }: { t: Pick<Testimonial, 'title' | 'text' | 'author' | 'role'> & { image?: string; rating?: number; company?: string } }) {
  return (
    <figure className="card testimonial">
      {t.rating ? <Stars rating={t.rating} /> : null}
      <blockquote>
        <p className="testimonial__title">{t.title}</p>
        <p className="testimonial__text">{t.text}</p>
      </blockquote>
      <figcaption className="testimonial__who">
        {t.image ? <Img src={t.image} alt="" className="testimonial__avatar" /> : null}
        <span><strong>{t.author}</strong><br />{t.company ? `${t.role}, ${t.company}` : t.role}</span>
      </figcaption>
    </figure>
  );
}

export function SolutionCard({ solution, more }: { solution: Solution; more: string }) {
  return (
    <article className="card solution-card">
      <Icon src={solution.card.icon} className="solution-card__icon" />
      <h3 className="card__title">{solution.card.heading}</h3>
      <p>{solution.card.subheading}</p>
      <a href={solution.path} className="card__link">
        {more}<span className="visually-hidden">: {solution.card.heading}</span>
        <Glyph name="arrowRight" />
      </a>
    </article>
  );
}
