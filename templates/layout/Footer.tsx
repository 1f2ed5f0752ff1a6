// Five columns (Solutions, Get Started, Company, Policies, Address), logo home, contact
// links, Login and Get Started, four social links in a new tab, copyright from site.yaml.
// A column may list a menu's links (`menu: solutions`) instead of its own copy of them.
import type { Action, Menu, Navigation } from '../../generator/content/model.ts';
import { fill, useEnv } from '../context.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { Img } from '../components/Media.tsx';
import { Glyph, SocialGlyph } from '../components/SvgIcons.tsx';

/** The footer: the same on every page of a language (shell cache) but for the language switch. */
export function Footer({ copyright }: { copyright: string }) {
  const env = useEnv();
  return (
    <footer className="site-footer">
      {env.shell('footer-main', <FooterMain />)}
      <div className="container site-footer__bottom">
        <p>{copyright}</p>
        <LanguageSwitch className="footer-language" />
        {env.shell('footer-social', <Social />)}
      </div>
    </footer>
  );
}

function FooterMain() {
  const env = useEnv();
  const { config, navigation: nav, ui } = env.site;
  // As the page's language writes an address: « Toronto (Ontario)  M5J 2N8 » on French pages.
  const [street, cityLine, country] = env.format.addressLines(config.address);
  return (
    <div className="container site-footer__inner">
      <div className="site-footer__brand">
        <a href={env.href('/')} className="brand" data-home-link data-scroll-top>
          <Img src={config.logoWhite} alt={fill(ui.homeLink, { brand: config.brand })} role="logo" className="brand__logo" />
        </a>
        <p className="site-footer__tagline">{nav.footer.tagline}</p>
        <div className="site-footer__actions">
          <a className="btn btn--ghost-light" href={nav.actions.login.href}>{nav.actions.login.label}</a>
          <a className="btn btn--primary" href={nav.actions.getStarted.href}>{nav.actions.getStarted.label}</a>
        </div>
      </div>
      <div className="site-footer__columns">
        {nav.footer.columns.map((column) => (
          <nav key={column.heading} className="site-footer__column" aria-label={column.heading}>
            <h2 className="site-footer__heading">{column.heading}</h2>
            <ul role="list">
              {columnLinks(column, nav.menus).map((link) => (
                <li key={link.label}><a href={link.href}>{link.label}</a></li>
              ))}
            </ul>
          </nav>
        ))}
        <div className="site-footer__column">
          <h2 className="site-footer__heading">{nav.footer.addressHeading}</h2>
          <address>
            <p className="site-footer__line"><Glyph name="pin" />
              <span>{street}<br />{cityLine}<br />{country}</span>
            </p>
            <p className="site-footer__line"><Glyph name="phone" /><a href={`tel:${config.phone.tel}`}>{config.phone.display}</a></p>
            <p className="site-footer__line"><Glyph name="mail" /><a href={`mailto:${config.email}`}>{config.email}</a></p>
          </address>
        </div>
      </div>
    </div>
  );
}

function Social() {
  const { config, navigation: nav, ui } = useEnv().site;
  return (
    <ul className="site-footer__social" role="list" aria-label={nav.footer.socialHeading}>
      {config.social.map((s) => (
        <li key={s.network}>
          <a href={s.url} target="_blank" rel="noopener noreferrer" className="social-link">
            <SocialGlyph network={s.network} />
            <span className="visually-hidden">{s.label} ({ui.externalLinkNote})</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** A column's links: those of the menu it names (validation checks the id exists), or its own. */
function columnLinks(column: Navigation['footer']['columns'][number], menus: Menu[]): Action[] {
  if (column.menu === undefined) return column.links ?? [];
  return menus.find((m) => m.id === column.menu)?.links ?? [];
}
