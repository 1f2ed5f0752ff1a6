// The typed site model that validate.ts produces, transform.ts completes and every later stage
// reads. The content types come from the JSON Schemas (generator/content/content-types.ts, generated);
// this file adds what the generator derives: slugs, Markdown bodies, file names.
//
// M is how Markdown fields are held. Validation hands on their source text (`Site<string>`);
// the transform stage renders them, so routes, templates and the write stage see `Site`, whose
// Markdown fields are Html: a template never renders Markdown itself.
import type {
  BlogCategories, EcosystemCard, Faq, FleetFeature, FormsCopy, Industry, Job, LegalFrontMatter, Navigation, Pages,
  PostFrontMatter, Solution, SiteConfig, TeamMember, Testimonial, Benefit, Ui,
} from './content-types.ts';
import type { Html } from '../transform/markdown.ts';

export type * from './content-types.ts';
export type { Html } from '../transform/markdown.ts';

export type Menu = Navigation['menus'][number];
export type Category = BlogCategories['categories'][number];
export type Counter = Solution['counters']['items'][number];

/** A blog post: its front matter, its file name and its Markdown body. */
export type Post<M = Html> = Omit<PostFrontMatter, 'readTime'> & {
  /** Minutes to read: the front matter's, or counted from the body when it has none (validate.ts). */
  readTime: number;
  /** The file name without .md. */
  slug: string;
  /** The post's URL path, /blog-details/{id} (routes.ts, blogPath). */
  path: string;
  body: M;
};

/**
 * An item a page lists one by one (a question, a team member, a job, a testimonial) with its
 * file name: the key a translation is known by, so a French page can mark an English one.
 */
export type Filed<T> = T & {
  /** The file name without its extension. */
  slug: string;
};

/** A legal document (terms, privacy): its front matter, file name and Markdown body. */
export type LegalDoc<M = Html> = LegalFrontMatter & {
  slug: string;
  body: M;
};

/** Everything the routes and templates need, validated. */
export interface Site<M = Html> {
  config: SiteConfig;
  navigation: Navigation;
  pages: Pages<M>;
  solutions: Solution[];
  posts: Post<M>[];
  categories: Category[];
  legal: Record<string, LegalDoc<M>>;
  faqs: Filed<Faq<M>>[];
  team: Filed<TeamMember<M>>[];
  jobs: Filed<Job<M>>[];
  testimonials: Filed<Testimonial>[];
  industries: Industry[];
  benefits: Benefit[];
  fleetFeatures: FleetFeature[];
  ecosystem: EcosystemCard[];
  ui: Ui;
  /** Form copy and option lists (content/forms.yaml). */
  forms: FormsCopy;
  /** Content file (display path) of each item, for route sources and the admin. */
  files: { [collection: string]: Record<string, string> };
}

/** The model as validation produces it: every Markdown field still holds its source text. */
export type SourceSite = Site<string>;
