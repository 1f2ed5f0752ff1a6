// Islands on French pages: the page's language reaches every island as its `locale` prop,
// and what an island renders on the server (the markup hydration must match, and what a visitor
// without JavaScript uses) is French there and exactly as before on English pages.
import { describe, expect, test } from 'vitest';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { EnvProvider, type IslandUse, type RenderEnv } from '../../../templates/context.tsx';
import { Island } from '../../../templates/islands/Island.tsx';
import { LeadForm as NoScriptForm } from '../../../templates/components/Forms.tsx';
import GetStartedWizard, { type WizardCopy } from '../../../templates/islands/GetStartedWizard.tsx';
import LeadForm from '../../../templates/islands/LeadForm.tsx';
import Counters from '../../../templates/islands/Counters.tsx';
import BlogSearch from '../../../templates/islands/BlogSearch.tsx';
import BlogList from '../../../templates/islands/BlogList.tsx';
import CardCarousel from '../../../templates/islands/CardCarousel.tsx';
import { colon, fillCounts, leadLocale, pageIn, tagOf } from '../../../templates/islands/lib/locale.tsx';
import { INDUSTRIES, INDUSTRY_LABELS, VEHICLE_RANGE_LABELS, VEHICLE_RANGES } from '../../../common/lead/validation.ts';

const NBSP = '\u00a0';
const html = <P extends object>(component: ComponentType<P>, props: P) => renderToStaticMarkup(createElement(component, props));

/** Renders `element` inside a page environment of `locale` and returns the islands it registered. */
function islandsOn(locale: 'en' | 'fr', element: ReturnType<typeof createElement>): IslandUse[] {
  const uses: IslandUse[] = [];
  const env = { locale, addIsland: (use: IslandUse) => uses.push(use) - 1 } as unknown as RenderEnv;
  renderToStaticMarkup(createElement(EnvProvider, { value: env }, element));
  return uses;
}

const wizardCopy: WizardCopy = {
  steps: ['Taille du parc', 'Secteur', 'Coordonnées'], stepLabel: 'Étape {n} de {total}', vehicles: 'Combien?', industry: 'Secteur?', contact: 'Où?',
  next: 'Suivant', back: 'Retour', submit: 'Demander ma démo', sending: 'Envoi…', privacyHtml: '', error: 'Erreur', ok: 'OK',
  fields: Object.fromEntries(['firstName', 'lastName', 'phone', 'email', 'companyName'].map((n) => [n, { label: n, placeholder: n }])) as WizardCopy['fields'],
};

describe('the page\'s language reaches islands', () => {
  test('Island hands every island on a French page locale "fr", and adds nothing on an English page (its props, and so its markup, as before)', () => {
    const props = { items: [{ value: 30, unit: 'percent' as const, label: 'Moins' }] };
    const island = createElement(Island<Parameters<typeof Counters>[0]>, { name: 'Counters', component: Counters, props });
    const [fr] = islandsOn('fr', island);
    const [en] = islandsOn('en', island);
    expect(fr!.props).toEqual({ ...props, locale: 'fr' });
    expect(en!.props).toBe(props);
  });

  test('a plain form (no JavaScript) on a French page posts locale=fr; on an English page it posts no locale', () => {
    const form = (locale: 'en' | 'fr') => {
      const env = { locale } as unknown as RenderEnv;
      return renderToStaticMarkup(createElement(EnvProvider, { value: env }, createElement(NoScriptForm, { endpoint: '/send-email/', form: 'job', labelledBy: 'h', children: null })));
    };
    expect(form('fr')).toContain('<input type="hidden" name="locale" value="fr"/>');
    expect(form('en')).not.toContain('name="locale"');
  });
});

describe('French islands on the server', () => {
  test('the wizard shows French vehicle ranges and industries but its radios keep the English values; it posts locale=fr without JavaScript', () => {
    const fr = html(GetStartedWizard, { copy: wizardCopy, endpoint: '/send-email/', thanks: '/Thanks', locale: 'fr' });
    expect(fr).toContain(`value="400 - 3,900"/><span>400 - 3${NBSP}900</span>`);
    expect(fr).toContain(`value="4,000+"/><span>4${NBSP}000+</span>`);
    expect(fr).toContain('value="Trucking &amp; Logistics"/><span>Camionnage et logistique</span>');
    expect(fr).toContain('<input type="hidden" name="locale" value="fr"/>');
    const en = html(GetStartedWizard, { copy: wizardCopy, endpoint: '/send-email/', thanks: '/Thanks' });
    for (const v of VEHICLE_RANGES) expect(en).toContain(`<span>${VEHICLE_RANGE_LABELS.en[v]}</span>`);
    for (const i of INDUSTRIES) expect(en).toContain(`<span>${INDUSTRY_LABELS.en[i].replace('&', '&amp;')}</span>`);
    expect(en).not.toContain('name="locale"');
  });

  test('a lead form on a French page posts locale=fr without JavaScript; on an English page it does not', () => {
    const props = { form: 'newsletter' as const, id: 'newsletter', endpoint: '/send-email/', button: 'OK', sending: 'Envoi…', error: 'E', ok: 'OK', thanks: '/Thanks', fields: [{ name: 'email', kind: 'email' as const, label: 'Courriel', placeholder: '' }] };
    expect(html(LeadForm, { ...props, locale: 'fr' })).toContain('<input type="hidden" name="locale" value="fr"/>');
    expect(html(LeadForm, props)).not.toContain('name="locale"');
  });

  test('counters write French percentages and thousands with a no-break space, English ones as before', () => {
    const items = [{ value: 30, unit: 'percent' as const, label: 'a' }, { value: 1200, unit: 'number' as const, label: 'b' }];
    const fr = html(Counters, { items, locale: 'fr' });
    expect(fr).toContain(`>30${NBSP}%</span></dd>`);
    expect(fr).toContain(`>1${NBSP}200</span></dd>`);
    const en = html(Counters, { items });
    expect(en).toContain('>30%</span></dd>');
    expect(en).toContain('>1,200</span></dd>');
  });

  test('the search box of a French article falls back to the French blog, the English one to /blogs', () => {
    const labels = { heading: 'h', label: 'l', placeholder: 'p', button: 'b', noResults: 'n', results: 'r', resultsOne: 'o', unavailable: 'u' };
    expect(html(BlogSearch, { labels, indexUrl: '/fr/search-index.json', locale: 'fr' })).toContain('action="/fr/blogs"');
    expect(html(BlogSearch, { labels, indexUrl: '/search-index.json' })).toContain('action="/blogs"');
  });

  test('carousels name their role in the page\'s words (carrousel), and say the card title after a French colon', () => {
    const labels = { previous: 'Précédent', next: 'Suivant', counter: '{n}/{total}', carousel: 'carrousel' };
    const fr = html(CardCarousel, { items: [{ heading: 'ELD', text: 't', icon: '', href: '/fr/solutions/eld' }], more: 'Plus de détails', labels, locale: 'fr' });
    expect(fr).toContain('aria-roledescription="carrousel"');
    expect(fr).toContain(`<span class="visually-hidden">${NBSP}: ELD</span>`);
  });

  test('the blog list\'s page counter writes French numbers', () => {
    const labels = { all: 'Toutes', filter: 'f', size: 's', sizeAll: 'Tous', pageOf: 'Page {n} de {total}', pagination: 'p', empty: 'e', previous: 'Précédent', next: 'Suivant' };
    expect(html(BlogList, { posts: [], categories: [], labels, locale: 'fr' })).toContain('Page 1 de 1');
  });
});

describe('locale helpers', () => {
  test('a page of the site goes to its French counterpart once (/Thanks → /fr/Thanks, /fr/Thanks stays); English unchanged', () => {
    expect(pageIn('/Thanks', 'fr')).toBe('/fr/Thanks');
    expect(pageIn('/fr/Thanks', 'fr')).toBe('/fr/Thanks');
    expect(pageIn('/Thanks', 'en')).toBe('/Thanks');
    expect(pageIn('/blogs', 'fr')).toBe('/fr/blogs');
  });

  test('a lead says its language only when it is not English (the lead function\'s default)', () => {
    expect(leadLocale('fr')).toEqual({ locale: 'fr' });
    expect(leadLocale('en')).toEqual({});
    expect(leadLocale(undefined)).toEqual({});
  });

  test('counts and colons as each language writes them', () => {
    expect(tagOf('fr')).toBe('fr-CA');
    expect(tagOf(undefined)).toBe('en-CA');
    expect(fillCounts('Page {n} de {total}', { n: 2, total: 1334 }, 'fr')).toBe(`Page 2 de 1${NBSP}334`);
    expect(fillCounts('{n}/{total}', { n: 2, total: 9 }, 'en')).toBe('2/9');
    expect(colon('fr')).toBe(`${NBSP}: `);
    expect(colon(undefined)).toBe(': ');
  });
});
