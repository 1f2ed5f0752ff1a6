// FAQ accordion: <details name> gives one-open-at-a-time natively, without JavaScript.
import { useEnv, usePage } from '../context.tsx';
import { Document } from '../layout/Document.tsx';
import { Html } from '../components/Media.tsx';
import { PageHero } from '../components/Blocks.tsx';
import { Glyph } from '../components/SvgIcons.tsx';

export function Faqs() {
  const env = useEnv();
  const { site } = env;
  const copy = usePage('faqs');
  const faqs = site.faqs;
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    // The answer as HTML, which search engines read (links, lists, bold), with the site's links
    // absolute: the Markdown source showed its ** and [text](/path) to whoever read the data.
    mainEntity: faqs.map((f) => ({ '@type': 'Question', name: f.title, acceptedAnswer: { '@type': 'Answer', text: f.content.html.trim().replace(/ href="\//g, ` href="${site.config.url}/`) } })),
  };
  return (
    <Document jsonLd={[jsonLd]}>
      <PageHero copy={copy} />
      <section className="section">
        <div className="container container--narrow">
          <div className="accordion">
            {faqs.map((f) => (
              <details key={f.order} lang={env.itemLang('faqs', f.slug)} name="faq" className="accordion__item">
                <summary className="accordion__summary">
                  <span>{f.title}</span>
                  <Glyph name="chevronDown" className="accordion__chevron" />
                </summary>
                <Html html={f.content.html} className="prose accordion__content" />
              </details>
            ))}
          </div>
        </div>
      </section>
    </Document>
  );
}
