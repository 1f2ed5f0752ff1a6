// Company pages: partnership, leadership, careers, contact, get started. Their forms and
// interactive parts are islands added by the company-pages and forms work.
import { useEnv } from '../context.tsx';
import { Document } from '../layout/Document.tsx';
import { Html, Img } from '../components/Media.tsx';
import { IconCard, PageHero, Section, SectionHead } from '../components/Blocks.tsx';
import { LatestNews, Stars } from '../components/Cards.tsx';
import { Glyph } from '../components/SvgIcons.tsx';
import { renderMarkdown, renderInline } from '../../generator/markdown.ts';

function useCopy() {
  const { site, route } = useEnv();
  return { site, copy: site.pages[route.page!]! };
}

export function Partnership() {
  const { site, copy } = useCopy();
  const s = copy.sections ?? {};
  return (
    <Document>
      <PageHero copy={copy} />
      {s.ecosystem ? (
        <Section tone="tint" labelledBy="ecosystem-heading">
          <SectionHead id="ecosystem-heading" heading={s.ecosystem.heading} intro={s.ecosystem.intro} />
          <div className="grid grid--4">
            {site.ecosystem.map((e) => <IconCard key={e.order} icon={e.image} title={e.title}><p>{e.content}</p></IconCard>)}
          </div>
        </Section>
      ) : null}
    </Document>
  );
}

export function Leadership() {
  const { site, copy } = useCopy();
  const s = copy.sections ?? {};
  return (
    <Document>
      <PageHero copy={copy} />
      <Section labelledBy="team-heading">
        <SectionHead id="team-heading" heading={s.team?.heading ?? copy.heading} intro={s.team?.intro} />
        <ul className="team" role="list">
          {site.team.map((m) => (
            <li key={m.order} className="team__member">
              <Img src={m.photo} alt={m.photoAlt} className="team__photo" />
              <h3 className="team__name">{m.name}</h3>
              <p className="team__role">{m.role}</p>
            </li>
          ))}
        </ul>
      </Section>
      {s.programme ? (
        <Section tone="tint" labelledBy="programme-heading">
          <div className="container--narrow">
            <SectionHead id="programme-heading" heading={s.programme.heading} align="start" />
            <Html html={renderMarkdown(s.programme.text).html} className="prose" />
          </div>
        </Section>
      ) : null}
    </Document>
  );
}

export function Career() {
  const { site, copy } = useCopy();
  const s = copy.sections ?? {};
  return (
    <Document>
      <PageHero copy={copy} />
      <Section labelledBy="jobs-heading">
        <SectionHead id="jobs-heading" heading={s.jobs?.heading ?? copy.heading} intro={s.jobs?.intro} />
        <ul className="grid grid--3" role="list">
          {site.jobs.map((j) => (
            <li key={j.id} className="card job-card">
              <p className="job-card__tags"><span className="tag">{j.employmentType}</span><span className="tag">{j.workplace}</span></p>
              <h3 className="card__title">{j.title}</h3>
              <p>{j.level} · {j.location}</p>
              <p>{j.summary}</p>
            </li>
          ))}
        </ul>
        {typeof s.accommodation === 'string' ? <p className="note"><Html as="span" html={renderInline(s.accommodation)} /></p> : null}
      </Section>
    </Document>
  );
}

export function ContactUs() {
  const { site, copy } = useCopy();
  const s = copy.sections ?? {};
  const a = site.config.address;
  return (
    <Document>
      <PageHero copy={copy}>
        {s.rating ? (
          <div className="rating-badge">
            <strong>{s.rating.value}</strong>
            <Stars rating={Math.round(s.rating.value)} />
            <span>{s.rating.label}</span>
          </div>
        ) : null}
      </PageHero>
      <Section labelledBy="contact-details-heading">
        <SectionHead id="contact-details-heading" heading={s.form?.heading ?? copy.heading} />
        <ul className="contact-list" role="list">
          <li><Glyph name="phone" /><a href={`tel:${site.config.phone.tel}`}>{site.config.phone.display}</a></li>
          <li><Glyph name="mail" /><a href={`mailto:${site.config.email}`}>{site.config.email}</a></li>
          <li><Glyph name="pin" /><span>{a.street}, {a.city}, {a.region} {a.postalCode}</span></li>
        </ul>
      </Section>
      {s.news ? <LatestNews heading={s.news.heading} /> : null}
    </Document>
  );
}

export function GetStarted() {
  const { copy } = useCopy();
  return (
    <Document>
      <PageHero copy={copy} />
    </Document>
  );
}
