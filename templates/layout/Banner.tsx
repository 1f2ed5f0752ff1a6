// The contact-us banner above the footer (hidden on the routes navigation.yaml lists).
import { useEnv } from '../context.tsx';
import { Glyph } from '../components/SvgIcons.tsx';

export function Banner() {
  const { banner } = useEnv().site.navigation;
  return (
    <section className="cta-banner" aria-labelledby="cta-banner-heading">
      <div className="container">
        <div className="cta-banner__card">
          <div>
            <h2 id="cta-banner-heading" className="cta-banner__heading">{banner.heading}</h2>
            <p className="cta-banner__text">{banner.text}</p>
          </div>
          <a className="btn btn--primary btn--lg" href={banner.button.href}>
            {banner.button.label}
            <Glyph name="arrowRight" />
          </a>
        </div>
      </div>
    </section>
  );
}
