// Building blocks pages share: hero, section heading, buttons, cards.
import type { ReactNode } from 'react';
import type { Action, PageHero as PageHeroCopy } from '../../generator/content/model.ts';
import { Img, Icon } from './Media.tsx';
import { Glyph } from './SvgIcons.tsx';

export function ButtonLink({ action, variant = 'primary', size }: { action: Action; variant?: 'primary' | 'secondary' | 'ghost'; size?: 'lg' }) {
  return (
    <a className={`btn btn--${variant}${size ? ` btn--${size}` : ''}`} href={action.href}>
      {action.label}
      {variant === 'primary' ? <Glyph name="arrowRight" /> : null}
    </a>
  );
}

interface HeroProps {
  eyebrow?: string;
  heading: string;
  text?: string;
  image?: string;
  imageAlt?: string;
  primary?: Action;
  secondary?: Action;
  children?: ReactNode;
  compact?: boolean;
}

/** Two-column hero: text (fades in) and an image column with a pulsing placeholder. */
export function Hero({ eyebrow, heading, text, image, imageAlt, primary, secondary, children, compact }: HeroProps) {
  return (
    <section className={`hero${compact ? ' hero--compact' : ''}${image ? '' : ' hero--text'}`}>
      <div className="container hero__inner">
        <div className="hero__content">
          {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
          <h1 className="hero__heading">{heading}</h1>
          {text ? <p className="hero__text">{text}</p> : null}
          {primary || secondary ? (
            <div className="hero__actions">
              {primary ? <ButtonLink action={primary} size="lg" /> : null}
              {secondary ? <ButtonLink action={secondary} variant="secondary" size="lg" /> : null}
            </div>
          ) : null}
          {children}
        </div>
        {image ? (
          <div className="hero__media">
            <Img src={image} alt={imageAlt ?? ''} role="pageHero" className="hero__image" priority />
          </div>
        ) : null}
      </div>
    </section>
  );
}

/** The copy a page hero shows: every page with a hero has these fields (generator/schemas/pages/common.schema.json). */
export interface HeroCopy { heading: string; intro?: string; hero?: PageHeroCopy }

export function PageHero({ copy, eyebrow, children }: { copy: HeroCopy; eyebrow?: string; children?: ReactNode }) {
  return (
    <Hero
      eyebrow={eyebrow}
      heading={copy.heading}
      text={copy.intro}
      image={copy.hero?.image}
      imageAlt={copy.hero?.imageAlt}
      primary={copy.hero?.primary}
      secondary={copy.hero?.secondary}
    >
      {children}
    </Hero>
  );
}

export function SectionHead({ heading, intro, id, align = 'center' }: { heading: string; intro?: string; id?: string; align?: 'center' | 'start' }) {
  return (
    <div className={`section-head section-head--${align}`}>
      <h2 id={id} className="section-head__heading">{heading}</h2>
      {intro ? <p className="section-head__intro">{intro}</p> : null}
    </div>
  );
}

export function Section({ children, tone, id, labelledBy }: { children: ReactNode; tone?: 'tint' | 'dark'; id?: string; labelledBy?: string }) {
  return (
    <section className={`section${tone ? ` section--${tone}` : ''}`} id={id} aria-labelledby={labelledBy}>
      <div className="container">{children}</div>
    </section>
  );
}

export function IconCard({ icon, title, children }: { icon?: string; title: string; children?: ReactNode }) {
  return (
    <article className="card icon-card">
      {icon ? <Icon src={icon} className="icon-card__icon" /> : null}
      <h3 className="card__title">{title}</h3>
      {children}
    </article>
  );
}
