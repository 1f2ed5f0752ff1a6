// The skeleton `site new` writes for each kind: every required field, with `TODO: <what to
// write>` wherever an author must write copy or make a choice (see fill-markers.ts). Values
// the tool can know (id, order, date, slug, the title it was given) are filled in.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { schemaDir } from '../content/schemas.ts';

/** What a skeleton needs to know besides its kind. */
export interface SkeletonInput {
  slug: string;
  title: string | undefined;
  /** Today, YYYY-MM-DD. */
  date: string;
  /** The next free post id, or the next order for faqs and solutions. */
  next: number;
  /** Blog category slugs, for the post's hint. */
  categories: string[];
}

// Values double-quoted the way the shipped content writes text; JSON's escapes are YAML's.
const q = (text: string) => JSON.stringify(text);
const todo = (hint: string) => q(`TODO: ${hint}`);

/** The allowed values of an enum field, from its schema (one source of truth for the hint). */
function choices(schema: string, ...path: string[]): string {
  let node = JSON.parse(readFileSync(join(schemaDir, `${schema}.schema.json`), 'utf8'));
  for (const key of path) node = node?.properties?.[key] ?? node?.items?.properties?.[key];
  const values = (node?.enum ?? []) as unknown[];
  return values.length > 1 ? `${values.slice(0, -1).join(', ')} or ${values.at(-1)}` : String(values[0] ?? '');
}

// Placeholders that already exist in content/images; the alt text or a comment says to replace them.
const ILLUSTRATION = 'images/illustrations/dashboard.svg';
const HARDWARE = 'images/hardware/gps-tracker.svg';
const ICON = 'images/icons/check-badge.svg  # a placeholder: pick one in content/images/icons/';

/** content/blog/<slug>.md: a draft, so it stays out of `site build` until the author removes the flag. */
export function postSkeleton(x: SkeletonInput): string {
  return `---
id: ${x.next}
title: ${q(x.title ?? '')}
subheading: ${todo('one sentence shown under the title and on the blog card, 20 to 200 characters')}
description: ${todo('the description search engines show, 50 to 170 characters; publishing needs it (without it the subheading stands in, and npx site build --strict warns)')}
date: ${x.date}
category: ${todo(`one of ${x.categories.join(', ')} (content/blog-categories.yaml)`)}
author:
  name: ${todo("the author's full name")}
  role: ${todo("the author's job title")}
  image: ${todo("the author's portrait, e.g. images/people/author-1.svg")}
image: ${ILLUSTRATION}
imageAlt: ${todo('what the picture shows, for people who cannot see it (the picture is a placeholder: put yours in content/images/blog/ and set image)')}
tags: [${todo('1 to 8 lowercase tags, e.g. [eld, compliance]')}]
draft: true  # remove this line when the post is ready to publish
---

TODO: one or two intro paragraphs, no heading

## 1. TODO: the first section's heading

TODO: the first section's text; add more numbered sections as needed

## Conclusion

TODO: a closing paragraph
`;
}

/** content/faqs/NN-<slug>.yaml. */
export function faqSkeleton(x: SkeletonInput): string {
  return `# yaml-language-server: $schema=../../generator/schemas/faq.schema.json
order: ${x.next}
title: ${x.title ? q(x.title) : todo('the question, as a visitor would ask it')}
content: |
  TODO: the answer in Markdown, one or two short paragraphs; link pages like [our sales team](/contact-us)
`;
}

/** content/jobs/<id>.yaml: open, since its markers already keep it from being built. */
export function jobSkeleton(x: SkeletonInput): string {
  return `# yaml-language-server: $schema=../../generator/schemas/job.schema.json
id: ${x.slug}
title: ${x.title ? q(x.title) : todo('the job title, e.g. UX Designer')}
department: ${todo('the team, e.g. Design')}
category: ${todo('one of the job categories under jobs.categories in content/pages/career.yaml, e.g. Engineering (the careers page filter)')}
level: ${todo('e.g. Mid-Senior Level')}
location: ${todo('e.g. Toronto')}
employmentType: ${todo('e.g. Fulltime')}
workplace: ${todo('e.g. Onsite, Hybrid or Remote')}
posted: ${x.date}
summary: ${todo('one or two sentences shown in the list of openings')}
about: |
  TODO: the company, the team and the role, in Markdown paragraphs
responsibilities:
  - ${todo('one responsibility per item; add as many items as needed')}
experience:
  - ${todo('one requirement per item; add as many items as needed')}
open: true  # false hides the posting without deleting it
`;
}

/** content/solutions/<slug>.yaml: one item per list, to copy for each further item. */
export function solutionSkeleton(x: SkeletonInput): string {
  const name = q(x.title ?? '');
  const heading = (what: string) => todo(`the heading of the ${what} section`);
  return `# yaml-language-server: $schema=../../generator/schemas/solution.schema.json
slug: ${x.slug}
order: ${x.next}
path: /solutions/${x.slug}
name: ${name}
title: ${name}
description: ${todo('the description search engines show, 50 to 170 characters')}
card:
  heading: ${name}
  subheading: ${todo("one sentence for the solution's card on the home and solutions pages")}
  icon: ${todo("the solution's icon, images/icons/<name>.svg (see content/images/icons/)")}
hero:
  eyebrow: ${name}
  heading: ${todo("the page's main heading: the promise, in a few words")}
  text: ${todo('two or three sentences under the heading')}
  image: ${ILLUSTRATION}
  imageAlt: ${todo('what the picture shows (it is a placeholder: put yours in content/images/illustrations/ and set image)')}
features:
  heading: ${heading('features')}
  items:
    - title: ${todo("a feature's name; copy the item for each feature")}
      content: ${todo('what the feature does, in two sentences')}
      icon: ${ICON}
benefits:
  heading: ${heading('benefits')}
  items:
    - title: ${todo('a benefit, in a few words; copy the item for each benefit')}
      content: ${todo('the benefit, in one sentence')}
      icon: ${ICON}
counters:
  heading: ${todo('the heading over the numbers')}
  items:
    - value: ${todo('the number the counter reaches, e.g. 20')}
      unit: ${todo(choices('solution', 'counters', 'items', 'unit'))}
      label: ${todo('what the number measures, e.g. Less unplanned downtime')}
opportunities:
  heading: ${heading('opportunities (industries)')}
  items:
    - heading: ${todo('an industry or use the solution fits; copy the item for each')}
      icon: ${ICON}
services:
  heading: ${heading('services')}
  items:
    - heading: ${todo('a service that comes with the solution; copy the item for each')}
      subheading: ${todo('the service, in one sentence')}
      icon: ${ICON}
hardware:
  heading: ${heading('hardware')}
  items:
    - heading: ${todo("the device's name; copy the item for each device")}
      subheading: ${todo('what the device does, in one sentence')}
      image: ${HARDWARE}
      imageAlt: ${todo('what the picture shows (it is a placeholder: put the device in content/images/hardware/ and set image)')}
testimonials:
  heading: ${heading('testimonials')}
  sample: true  # true while these are sample quotes, not real customers'
  items:
    - heading: ${todo("the quote's headline")}
      content: ${todo('the quote')}
      author: ${todo("the person's name")}
      role: ${todo('their job title and company')}
`;
}

/** content/team/NN-<slug>.yaml: a leadership team member (`title` is the person's name). */
export function teamMemberSkeleton(x: SkeletonInput): string {
  return `# yaml-language-server: $schema=../../generator/schemas/team-member.schema.json
order: ${x.next}
name: ${x.title ? q(x.title) : todo('the person\'s full name')}
role: ${todo('their title, e.g. Chief Operating Officer')}
bio: ${todo('two or three sentences on what they did before and what they do here')}
photo: images/people/team-1.svg  # a placeholder: add their portrait on the admin's Photos tab and pick it here
photoAlt: ${todo('what the portrait shows, e.g. Portrait of Sophie Lavoie')}
profileUrl: ${todo('their LinkedIn profile, https://www.linkedin.com/in/…')}
`;
}

/** content/testimonials/NN-<slug>.yaml: a customer's words (`title` is the author's name), marked as a sample until they are a real customer's. */
export function testimonialSkeleton(x: SkeletonInput): string {
  return `# yaml-language-server: $schema=../../generator/schemas/testimonial.schema.json
order: ${x.next}
sample: true  # false only once these are a real customer's words, with their permission
title: ${todo('the quote\'s headline, e.g. A clearer picture of our whole fleet')}
text: ${todo('the customer\'s words, two or three sentences')}
author: ${x.title ? q(x.title) : todo('the customer\'s full name')}
role: ${todo('their title, e.g. Director of Operations')}
company: ${todo('their company\'s name')}
image: images/people/avatar-1.svg  # a placeholder: add their photo on the admin's Photos tab and pick it here
rating: 5
`;
}
