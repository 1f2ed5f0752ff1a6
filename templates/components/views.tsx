// Card markup shared by server templates and islands: plain props in, markup out (no server
// context), so a slide inside an island renders exactly like the card elsewhere.
import type { ImageInfo } from '../../generator/assets/assets.ts';
import { Picture } from './Picture.tsx';

/** An image as the build hands it over: an SVG's URL and size, or a photo's <picture> data. */
export type ImageData = ImageInfo;

export interface PostCardData {
  href: string;
  title: string;
  subheading: string;
  date: string;
  dateLabel: string;
  readTime: string;
  category?: string;
  image: ImageData;
  /** The subheading cut at 57 and 30 characters, for the blog list's wide layouts. */
  cuts?: [string, string];
  /** 'en-CA' on a page in another language when the post has no translation yet (RenderEnv.itemLang). */
  lang?: string;
}

export function PostCardView({ post, headingLevel = 3 }: { post: PostCardData; headingLevel?: 2 | 3 }) {
  const H = `h${headingLevel}` as const;
  return (
    <article className="card post-card" lang={post.lang}>
      <Picture image={post.image} alt="" className="post-card__image" />
      <div className="post-card__body">
        <p className="post-card__meta">
          {post.category ? <span className="tag">{post.category}</span> : null}
          <time dateTime={post.date}>{post.dateLabel}</time>
          <span>{post.readTime}</span>
        </p>
        <H className="post-card__title">
          <a href={post.href} className="stretched-link">{post.title}</a>
        </H>
        {post.cuts ? (
          <p className="post-card__subheading post-card__subheading--cut">
            <span className="cut-full">{post.subheading}</span>
            <span className="cut-57" aria-hidden="true">{post.cuts[0]}</span>
            <span className="cut-30" aria-hidden="true">{post.cuts[1]}</span>
          </p>
        ) : (
          <p className="post-card__subheading">{post.subheading}</p>
        )}
      </div>
    </article>
  );
}

/** Cuts text at `n` characters with an ellipsis (the spec's card subheading rule). */
export function cut(text: string, n: number): string {
  return text.length > n ? `${text.slice(0, n).trimEnd()}…` : text;
}

export function StarsView({ rating, label }: { rating: number; label: string }) {
  return (
    <p className="stars" aria-label={label} role="img">
      {[1, 2, 3, 4, 5].map((n) => (
        <svg key={n} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" className={n <= rating ? 'star star--on' : 'star'}>
          <path d="M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5L2.5 9.4l6.6-.9z" fill="currentColor" />
        </svg>
      ))}
    </p>
  );
}

export interface TestimonialData {
  title: string;
  text: string;
  author: string;
  role: string;
  image?: ImageData;
  rating?: number;
  ratingLabel?: string;
  /** 'en-CA' on a page in another language when the testimonial has no translation yet. */
  lang?: string;
}

export function TestimonialView({ t }: { t: TestimonialData }) {
  return (
    <figure className="card testimonial" lang={t.lang}>
      {t.rating ? <StarsView rating={t.rating} label={t.ratingLabel ?? ''} /> : null}
      <blockquote>
        <p className="testimonial__title">{t.title}</p>
        <p className="testimonial__text">{t.text}</p>
      </blockquote>
      <figcaption className="testimonial__who">
        {t.image ? <Picture image={t.image} alt="" className="testimonial__avatar" /> : null}
        <span><strong>{t.author}</strong><br />{t.role}</span>
      </figcaption>
    </figure>
  );
}
