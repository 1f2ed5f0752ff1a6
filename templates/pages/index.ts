// Template name (routes.ts) → page component.
import type { ComponentType } from 'react';
import type { TemplateName, TemplateProps } from '../../generator/render/routes.ts';
import { Home } from './Home.tsx';
import { SolutionsIndex, Solution } from './Solutions.tsx';
import { BlogList, BlogPost } from './Blog.tsx';
import { Partnership, Leadership, Career, ContactUs, GetStarted } from './Company.tsx';
import { Legal } from './Legal.tsx';
import { Faqs } from './Faqs.tsx';
import { ComingSoon, Thanks, NotFound } from './Simple.tsx';

export const pages: { [T in TemplateName]: ComponentType<TemplateProps[T]> } = {
  Home, SolutionsIndex, Solution, BlogList, BlogPost, Partnership, Leadership, Career,
  ContactUs, GetStarted, Legal, Faqs, ComingSoon, Thanks, NotFound,
};
