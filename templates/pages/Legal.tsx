// Terms and privacy: a side list of the numbered section headings (plain anchor links,
// CSS smooth scroll, the hash updates) beside the sections themselves.
import { useEnv, fill } from '../context.tsx';
import { Document } from '../layout/Document.tsx';
import { Html } from '../components/Media.tsx';
import type { TemplateProps } from '../../generator/render/routes.ts';

export function Legal({ doc }: TemplateProps['Legal']) {
  const { site, format } = useEnv();
  const { html, headings } = doc.body;
  const sections = headings.filter((h) => h.level === 2);
  return (
    <Document>
      <section className="page-head">
        <div className="container">
          <h1 className="page-head__heading">{doc.title}</h1>
          <p className="page-head__meta">{fill(site.ui.lastUpdated, { date: format.date(doc.lastUpdated) })}</p>
        </div>
      </section>
      <div className="container legal">
        <nav className="legal__toc" aria-labelledby="toc-heading">
          <h2 id="toc-heading" className="legal__toc-heading">{site.ui.onThisPage}</h2>
          <ol role="list">
            {sections.map((s) => (
              <li key={s.id}><a href={`#${s.id}`}>{s.text}</a></li>
            ))}
          </ol>
        </nav>
        <Html html={html} className="prose legal__body" />
      </div>
    </Document>
  );
}
