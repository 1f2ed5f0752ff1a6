// /career: filters (Department, Job Level, Location, and the hidden Category coupled to the
// department), job cards, a Read more dialog per job and the application dialog (its form is
// lib/JobApplicationForm.tsx). When no position matches (or none is open) the no-jobs picture
// and sentence show. Filters chosen before hydration are applied once it has hydrated (the
// first render must list every job, as the server did).
// The application form (and Formik and Yup with it) is not in the code that hydrates the list:
// it is imported when Apply is pressed (from the press's start, pointerdown), and the dialog
// opens once it is in, so focus moves into a complete form as before.
import { useCallback, useEffect, useState } from 'react';
import { Dialog } from './lib/Dialog.tsx';
import type { JobFormCopy } from './lib/JobApplicationForm.tsx';
import { ALL, changeFilter, emptyFilter, matches, optionsOf, type JobCategory, type JobFilter } from './lib/jobs.ts';
import type { ImageData } from '../components/views.tsx';
import { prefilledText, usePrefill } from './lib/prefill.ts';
import { colon, type LocaleProp } from './lib/locale.tsx';
import { Picture } from '../components/Picture.tsx';

export interface JobView {
  id: string; title: string; department: string; category: string; level: string; location: string;
  employmentType: string; workplace: string; summary: string; aboutHtml: string; responsibilities: string[]; experience: string[];
  /** Set when a page of another language shows this job untranslated (en-CA). */
  lang?: string;
}
export interface CareerLabels {
  department: string; level: string; location: string; category: string; all: string; apply: string; readMore: string; close: string;
  noJobs: string; responsibilities: string; experience: string; about: string;
  form: JobFormCopy;
}
interface Props extends LocaleProp { jobs: JobView[]; categories: JobCategory[]; noJobsImage: ImageData; endpoint: string; thanks: string; labels: CareerLabels }

const same = (value: string) => ({ value, label: value });

type JobForm = typeof import('./lib/JobApplicationForm.tsx')['JobApplicationForm'];
let jobForm: Promise<JobForm> | null = null;
/** The application form's code, imported once (again after a failure). */
function loadJobForm(): Promise<JobForm> {
  jobForm ??= import('./lib/JobApplicationForm.tsx').then((m) => m.JobApplicationForm, (error: unknown) => {
    jobForm = null;
    throw error;
  });
  return jobForm;
}

export default function CareerJobs({ jobs, categories, noJobsImage, endpoint, thanks, labels, locale }: Props) {
  const named = (title: string) => <span className="visually-hidden">{colon(locale)}{title}</span>;
  const [live, setLive] = useState(false);
  const [filter, setFilter] = useState<JobFilter>(emptyFilter);
  const prefill = usePrefill();
  useEffect(() => {
    setLive(true);
    setFilter((f) => (Object.keys(f) as (keyof JobFilter)[]).reduce((next, field) => {
      const chosen = prefilledText(prefill, field);
      return chosen === undefined ? next : changeFilter(next, field, chosen, categories);
    }, f));
  }, []);
  const [reading, setReading] = useState<JobView | null>(null);
  const [applying, setApplying] = useState<JobView | null>(null);
  const [JobApplicationForm, setJobApplicationForm] = useState<JobForm | null>(null);
  const apply = useCallback((job: JobView) => {
    loadJobForm().then((form) => {
      setJobApplicationForm(() => form);
      setApplying(job);
    }, (error: unknown) => console.error('[island CareerJobs] could not load the application form:', error));
  }, []);
  const closeRead = useCallback(() => setReading(null), []);
  const closeApply = useCallback(() => setApplying(null), []);
  const shown = jobs.filter((j) => matches(j, filter));
  const select = (field: keyof JobFilter, label: string, values: { value: string; label: string }[], hidden = false) => (
    <label className="job-filter" hidden={hidden}>
      <span>{label}</span>
      {/* No form restore: put back on Back over a list the island (hydrated on use) has not
          filtered yet, a chosen location had shown above every job. */}
      <select name={field} autoComplete="off" value={filter[field]} onChange={(e) => setFilter(changeFilter(filter, field, e.target.value, categories))}>
        <option value={ALL}>{labels.all}</option>
        {values.map((v) => <option key={v.value} value={v.value}>{v.label}</option>)}
      </select>
    </label>
  );
  return (
    <div className="careers">
      <div className="careers__filters">
        {select('department', labels.department, optionsOf(jobs, 'department').map(same))}
        {select('level', labels.level, optionsOf(jobs, 'level').map(same))}
        {select('location', labels.location, optionsOf(jobs, 'location').map(same))}
        {select('category', labels.category, categories, true)}
      </div>
      {shown.length ? (
        <ul className="grid grid--3 careers__list" role="list">
          {shown.map((job) => (
            <li key={job.id} className="card job-card" lang={job.lang}>
              <p className="job-card__tags"><span className="tag">{job.employmentType}</span><span className="tag">{job.workplace}</span></p>
              <h3 className="card__title">{job.title}</h3>
              <p className="job-card__meta">{job.level} · {job.location}</p>
              <p>{job.summary}</p>
              <div className="job-card__actions">
                {/* Until the island is live, a visitor without JavaScript gets a link to the plain
                    application form under the list (Career page) and one with it the button, which
                    CSS alone tells apart (`scripting`): the island hydrates only once used,
                    and an Apply pressed before that is pressed again once it has (lib/used.ts). */}
                {live ? null : <a key="apply-link" className="btn btn--primary without-script" href="#job-application">{labels.apply}{named(job.title)}</a>}
                <button key="apply" type="button" className="btn btn--primary with-script" onPointerDown={() => void loadJobForm().catch(() => undefined)} onClick={() => apply(job)}>{labels.apply}{named(job.title)}</button>
                <button key="read" type="button" className="btn btn--secondary" onClick={() => setReading(job)}>{labels.readMore}{named(job.title)}</button>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <div className="careers__empty">
          <Picture image={noJobsImage} alt="" />
          <p>{labels.noJobs}</p>
        </div>
      )}
      <Dialog open={!!reading} onClose={closeRead} labelledBy="job-dialog-title">
        {reading ? (
          <>
            <p className="job-card__tags"><span className="tag">{reading.employmentType}</span><span className="tag">{reading.workplace}</span><span className="tag">{reading.level}</span></p>
            <h2 id="job-dialog-title" className="dialog__title">{reading.title}</h2>
            <h3>{labels.about}</h3>
            <div className="prose" dangerouslySetInnerHTML={{ __html: reading.aboutHtml }} />
            <h3>{labels.responsibilities}</h3>
            <ul>{reading.responsibilities.map((r) => <li key={r}>{r}</li>)}</ul>
            <h3>{labels.experience}</h3>
            <ul>{reading.experience.map((r) => <li key={r}>{r}</li>)}</ul>
            <div className="dialog__actions">
              <button type="button" className="btn btn--primary" onClick={() => { setReading(null); apply(reading); }}>{labels.apply}</button>
              <button type="button" className="btn btn--secondary" onClick={() => setReading(null)}>{labels.close}</button>
            </div>
          </>
        ) : null}
      </Dialog>
      <Dialog open={!!applying} onClose={closeApply} labelledBy="apply-dialog-title">
        {applying && JobApplicationForm ? <JobApplicationForm position={applying.title} endpoint={endpoint} thanks={thanks} copy={labels.form} close={labels.close} onClose={closeApply} locale={locale} /> : null}
      </Dialog>
    </div>
  );
}
