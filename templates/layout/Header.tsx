// Fixed navigation bar: info strip, logo, three mega-menus (native popovers: Escape, light
// dismiss and focus return come from the browser), direct links, Login and Get Started,
// and under 1,024 px (phones, as the spec asks, and tablets) a hamburger that opens the same
// entries as collapsible sections.
import { fill, useEnv } from '../context.tsx';
import { Icon, Img } from '../components/Media.tsx';
import { Glyph } from '../components/SvgIcons.tsx';
import type { Menu } from '../../generator/content/model.ts';
import { LanguageSwitch } from './LanguageSwitch.tsx';

/**
 * The header: parts that are the same on many pages come from the shell cache (`key` names what
 * they depend on); the language switch, which leads to this very page in the other language, is
 * the page's own. It sits in the strip above the navbar on wide screens (the navbar is full
 * there) and beside the menu button below 1,024 px, and again in the phone menu.
 */
export function Header({ navKey }: { navKey: string }) {
  const env = useEnv();
  const { ui } = env.site;
  return (
    <header className="site-header" data-header>
      <div className="info-strip">
        <div className="container info-strip__inner">
          {env.shell('info-strip', <InfoLinks />)}
          <LanguageSwitch className="info-strip__link info-strip__language" />
        </div>
      </div>
      <nav className="navbar container" aria-label={ui.mainNavigation}>
        {env.shell(navKey, <Navbar />)}
        <LanguageSwitch className="nav-language" />
        {env.shell('hamburger', <Hamburger />)}
      </nav>
      <nav id="mobile-menu" popover="auto" className="mobile-menu" aria-label={ui.mobileNavigation}>
        {env.shell('mobile-menu', <MobileMenu />)}
        <div className="mobile-menu__language"><LanguageSwitch className="btn btn--ghost mobile-menu__switch" /></div>
      </nav>
    </header>
  );
}

/** The phone and e-mail links of the strip above the navbar. */
function InfoLinks() {
  const { config, navigation: nav } = useEnv().site;
  return (
    <>
      <a href={`tel:${config.phone.tel}`} className="info-strip__link">
        <Glyph name="phone" />
        <span className="visually-hidden">{nav.infoStrip.phoneLabel}: </span>
        {config.phone.display}
      </a>
      <a href={`mailto:${config.email}`} className="info-strip__link">
        <Glyph name="mail" />
        <span className="visually-hidden">{nav.infoStrip.emailLabel}: </span>
        <span className="info-strip__text">{config.email}</span>
      </a>
    </>
  );
}

function Navbar() {
  const env = useEnv();
  const { site, route } = env;
  const { config, navigation: nav, ui } = site;
  const current = (href: string) => (href === route.path ? 'page' : undefined);
  return (
    <>
      <a className="brand" href={env.href('/')} data-home-link>
        <Img src={config.logo} alt={fill(ui.homeLink, { brand: config.brand })} role="logo" className="brand__logo" loading="eager" inline />
      </a>
      <ul className="nav-menus" role="list">
        {nav.menus.map((menu) => (
          <li key={menu.id} className="nav-menus__item">
            <button type="button" className="nav-trigger" popoverTarget={`menu-${menu.id}`} aria-expanded="false" aria-controls={`menu-${menu.id}`}>
              {menu.label}
              <Glyph name="chevronDown" className="nav-trigger__chevron" />
            </button>
            <MegaMenu menu={menu} current={current} />
          </li>
        ))}
        {nav.direct.map((link) => (
          <li key={link.label} className="nav-menus__item">
            <a className="nav-link" href={link.href} aria-current={current(link.href)}>{link.label}</a>
          </li>
        ))}
      </ul>
      <div className="nav-actions">
        <a className="btn btn--ghost" href={nav.actions.login.href}>{nav.actions.login.label}</a>
        <a className="btn btn--primary" href={nav.actions.getStarted.href}>{nav.actions.getStarted.label}</a>
      </div>
    </>
  );
}

function Hamburger() {
  const { navigation: nav } = useEnv().site;
  return (
    <button type="button" className="hamburger" popoverTarget="mobile-menu" aria-expanded="false" aria-controls="mobile-menu">
          <Glyph name="menu" />
          <span className="visually-hidden">{nav.mobile.open}</span>
        </button>
  );
}


function MegaMenu({ menu, current }: { menu: Menu; current: (href: string) => 'page' | undefined }) {
  return (
    <div id={`menu-${menu.id}`} popover="auto" className="mega" aria-label={menu.label} role="region">
      <div className="container mega__inner">
        <div className="mega__main">
          <ul className="mega__links" role="list">
            {menu.links.map((link) => (
              <li key={link.label}>
                <a className="mega__link" href={link.href} aria-current={current(link.href)}>
                  {link.icon ? <Icon src={link.icon} className="mega__icon" /> : null}
                  <span>{link.label}</span>
                </a>
              </li>
            ))}
          </ul>
          {menu.button ? (
            <a className="btn btn--secondary mega__button" href={menu.button.href}>
              {menu.button.label}
              <Glyph name="arrowRight" />
            </a>
          ) : null}
        </div>
        <a className="mega__promo" href={menu.promo.href}>
          <Img src={menu.promo.image} alt="" className="mega__promo-image" />
          <span className="mega__promo-title">{menu.promo.title}</span>
          <span className="mega__promo-text">{menu.promo.text}</span>
        </a>
      </div>
    </div>
  );
}

function MobileMenu() {
  const env = useEnv();
  const { config, navigation: nav, ui } = env.site;
  return (
    <>
      <div className="mobile-menu__top">
        <a className="brand" href={env.href('/')} data-home-link>
          <Img src={config.logo} alt={fill(ui.homeLink, { brand: config.brand })} role="logo" className="brand__logo" />
        </a>
        <button type="button" className="mobile-menu__close" popoverTarget="mobile-menu" popoverTargetAction="hide">
          <Glyph name="close" />
          <span className="visually-hidden">{nav.mobile.close}</span>
        </button>
      </div>
      <div className="mobile-menu__body">
        {nav.menus.map((menu) => (
          <details key={menu.id} className="mobile-menu__section" name="mobile-menu">
            <summary>
              {menu.label}
              <Glyph name="chevronDown" className="mobile-menu__chevron" />
            </summary>
            <ul role="list">
              {menu.links.map((link) => (
                <li key={link.label}><a href={link.href}>{link.label}</a></li>
              ))}
              {menu.button ? <li><a href={menu.button.href} className="mobile-menu__all">{menu.button.label}</a></li> : null}
            </ul>
          </details>
        ))}
        <ul className="mobile-menu__direct" role="list">
          {nav.direct.map((link) => (
            <li key={link.label}><a href={link.href}>{link.label}</a></li>
          ))}
        </ul>
        <div className="mobile-menu__actions">
          <a className="btn btn--ghost" href={nav.actions.login.href}>{nav.actions.login.label}</a>
          <a className="btn btn--primary" href={nav.actions.getStarted.href}>{nav.actions.getStarted.label}</a>
        </div>
      </div>
    </>
  );
}
