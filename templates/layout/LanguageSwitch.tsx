// The link to this page in the other language, in the navbar, the phone menu and the footer.
// Its text and name are in the language it leads to (lang and hreflang say which), so a reader
// who does not read this page's language still finds it. The shell script carries the blog
// list's query (category, page, size) across when it is followed.
import { useEnv } from '../context.tsx';
import { Glyph } from '../components/SvgIcons.tsx';

export function LanguageSwitch({ className }: { className: string }) {
  const { route, site } = useEnv();
  const target = route.alternates.find((a) => a.locale !== route.locale);
  if (!target) return null;
  const tag = target.tag;
  const { label, accessibleName } = site.ui.languageSwitch;
  return (
    <a className={className} href={target.path} hrefLang={tag} lang={tag} aria-label={accessibleName} data-language-switch>
      <Glyph name="globe" />
      {label}
    </a>
  );
}
