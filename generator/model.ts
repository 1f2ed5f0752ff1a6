// The typed site model that validate.ts produces and every later stage reads.
// Field docs live in the JSON Schemas (generator/schemas); these types mirror them.

export interface Action { label: string; href: string }
export interface NavLink extends Action { icon?: string }

export interface SiteConfig {
  brand: string;
  legalName: string;
  url: string;
  locale: 'en-CA';
  phone: { display: string; tel: string };
  email: string;
  salesInbox: string;
  hiringInbox?: string;
  address: { street: string; city: string; region: string; postalCode: string; country: string };
  social: { network: 'facebook' | 'twitter' | 'instagram' | 'linkedin'; label: string; url: string }[];
  copyrightYear: number;
  description: string;
  socialImage: string;
  themeColor?: string;
  leadEndpoint: string;
  logo: string;
  logoWhite: string;
  mark: string;
}

export interface Menu {
  id: string;
  label: string;
  links: NavLink[];
  button?: Action;
  promo: { title: string; text: string; image: string; href: string };
}

export interface Navigation {
  infoStrip: { phoneLabel: string; emailLabel: string };
  menus: Menu[];
  direct: Action[];
  actions: { login: Action; getStarted: Action };
  mobile: { open: string; close: string };
  footer: {
    tagline: string;
    columns: { heading: string; links: Action[] }[];
    addressHeading: string;
    socialHeading: string;
    copyright: string;
  };
  banner: { heading: string; text: string; button: Action; hiddenOn: string[] };
  footerHiddenOn: string[];
  skipLink: string;
}

export interface PageCopy {
  title: string;
  description: string;
  heading: string;
  intro?: string;
  text?: string;
  button?: Action;
  hero?: { image?: string; imageAlt?: string; primary?: Action; secondary?: Action };
  sections?: Record<string, any>;
}

export interface Counter { value: number; unit: 'percent' | 'number'; label: string }

export interface Solution {
  slug: string;
  order: number;
  path: string;
  name: string;
  title: string;
  description: string;
  card: { heading: string; subheading: string; icon: string };
  hero: { eyebrow?: string; heading: string; text: string; image: string; imageAlt: string };
  features: { heading: string; intro?: string; items: { title: string; content: string; icon?: string; image?: string }[] };
  benefits: { heading: string; items: { title: string; content: string; icon: string }[] };
  counters: { heading?: string; items: Counter[] };
  opportunities: { heading: string; items: { heading: string; icon: string }[] };
  services: { heading: string; items: { heading: string; subheading: string; icon: string }[] };
  hardware: { heading: string; items: { heading: string; subheading: string; image: string; imageAlt: string }[] };
  testimonials: { heading: string; sample: boolean; items: { heading: string; content: string; author: string; role: string; image?: string; rating?: number }[] };
}

export interface Post {
  id: number;
  slug: string;
  title: string;
  subheading: string;
  description?: string;
  date: string;
  updated?: string;
  readTime: 3 | 5;
  category: string;
  author: { name: string; role?: string; image: string };
  image: string;
  imageAlt: string;
  tags: string[];
  draft?: boolean;
  body: string;
}

export interface Category { slug: string; name: string; description?: string }

export interface LegalDoc { slug: string; title: string; description: string; lastUpdated: string; body: string }
export interface Faq { order: number; title: string; content: string }
export interface TeamMember { order: number; name: string; role: string; bio: string; photo: string; photoAlt: string; profileUrl: string }
export interface Job {
  id: string; title: string; department: string; category: string; level: string; location: string;
  employmentType: string; workplace: string; posted: string; summary: string; about: string;
  responsibilities: string[]; experience: string[]; open: boolean;
}
export interface Testimonial { order: number; sample: boolean; title: string; text: string; author: string; role: string; company: string; image: string; rating?: number }
export interface Industry { order: number; slug: string; name: string; icon: string; summary: string }
export interface Benefit { order: number; title: string; content: string; icon: string }
export interface FleetFeature { order: number; heading: string; subheading: string; icon: string; image: string; imageAlt: string }
export interface EcosystemCard { order: number; title: string; content: string; image: string }

export interface FieldCopy { label: string; placeholder: string }
export interface FormsCopy {
  contact: { fields: Record<string, FieldCopy>; sources: string[] };
  partner: { fields: Record<string, FieldCopy>; groups: Record<string, string>; departments: string[]; countries: { value: string; label: string }[]; states: string[]; button: string };
  job: { fields: Record<string, FieldCopy>; heading: string; resumeHint: string; accommodation: string; noScriptHeading: string; noScriptResume: string; button: string; close: string };
}

/** Everything the routes and templates need, validated. */
export interface Site {
  config: SiteConfig;
  navigation: Navigation;
  pages: Record<string, PageCopy>;
  solutions: Solution[];
  posts: Post[];
  categories: Category[];
  legal: Record<string, LegalDoc>;
  faqs: Faq[];
  team: TeamMember[];
  jobs: Job[];
  testimonials: Testimonial[];
  industries: Industry[];
  benefits: Benefit[];
  fleetFeatures: FleetFeature[];
  ecosystem: EcosystemCard[];
  ui: Record<string, string>;
  /** Form copy and option lists (content/forms.yaml). */
  forms: FormsCopy;
  /** Content file (display path) of each item, for route sources and the admin. */
  files: { [collection: string]: Record<string, string> };
}
