// FAQ accordion: <details name> gives one-open-at-a-time natively, without JavaScript.
import { useEnv } from '../context.tsx';
import { Document } from '../layout/Document.tsx';
import { Html } from '../components/Media.tsx';
import { PageHero } from '../components/Blocks.tsx';
import { Glyph } from '../components/SvgIcons.tsx';
import { renderMarkdown } from '../../generator/markdown.ts';

export function Faqs() {
  const { site, route } = useEnv();
  const copy = site.pages[route.page!]!;
  const faqs = site.faqs.map((f) => ({ ...f, html: renderMarkdown(f.content).html }));
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faqs.map((f) => ({ '@type': 'Question', name: f.title, acceptedAnswer: { '@type': 'Answer', text: f.content } })),
  };
  return (
    <Document jsonLd={[jsonLd]}>
      <PageHero copy={copy} />
      <section className="section">
        <div className="container container--narrow">
          <div className="accordion">
            {faqs.map((f) => (
              <details key={f.order} name="faq" className="accordion__item">
                <summary className="accordion__summary">
                  <span>{f.title}</span>
                  <Glyph name="chevronDown" className="accordion__chevron" />
                </summary>
                <Html html={f.html} className="prose accordion__content" />
              </details>
            ))}
          </div>
        </div>
      </section>
    </Document>
  );
}
