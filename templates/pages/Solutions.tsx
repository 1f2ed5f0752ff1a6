// The solutions index and the seven solution pages.
import { useEnv, usePage } from '../context.tsx';
import { Document } from '../layout/Document.tsx';
import { Icon, Img } from '../components/Media.tsx';
import { Hero, IconCard, PageHero, Section, SectionHead } from '../components/Blocks.tsx';
import { LatestNews, TestimonialCard, testimonialData } from '../components/Cards.tsx';
import { carouselLabels, sliderLabels } from '../components/labels.ts';
import { Island } from '../islands/Island.tsx';
import CardCarousel from '../islands/CardCarousel.tsx';
import Counters from '../islands/Counters.tsx';
import TestimonialSlider from '../islands/TestimonialSlider.tsx';
import type { TemplateProps } from '../../generator/render/routes.ts';

export function SolutionsIndex() {
  const env = useEnv();
  const { site } = env;
  const copy = usePage('solutions');
  const s = copy.sections;
  return (
    <Document>
      <PageHero copy={copy} />
      <Section labelledBy="list-heading">
        <SectionHead id="list-heading" heading={s.list.heading} intro={s.list.intro} />
        <Island
          name="CardCarousel"
          component={CardCarousel}
          hydrate="visible"
          props={{
            items: site.solutions.map((x) => ({ heading: x.card.heading, text: x.card.subheading, icon: env.icon(x.card.icon), href: x.path })),
            more: s.list.more ?? site.ui.moreDetails,
            labels: carouselLabels(site),
          }}
        />
      </Section>
      <Section tone="tint" labelledBy="why-heading">
        <SectionHead id="why-heading" heading={s.whyChoose.heading} intro={s.whyChoose.intro} />
        <ol className="steps" role="list">
          {s.whyChoose.steps.map((step, i) => (
            <li key={step.title} className="card steps__item">
              <span className="steps__number" aria-hidden="true">{i + 1}</span>
              <Icon src={step.icon} className="steps__icon" />
              <h3 className="card__title">{step.title}</h3>
              <p>{step.content}</p>
            </li>
          ))}
        </ol>
      </Section>
      {site.testimonials.length ? (
        <Section labelledBy="testimonials-heading">
          <SectionHead id="testimonials-heading" heading={s.testimonials.heading} intro={s.testimonials.intro} />
          <Island
            name="TestimonialSlider"
            component={TestimonialSlider}
            hydrate="visible"
            props={{ items: site.testimonials.map((t) => testimonialData(env, t)), label: s.testimonials.heading, labels: sliderLabels(site) }}
          />
        </Section>
      ) : null}
    </Document>
  );
}

/** Columns that leave no orphan card: 2 items side by side, 4 in a row, otherwise threes. */
function grid(count: number): string {
  return `grid grid--${count === 2 ? 2 : count === 4 ? 4 : 3}`;
}

export function Solution({ solution: x }: TemplateProps['Solution']) {
  const { site } = useEnv();
  const getStarted = site.navigation.actions.getStarted;
  const demo = site.pages.home.hero.secondary;
  return (
    <Document>
      <Hero eyebrow={x.hero.eyebrow} heading={x.hero.heading} text={x.hero.text} image={x.hero.image} imageAlt={x.hero.imageAlt} primary={getStarted} secondary={demo} />
      <Section labelledBy="features-heading">
        <SectionHead id="features-heading" heading={x.features.heading} intro={x.features.intro} />
        <div className={grid(x.features.items.length)}>
          {x.features.items.map((f) => <IconCard key={f.title} icon={f.icon} title={f.title}><p>{f.content}</p></IconCard>)}
        </div>
      </Section>
      <Section tone="tint" labelledBy="benefits-heading">
        <SectionHead id="benefits-heading" heading={x.benefits.heading} />
        <div className={grid(x.benefits.items.length)}>
          {x.benefits.items.map((b) => <IconCard key={b.title} icon={b.icon} title={b.title}><p>{b.content}</p></IconCard>)}
        </div>
      </Section>
      <Section tone="dark" labelledBy="counters-heading">
        <SectionHead id="counters-heading" heading={x.counters.heading ?? x.title} />
        <Island name="Counters" component={Counters} hydrate="visible" props={{ items: x.counters.items }} />
      </Section>
      <Section labelledBy="opportunities-heading">
        <SectionHead id="opportunities-heading" heading={x.opportunities.heading} />
        <ul className="chips" role="list">
          {x.opportunities.items.map((o) => <li key={o.heading} className="chip"><Icon src={o.icon} />{o.heading}</li>)}
        </ul>
      </Section>
      <Section tone="tint" labelledBy="services-heading">
        <SectionHead id="services-heading" heading={x.services.heading} />
        <div className={grid(x.services.items.length)}>
          {x.services.items.map((sv) => <IconCard key={sv.heading} icon={sv.icon} title={sv.heading}><p>{sv.subheading}</p></IconCard>)}
        </div>
      </Section>
      <Section labelledBy="hardware-heading">
        <SectionHead id="hardware-heading" heading={x.hardware.heading} />
        <div className={grid(x.hardware.items.length)}>
          {x.hardware.items.map((h) => (
            <article key={h.heading} className="card hardware-card">
              <Img src={h.image} alt={h.imageAlt} className="hardware-card__image" />
              <h3 className="card__title">{h.heading}</h3>
              <p>{h.subheading}</p>
            </article>
          ))}
        </div>
      </Section>
      <Section tone="tint" labelledBy="solution-testimonials-heading">
        <SectionHead id="solution-testimonials-heading" heading={x.testimonials.heading} />
        <div className={grid(x.testimonials.items.length)}>
          {x.testimonials.items.map((t) => <TestimonialCard key={t.author} t={{ title: t.heading, text: t.content, author: t.author, role: t.role, image: t.image, rating: t.rating }} />)}
        </div>
      </Section>
      <LatestNews heading={site.ui.latestNews} />
    </Document>
  );
}
