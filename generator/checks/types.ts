// What the checks read and what they give: shared by checks.ts and the helpers it calls.
import type { Problem } from '../problems/problems.ts';
import type { SourceRecord } from '../content/load.ts';
import type { Locale } from '../content/locales.ts';

/** Budgets as content/site.yaml writes them (`budgets:`), in KB. */
export interface BudgetsConfig {
  javascriptKB?: number;
  imageKB?: number;
  pages?: Record<string, { javascriptKB?: number }>;
}

/** Budgets in bytes, with the per-page JavaScript exceptions. */
export interface Budgets {
  jsGzip: number;
  imageBytes: number;
  /** Route path → its own JavaScript budget, when content/site.yaml gives one. */
  pages: Record<string, number>;
}

export interface CheckPage {
  path: string;
  /** The English path of the page (its path for English pages): budgets name pages by it, for every language. */
  key?: string;
  /** The page's language; from its path when absent. */
  locale?: Locale;
  /** The rendered page, when the caller kept it (the preview); the rendered-link checks need it. */
  html?: string;
  /** Content files the page is built from (display paths); the first is the page's own. */
  sources: string[];
  description: string;
  /** false when the description is borrowed (a post without one uses its subheading). */
  ownDescription: boolean;
  /** gzip bytes of every script the page may load (Builder.pageWeight). */
  js: number;
  islands: string[];
}

export interface CheckInput {
  pages: CheckPage[];
  siteDescription: string;
  /** The site's own address (content/site.yaml `url`): a link that starts with it is a link to one of its pages. */
  siteUrl?: string;
  budgets: Budgets;
  /**
   * Content images: display path, content-relative path (images/…), size in bytes, and for a
   * photo the bytes a visitor downloads on a phone and on a laptop (the best format's width
   * for the widest role it is shown in; generator/assets/images/roles.ts).
   */
  images: { file: string; rel: string; bytes: number; delivered?: { phone: number; desktop: number } }[];
  /** Photos shown wider than their source can fill (the build's image stage); located warnings. */
  imageWarnings?: Problem[];
  /** Text of a content file by display path, to find the line a field or link is written on. */
  text(file: string): string | undefined;
  /** The content as read (for checks of the copy itself). */
  records: readonly SourceRecord[];
  /** Whether an internal path answers with a page or file; given with the pages' HTML (the preview). */
  resolves?: (path: string) => boolean;
  /** Published URLs that would now be a 404, and a record of URLs that was out of date (output/urls.ts). */
  urlWarnings?: Problem[];
  /** The validator's current problems: its broken links and missing alt text are shown among the checks (the admin). */
  problems?: Problem[];
}

/** A warning (or a validator problem shown with them), with the pages where it shows. */
export type Check = Problem & { pages: string[] };
