// Small pages whose whole content is a message and a button: coming soon, thanks, 404.
import { useEnv } from '../context.tsx';
import { Document } from '../layout/Document.tsx';
import { Img } from '../components/Media.tsx';
import { ButtonLink } from '../components/Blocks.tsx';
import type { PageCopy } from '../../generator/model.ts';

function Message({ copy, big }: { copy: PageCopy; big?: boolean }) {
  return (
    <section className="message-page">
      <div className="container message-page__inner">
        {copy.hero?.image ? <Img src={copy.hero.image} alt={copy.hero.imageAlt ?? ''} className="message-page__image" priority /> : null}
        <h1 className={big ? 'message-page__code' : 'message-page__heading'}>{copy.heading}</h1>
        {copy.text ? <p className="message-page__text">{copy.text}</p> : null}
        {copy.button ? <ButtonLink action={copy.button} size="lg" /> : null}
      </div>
    </section>
  );
}

export function ComingSoon() {
  const { site, route } = useEnv();
  return <Document><Message copy={site.pages[route.page!]!} /></Document>;
}

export function Thanks() {
  const { site, route } = useEnv();
  return <Document><Message copy={site.pages[route.page!]!} /></Document>;
}

/**
 * Served with status 404 for every unknown path (CloudFront's error response, the preview's
 * fallback). The shell script shows the 'Blog not found' variant under /blog-details/… and
 * otherwise moves the address bar to /404, as the spec asks.
 */
export function NotFound() {
  const { site, route } = useEnv();
  const copy = site.pages[route.page!]!;
  const blog = copy.sections?.blog as { heading: string; text: string; button: PageCopy['button'] } | undefined;
  return (
    <Document>
      <div data-not-found="generic"><Message copy={copy} big /></div>
      {blog ? (
        <div data-not-found="blog" hidden>
          <Message copy={{ ...copy, heading: blog.heading, text: blog.text, button: blog.button }} />
        </div>
      ) : null}
    </Document>
  );
}
