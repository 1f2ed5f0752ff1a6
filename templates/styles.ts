// Which parts of the stylesheet each template's pages inline (generator/assets/style-parts.ts): `core`
// (tokens, base, the shell, buttons, sections, cards, prose) on every page, and these beside it.
// The parts are marked in styles/*.scss with `/*! part:<name> */`; a test checks that the names
// here are the marked ones and that each template's parts cover every class its pages, their
// islands and the shell script can show (tests/unit/assets/style-parts.test.ts): a template that starts
// using a new component fails it until its part is added here.
import type { TemplateName } from '../generator/render/routes.ts';

export const STYLE_PARTS = [
  'core', 'hero', 'cards', 'controls', 'slider', 'home', 'benefits', 'blog-list', 'article', 'search',
  'newsletter', 'forms', 'wizard', 'leaders', 'careers', 'contact', 'legal', 'faq', 'message',
] as const;
export type StylePart = (typeof STYLE_PARTS)[number];

export const templateStyles: { readonly [T in TemplateName]: readonly StylePart[] } = {
  Home: ['hero', 'cards', 'controls', 'slider', 'home', 'benefits'],
  SolutionsIndex: ['hero', 'cards', 'controls', 'slider', 'benefits'],
  Solution: ['hero', 'cards', 'controls', 'slider'],
  BlogList: ['hero', 'cards', 'controls', 'blog-list'],
  BlogPost: ['article', 'search', 'newsletter', 'forms'],
  Partnership: ['hero', 'controls', 'benefits', 'newsletter', 'forms'],
  Leadership: ['hero', 'cards', 'leaders'],
  Career: ['hero', 'cards', 'controls', 'slider', 'newsletter', 'forms', 'careers'],
  ContactUs: ['hero', 'cards', 'controls', 'slider', 'newsletter', 'forms', 'contact'],
  GetStarted: ['hero', 'newsletter', 'forms', 'wizard'],
  Legal: ['hero', 'legal'],
  Faqs: ['hero', 'faq'],
  ComingSoon: ['message'],
  Thanks: ['message'],
  NotFound: ['message'],
};
