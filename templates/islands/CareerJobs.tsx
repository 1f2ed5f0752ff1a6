// /career: filters (Department, Job Level, Location, and the hidden Category coupled to the
// department), job cards, a Read more dialog per job and the application dialog. When no
// position matches (or none is open) the no-jobs picture and sentence show.
import { useCallback, useState } from 'react';
import { Dialog } from './lib/Dialog.tsx';
import { ALL, changeFilter, emptyFilter, matches, optionsOf, type JobFilter } from './lib/jobs.ts';
import type { ImageData } from '../components/views.tsx';

export interface JobView {
  id: string; title: string; department: string; category: string; level: string; location: string;
  employmentType: string; workplace: string; summary: string; aboutHtml: string; responsibilities: string[]; experience: string[];
}
export interface FieldCopy { label: string; placeholder: string }
export interface CareerLabels {
  department: string; level: string; location: string; category: string; all: string; apply: string; readMore: string; close: string;
  noJobs: string; responsibilities: string; experience: string; about: string;
  form: { fields: Record<string, FieldCopy>; heading: string; accommodation: string; button: string };
}
interface Props { jobs: JobView[]; categories: string[]; noJobsImage: ImageData; endpoint: string; labels: CareerLabels }

export default function CareerJobs({ jobs, categories, noJobsImage, endpoint, labels }: Props) {
  const [filter, setFilter] = useState<JobFilter>(emptyFilter);
  const [reading, setReading] = useState<JobView | null>(null);
  const [applying, setApplying] = useState<JobView | null>(null);
  const closeRead = useCallback(() => setReading(null), []);
  const closeApply = useCallback(() => setApplying(null), []);
  const shown = jobs.filter((j) => matches(j, filter));
  const select = (field: keyof JobFilter, label: string, values: string[], hidden = false) => (
    <label className="job-filter" hidden={hidden}>
      <span>{label}</span>
      <select value={filter[field]} onChange={(e) => setFilter(changeFilter(filter, field, e.target.value, categories))}>
        <option value={ALL}>{labels.all}</option>
        {values.map((v) => <option key={v} value={v}>{v}</option>)}
      </select>
    </label>
  );
  const f = labels.form.fields;
  const field = (name: string, type = 'text', required = true) => (
    <label className="form-field" key={name}>
      <span className="form-field__label">{f[name]?.label}</span>
      <input type={type} name={name} placeholder={f[name]?.placeholder} required={required} autoComplete={type === 'email' ? 'email' : type === 'tel' ? 'tel' : undefined} />
    </label>
  );
  return (
    <div className="careers">
      <div className="careers__filters">
        {select('department', labels.department, optionsOf(jobs, 'department'))}
        {select('level', labels.level, optionsOf(jobs, 'level'))}
        {select('location', labels.location, optionsOf(jobs, 'location'))}
        {select('category', labels.category, categories, true)}
      </div>
      {shown.length ? (
        <ul className="grid grid--3 careers__list" role="list">
          {shown.map((job) => (
            <li key={job.id} className="card job-card">
              <p className="job-card__tags"><span className="tag">{job.employmentType}</span><span className="tag">{job.workplace}</span></p>
              <h3 className="card__title">{job.title}</h3>
              <p className="job-card__meta">{job.level} · {job.location}</p>
              <p>{job.summary}</p>
              <div className="job-card__actions">
                <button type="button" className="btn btn--primary" onClick={() => setApplying(job)}>{labels.apply}<span className="visually-hidden">: {job.title}</span></button>
                <button type="button" className="btn btn--secondary" onClick={() => setReading(job)}>{labels.readMore}<span className="visually-hidden">: {job.title}</span></button>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <div className="careers__empty">
          <img src={noJobsImage.src} width={noJobsImage.width} height={noJobsImage.height} alt="" loading="lazy" />
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
              <button type="button" className="btn btn--primary" onClick={() => { setReading(null); setApplying(reading); }}>{labels.apply}</button>
              <button type="button" className="btn btn--secondary" onClick={() => setReading(null)}>{labels.close}</button>
            </div>
          </>
        ) : null}
      </Dialog>
      <Dialog open={!!applying} onClose={closeApply} labelledBy="apply-dialog-title">
        {applying ? (
          <form className="lead-form" method="post" action={endpoint} noValidate>
            <h2 id="apply-dialog-title" className="dialog__title">{labels.form.heading.replace('{title}', applying.title)}</h2>
            <input type="hidden" name="form" value="job" />
            <input type="hidden" name="position" value={applying.title} />
            <label className="form-field">
              <span className="form-field__label">{f.resume?.label}</span>
              <input type="file" name="resume" accept=".pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document" required />
            </label>
            <div className="form-grid">
              {field('fullName')}
              {field('email', 'email')}
              {field('phone', 'tel')}
              {field('location')}
              {field('company')}
              {field('linkedin', 'url')}
              {field('portfolio', 'url')}
              {field('website', 'url')}
            </div>
            <label className="form-field">
              <span className="form-field__label">{f.additionalInfo?.label}</span>
              <textarea name="additionalInfo" rows={4} placeholder={f.additionalInfo?.placeholder} />
            </label>
            <div className="honeypot" aria-hidden="true"><label>Fax<input type="text" name="fax" tabIndex={-1} autoComplete="off" /></label></div>
            <p className="note">{labels.form.accommodation}</p>
            <div className="dialog__actions">
              <button type="submit" className="btn btn--primary">{labels.form.button}</button>
              <button type="button" className="btn btn--secondary" onClick={() => setApplying(null)}>{labels.close}</button>
            </div>
          </form>
        ) : null}
      </Dialog>
    </div>
  );
}
