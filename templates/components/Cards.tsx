// Server wrappers that turn content into the plain card data of views.tsx: dates and numbers
// already written in the page's language, and an untranslated item's lang.
import { useEnv, type RenderEnv } from '../context.tsx';
import { StarsView, TestimonialView, type PostCardData, type TestimonialData } from './views.tsx';
import type { Post, Testimonial } from '../../generator/content/model.ts';
import { Island } from '../islands/Island.tsx';
import NewsSlider from '../islands/NewsSlider.tsx';
import { sliderLabels } from './labels.ts';

export function postCardData(env: RenderEnv, post: Post): PostCardData {
  const { site } = env;
  return {
    href: post.path,
    title: post.title,
    subheading: post.subheading,
    date: post.date,
    dateLabel: env.format.date(post.date),
    readTime: env.format.readTime(post.readTime, site.ui.readTime),
    category: site.categories.find((c) => c.slug === post.category)?.name,
    image: env.image(post.image, 'card'),
    lang: env.itemLang('blog', post.slug),
  };
}

/** A testimonial's card; one from content/testimonials (it has a `slug`) may be untranslated, one inside a solution's copy goes with its page. */
export function testimonialData(env: RenderEnv, t: { title: string; text: string; author: string; role: string; company?: string; image?: string; rating?: number; slug?: string }): TestimonialData {
  return {
    title: t.title,
    text: t.text,
    author: t.author,
    role: t.company ? `${t.role}, ${t.company}` : t.role,
    image: t.image ? env.image(t.image, 'avatar') : undefined,
    rating: t.rating,
    ratingLabel: t.rating ? env.format.numbers(env.site.ui.ratingLabel, { n: t.rating }) : undefined,
    lang: t.slug === undefined ? undefined : env.itemLang('testimonials', t.slug),
  };
}

export function Stars({ rating }: { rating: number }) {
  const env = useEnv();
  return <StarsView rating={rating} label={env.format.numbers(env.site.ui.ratingLabel, { n: rating })} />;
}

export function TestimonialCard({ t }: { t: Pick<Testimonial, 'title' | 'text' | 'author' | 'role'> & { image?: string; rating?: number; company?: string } }) {
  return <TestimonialView t={testimonialData(useEnv(), t)} />;
}

/** The latest-news slider that solution pages and the contact page end with. */
export function LatestNews({ heading, intro }: { heading: string; intro?: string }) {
  const env = useEnv();
  const posts = env.site.posts.slice(0, 6);
  if (!posts.length) return null;
  return (
    <section className="section section--tint" aria-labelledby="news-heading">
      <div className="container">
        <div className="section-head section-head--center">
          <h2 id="news-heading" className="section-head__heading">{heading}</h2>
          {intro ? <p className="section-head__intro">{intro}</p> : null}
        </div>
        <Island name="NewsSlider" component={NewsSlider} hydrate="visible" props={{ posts: posts.map((p) => postCardData(env, p)), label: heading, labels: sliderLabels(env.site) }} />
      </div>
    </section>
  );
}
