// The HTML document around every page: head metadata, the shell (header, banner, footer)
// and the page itself. The shell works without React: native popovers and <details>, plus
// the small shell script for the scroll state and focus niceties.
import type { ReactNode } from 'react';
import { useEnv, fill } from '../context.tsx';
import { Header } from './Header.tsx';
import { Footer } from './Footer.tsx';
import { Banner } from './Banner.tsx';
import type { Navigation, Post } from '../../generator/content/model.ts';

/**
 * `article`: the post an article page shows, for its Open Graph article tags. `marksLanguage`: the
 * template marks the untranslated parts of its page itself (lang="en-CA" on the post's own
 * text), so the page's other parts (dates, sidebar, forms) keep the page's language.
 */
export function Document({ children, jsonLd = [], article, marksLanguage = false }: { children: ReactNode; jsonLd?: object[]; article?: Post; marksLanguage?: boolean }) {
  const env = useEnv();
  const { site, route } = env;
  const { config, navigation } = site;
  const title = `${config.brand} | ${route.title}`;
  const canonical = `${config.url}${route.path}`;
  const versions = route.alternates;
  // The page's social card (generator/assets/cards.ts), or its own picture; the site's default picture
  // only where no card was planned (a page rendered without the build's card stage).
  const card = route.card ?? { ...env.image(config.socialImage), type: undefined, alt: undefined };
  const socialImage = `${config.url}${card.src}`;
  const socialAlt = card.alt ?? title;
  const showBanner = !navigation.banner.hiddenOn.includes(route.path);
  const showFooter = !navigation.footerHiddenOn.includes(route.path);
  // Every JSON-LD document (a CreativeWork: article, FAQ page) says its language; an
  // organisation has none (schema.org gives Organization no inLanguage). On an untranslated
  // page it describes the English copy, so it says English, as that copy's lang attribute does.
  const isOrganization = (data: object) => '@type' in data && data['@type'] === 'Organization';
  const contentLang = route.untranslated ? versions[0]!.tag : env.lang;
  const ld = jsonLd.map((data) => (isOrganization(data) ? data : { ...data, inLanguage: contentLang }));
  // A page with no document of its own (a post, the FAQ) is described as a WebPage, so search
  // engines read its language there too.
  if (ld.every(isOrganization) && route.status === 200) {
    ld.push({ '@context': 'https://schema.org', '@type': 'WebPage', name: title, description: route.description, url: canonical, inLanguage: contentLang });
  }
  const header = headerTargets(navigation).has(route.path) ? route.path : '';
  return (
    <html lang={env.lang} data-mode={env.mode === 'preview' ? 'preview' : undefined} data-path={route.path}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={route.description} />
        <link rel="canonical" href={canonical} />
        {versions.length > 1 ? versions.map((v) => <link key={v.locale} rel="alternate" hrefLang={v.tag} href={config.url + v.path} />) : null}
        {versions.length > 1 ? <link rel="alternate" hrefLang="x-default" href={config.url + versions[0]!.path} /> : null}
        {route.status === 404 ? <meta name="robots" content="noindex" /> : null}
        <meta property="og:type" content={route.ogType} />
        <meta property="og:site_name" content={config.brand} />
        <meta property="og:locale" content={ogLocale(env.lang)} />
        {versions.filter((v) => v.locale !== route.locale).map((v) => <meta key={v.locale} property="og:locale:alternate" content={ogLocale(v.tag)} />)}
        <meta property="og:title" content={title} />
        <meta property="og:description" content={route.description} />
        <meta property="og:url" content={canonical} />
        <meta property="og:image" content={socialImage} />
        {card.type ? <meta property="og:image:type" content={card.type} /> : null}
        <meta property="og:image:width" content={String(card.width)} />
        <meta property="og:image:height" content={String(card.height)} />
        <meta property="og:image:alt" content={socialAlt} />
        {article ? <ArticleMeta post={article} /> : null}
        <meta name="twitter:card" content="summary_large_image" />
        <meta name="twitter:title" content={title} />
        <meta name="twitter:description" content={route.description} />
        <meta name="twitter:image" content={socialImage} />
        <meta name="twitter:image:alt" content={socialAlt} />
        {/* Keyed by template: the inlined stylesheet holds the template's parts (templates/styles.ts). */}
        {env.shell(`head:${route.template}`, <HeadLinks />)}
        {ld.map((data, i) => (
          <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(data) }} />
        ))}
      </head>
      <body>
        <a className="skip-link" href="#main">{navigation.skipLink}</a>
        <Header navKey={`navbar:${header}`} />
        <main id="main" tabIndex={-1}>
          {route.untranslated ? <Untranslated marked={marksLanguage}>{children}</Untranslated> : children}
        </main>
        {showBanner ? env.shell('banner', <Banner />) : null}
        {showFooter ? <Footer copyright={fill(navigation.footer.copyright, { year: config.copyrightYear, legalName: config.legalName })} /> : null}
      </body>
    </html>
  );
}

/**
 * A page of a translated language whose own copy is not translated yet: a notice in the page's
 * language, then the English copy marked as English (screen readers switch voice, WCAG 3.1.2).
 */
function Untranslated({ children, marked }: { children: ReactNode; marked: boolean }) {
  const { site, route } = useEnv();
  return (
    <>
      <div className="container">
        <p className="translation-notice" role="note">{site.ui.translationNotice}</p>
      </div>
      {marked ? children : <div lang={route.alternates[0]!.tag}>{children}</div>}
    </>
  );
}

/** Open Graph's locale form: fr-CA → fr_CA. */
const ogLocale = (tag: string) => tag.replace('-', '_');

/**
 * The same on every page: icons, manifest, feed, and the bundle's font, stylesheet and script.
 * The stylesheet is inlined (docs/architecture.md, "Styles and fonts"): the first paint
 * waits for no request, and nothing restyles later (no layout shift, as a late stylesheet would).
 */
function HeadLinks() {
  const env = useEnv();
  const { config } = env.site;
  // The mark as a data: URI when it is small (generator/assets/assets.ts, inlineImage): Chromium fetches
  // the SVG icon while the first screen is being painted, one more request Lighthouse counts in
  // the largest contentful paint whenever it lands first. /favicon.svg is still written for
  // whatever asks for it by name.
  const inline = env.inlineImage?.(config.mark).src;
  const svgIcon = inline?.startsWith('data:') ? inline : '/favicon.svg';
  return (
    <>
      <link rel="icon" href="/favicon.ico" sizes="32x32" />
      <link rel="icon" href={svgIcon} type="image/svg+xml" />
      <link rel="manifest" href={env.links.manifest} />
      <link rel="alternate" type="application/rss+xml" title={env.site.pages.blogs.sections.feed.title} href={env.links.feed} />
      {config.themeColor ? <meta name="theme-color" content={config.themeColor} /> : null}
      <link rel="preload" href={env.fontPreload} as="font" type="font/woff2" crossOrigin="anonymous" />
      <style dangerouslySetInnerHTML={{ __html: env.css }} />
      <script type="module" src={env.shellScript} />
    </>
  );
}

/** Open Graph article tags for a blog post. */
function ArticleMeta({ post }: { post: Post }) {
  const { site } = useEnv();
  return (
    <>
      <meta property="article:published_time" content={post.date} />
      <meta property="article:modified_time" content={post.updated ?? post.date} />
      <meta property="article:author" content={post.author.name} />
      <meta property="article:section" content={site.categories.find((c) => c.slug === post.category)?.name ?? post.category} />
      {post.tags.map((tag) => <meta key={tag} property="article:tag" content={tag} />)}
    </>
  );
}

/** Paths the header links to: on those pages the header differs (aria-current). */
const targetsByNav = new WeakMap<Navigation, Set<string>>();
function headerTargets(nav: Navigation): Set<string> {
  let targets = targetsByNav.get(nav);
  if (!targets) targetsByNav.set(nav, (targets = collectTargets(nav)));
  return targets;
}

function collectTargets(nav: Navigation): Set<string> {
  return new Set([
    ...nav.menus.flatMap((m) => [...m.links.map((l) => l.href), ...(m.button ? [m.button.href] : []), m.promo.href]),
    ...nav.direct.map((l) => l.href),
    nav.actions.login.href,
    nav.actions.getStarted.href,
  ]);
}

/** JSON inside <script>: `<` escaped so no string can close the element. */
export function jsonForScript(data: unknown): string {
  return JSON.stringify(data).replace(UNSAFE_IN_SCRIPT, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const UNSAFE_IN_SCRIPT = /[<\u2028\u2029]/g;
