import { describe, expect, test } from 'vitest';
import { changeFilter, emptyFilter, matches, optionsOf } from '../../../templates/islands/lib/jobs.ts';

const categories = ['Engineering', 'Marketing', 'Design', 'Sales'].map((value) => ({ value, label: value }));
const jobs = [
  { department: 'Engineering', category: 'Engineering', level: 'Junior Level', location: 'New York' },
  { department: 'Marketing', category: 'Marketing', level: 'Senior Level', location: 'San Francisco' },
  { department: 'Design', category: 'Design', level: 'Mid Level', location: 'Remote' },
];

describe('careers filters', () => {
  test('a department that matches a category sets the category; another sets it to All', () => {
    expect(changeFilter(emptyFilter, 'department', 'Design', categories)).toMatchObject({ department: 'Design', category: 'Design' });
    expect(changeFilter({ ...emptyFilter, category: 'Design' }, 'department', 'Operations', categories)).toMatchObject({ department: 'Operations', category: 'All' });
  });

  test('picking a category sets the department', () => {
    expect(changeFilter(emptyFilter, 'category', 'Marketing', categories)).toMatchObject({ department: 'Marketing', category: 'Marketing' });
  });

  test('the list applies equality on department, level and location, plus the category', () => {
    const f = changeFilter(emptyFilter, 'department', 'Engineering', categories);
    expect(jobs.filter((j) => matches(j, f))).toHaveLength(1);
    expect(jobs.filter((j) => matches(j, { ...f, location: 'Remote' }))).toHaveLength(0);
    expect(jobs.filter((j) => matches(j, emptyFilter))).toHaveLength(3);
    expect(optionsOf(jobs, 'location')).toEqual(['New York', 'Remote', 'San Francisco']);
  });
});

test('on a French page a department matches its category by the category\'s French name, and picking a category sets that name', () => {
  const french = [{ value: 'Engineering', label: 'Ingénierie' }, { value: 'Sales', label: 'Ventes' }];
  expect(changeFilter(emptyFilter, 'department', 'Ingénierie', french)).toMatchObject({ department: 'Ingénierie', category: 'Engineering' });
  expect(changeFilter(emptyFilter, 'category', 'Sales', french)).toMatchObject({ department: 'Ventes', category: 'Sales' });
});
