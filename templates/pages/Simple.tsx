// Small pages whose whole content is a message and a button: coming soon, thanks, 404.
import { usePage } from '../context.tsx';
import { Document } from '../layout/Document.tsx';
import { Img } from '../components/Media.tsx';
import { ButtonLink } from '../components/Blocks.tsx';
import type { MessagePage } from '../../generator/content/model.ts';

/** What a message page shows: a picture, a heading, a sentence and a button. */
type MessageCopy = Pick<MessagePage, 'heading' | 'text' | 'button' | 'hero'>;

function Message({ copy, big }: { copy: MessageCopy; big?: boolean }) {
  return (
    <section className="message-page">
      <div className="container message-page__inner">
        {copy.hero ? <Img src={copy.hero.image} alt={copy.hero.imageAlt} role="message" className="message-page__image" priority /> : null}
        <h1 className={big ? 'message-page__code' : 'message-page__heading'}>{copy.heading}</h1>
        <p className="message-page__text">{copy.text}</p>
        <ButtonLink action={copy.button} size="lg" />
      </div>
    </section>
  );
}

export function ComingSoon() {
  return <Document><Message copy={usePage('coming-soon')} /></Document>;
}

export function Thanks() {
  return <Document><Message copy={usePage('thanks')} /></Document>;
}

/**
 * Served with status 404 for every unknown path (CloudFront's error response, the preview's
 * fallback). The shell script shows the 'Blog not found' variant under /blog-details/… and
 * otherwise moves the address bar to /404, as the spec asks.
 */
export function NotFound() {
  const copy = usePage('not-found');
  const blog = copy.sections.blog;
  return (
    <Document>
      <div data-not-found="generic"><Message copy={copy} big /></div>
      <div data-not-found="blog" hidden>
        <Message copy={{ hero: copy.hero, heading: blog.heading, text: blog.text, button: blog.button }} />
      </div>
    </Document>
  );
}
