// Home: hero, industries marquee, fleet showcase, industries slider, benefits, latest news,
// testimonials. Every moving part is an island that hydrates when it scrolls near.
import { useEnv, usePage } from '../context.tsx';
import { Document } from '../layout/Document.tsx';
import { PageHero, Section, SectionHead } from '../components/Blocks.tsx';
import { postCardData, testimonialData } from '../components/Cards.tsx';
import { carouselLabels, sliderLabels } from '../components/labels.ts';
import { Island } from '../islands/Island.tsx';
import BenefitsGrid from '../islands/BenefitsGrid.tsx';
import IndustryMarquee from '../islands/IndustryMarquee.tsx';
import FleetShowcase from '../islands/FleetShowcase.tsx';
import IndustrySlider from '../islands/IndustrySlider.tsx';
import NewsSlider from '../islands/NewsSlider.tsx';
import TestimonialSlider from '../islands/TestimonialSlider.tsx';

export function Home() {
  const env = useEnv();
  const { site } = env;
  const copy = usePage('home');
  const s = copy.sections;
  const ui = site.ui;
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
      <section className="section section--tight" aria-labelledby="industries-heading">
        <div className="container">
          <SectionHead id="industries-heading" heading={s.industries.heading} intro={s.industries.intro} />
        </div>
        <Island
          name="IndustryMarquee"
          component={IndustryMarquee}
          hydrate="visible"
          props={{ items: site.industries.map((i) => ({ name: i.name, icon: env.icon(i.icon) })), label: s.industries.heading, pauseLabel: ui.pauseMarquee, playLabel: ui.playMarquee }}
        />
      </section>
      <Section tone="tint" labelledBy="showcase-heading">
        <SectionHead id="showcase-heading" heading={s.showcase.heading} intro={s.showcase.intro} />
        <Island
          name="FleetShowcase"
          component={FleetShowcase}
          hydrate="visible"
          props={{
            items: site.fleetFeatures.map((f) => ({ heading: f.heading, subheading: f.subheading, icon: env.icon(f.icon), image: env.image(f.image, 'content'), imageAlt: f.imageAlt })),
            labels: { ...carouselLabels(site), pause: ui.pause, play: ui.play },
          }}
        />
      </Section>
      <Section labelledBy="industry-slider-heading">
        <SectionHead id="industry-slider-heading" heading={s.industrySlider.heading} intro={s.industrySlider.intro} />
        <Island
          name="IndustrySlider"
          component={IndustrySlider}
          hydrate="visible"
          props={{ items: site.industries.map((i) => ({ name: i.name, summary: i.summary, icon: env.icon(i.icon) })), label: s.industrySlider.heading, labels: sliderLabels(site) }}
        />
      </Section>
      <Section tone="tint" labelledBy="benefits-heading">
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
            labels: carouselLabels(site),
          }}
        />
      </Section>
      {site.posts.length ? (
        <Section labelledBy="news-heading">
          <SectionHead id="news-heading" heading={s.news.heading} intro={s.news.intro} />
          <Island name="NewsSlider" component={NewsSlider} hydrate="visible" props={{ posts: site.posts.slice(0, 6).map((p) => postCardData(env, p)), label: s.news.heading, labels: sliderLabels(site) }} />
        </Section>
      ) : null}
      {site.testimonials.length ? (
        <Section tone="tint" labelledBy="testimonials-heading">
          <SectionHead id="testimonials-heading" heading={s.testimonials.heading} intro={s.testimonials.intro} />
          <Island
            name="TestimonialSlider"
            component={TestimonialSlider}
            hydrate="visible"
            props={{ items: site.testimonials.map((t) => testimonialData(env, { ...t, rating: 5 })), label: s.testimonials.heading, labels: sliderLabels(site) }}
          />
        </Section>
      ) : null}
    </Document>
  );
}
