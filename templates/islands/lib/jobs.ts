// Careers filters: choosing a department that matches a category sets the category,
// otherwise the category is All; picking a category sets the department. The list applies
// equality on department, level and location, plus the category. Pure, so it is unit-tested.

export const ALL = 'All';

export interface JobFilter { department: string; level: string; location: string; category: string }
export interface FilterableJob { department: string; level: string; location: string; category: string }

export const emptyFilter: JobFilter = { department: ALL, level: ALL, location: ALL, category: ALL };

/**
 * A job category: the value jobs carry (the schema's enum) and its name in the page's language,
 * which is what a department is called when it matches the category.
 */
export interface JobCategory { value: string; label: string }

export function changeFilter(filter: JobFilter, field: keyof JobFilter, value: string, categories: JobCategory[]): JobFilter {
  const next = { ...filter, [field]: value };
  if (field === 'department') next.category = categories.find((c) => c.label === value)?.value ?? ALL;
  if (field === 'category') next.department = categories.find((c) => c.value === value)?.label ?? value;
  return next;
}

export function matches(job: FilterableJob, f: JobFilter): boolean {
  return (f.department === ALL || job.department === f.department)
    && (f.level === ALL || job.level === f.level)
    && (f.location === ALL || job.location === f.location)
    && (f.category === ALL || job.category === f.category);
}

/** The distinct values of a field, for a filter's options. */
export function optionsOf<T extends FilterableJob>(jobs: T[], field: keyof FilterableJob): string[] {
  return [...new Set(jobs.map((j) => j[field]))].sort();
}
