// Home: hero, industries, fleet showcase, benefits (island), latest news, testimonials.
import { useEnv } from '../context.tsx';
import { Document } from '../layout/Document.tsx';
import { Icon, Img } from '../components/Media.tsx';
import { PageHero, Section, SectionHead } from '../components/Blocks.tsx';
import { LatestNews, TestimonialCard } from '../components/Cards.tsx';
import { Island } from '../islands/Island.tsx';
import BenefitsGrid from '../islands/BenefitsGrid.tsx';

export function Home() {
  const env = useEnv();
  const { site, route } = env;
  const copy = site.pages[route.page!]!;
  const s = copy.sections ?? {};
  const org = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: site.config.legalName,
    url: site.config.url,
    logo: `${site.config.url}${env.image(site.config.logo).src}`,
    telephone: site.config.phone.tel,
    email: site.config.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: site.config.address.street,
      addressLocality: site.config.address.city,
      addressRegion: site.config.address.region,
      postalCode: site.config.address.postalCode,
      addressCountry: 'CA',
    },
    sameAs: site.config.social.map((x) => x.url),
  };
  return (
    <Document jsonLd={[org]}>
      <PageHero copy={copy} />
      {s.industries ? (
        <Section labelledBy="industries-heading">
          <SectionHead id="industries-heading" heading={s.industries.heading} intro={s.industries.intro} />
          <ul className="industry-strip" role="list">
            {site.industries.map((i) => (
              <li key={i.slug} className="industry-strip__item"><Icon src={i.icon} />{i.name}</li>
            ))}
          </ul>
        </Section>
      ) : null}
      {s.showcase ? (
        <Section tone="tint" labelledBy="showcase-heading">
          <SectionHead id="showcase-heading" heading={s.showcase.heading} intro={s.showcase.intro} />
          <div className="grid grid--showcase">
            {site.fleetFeatures.map((f) => (
              <article key={f.order} className="card feature-card">
                <Img src={f.image} alt={f.imageAlt} className="feature-card__image" />
                <div className="feature-card__body">
                  <Icon src={f.icon} className="feature-card__icon" />
                  <h3 className="card__title">{f.heading}</h3>
                  <p>{f.subheading}</p>
                </div>
              </article>
            ))}
          </div>
        </Section>
      ) : null}
      {s.benefits ? (
        <Section labelledBy="benefits-heading">
          <SectionHead id="benefits-heading" heading={s.benefits.heading} intro={s.benefits.intro} />
          <Island
            name="BenefitsGrid"
            component={BenefitsGrid}
            hydrate="visible"
            props={{
              items: site.benefits.map((b) => ({ title: b.title, content: b.content, icon: env.icon(b.icon) })),
              step: 6,
              loadMore: s.benefits.loadMore,
              loadLess: s.benefits.loadLess,
            }}
          />
        </Section>
      ) : null}
      {s.news ? <LatestNews heading={s.news.heading} intro={s.news.intro} /> : null}
      {s.testimonials && site.testimonials.length ? (
        <Section labelledBy="testimonials-heading">
          <SectionHead id="testimonials-heading" heading={s.testimonials.heading} intro={s.testimonials.intro} />
          <div className="grid grid--2">
            {site.testimonials.map((t) => <TestimonialCard key={t.order} t={{ ...t, rating: 5 }} />)}
          </div>
        </Section>
      ) : null}
    </Document>
  );
}
