// Company pages: partnership, leadership, careers, contact, get started.
import { useEnv, usePage, type RenderEnv } from '../context.tsx';
import { Document } from '../layout/Document.tsx';
import { Html } from '../components/Media.tsx';
import { PageHero, Section, SectionHead } from '../components/Blocks.tsx';
import { LatestNews, Stars } from '../components/Cards.tsx';
import { Glyph } from '../components/SvgIcons.tsx';
import { Field, LeadForm, SelectField, TextArea } from '../components/Forms.tsx';
import { carouselLabels, sliderLabels } from '../components/labels.ts';
import { Island } from '../islands/Island.tsx';
import CardCarousel from '../islands/CardCarousel.tsx';
import LeadershipTeam from '../islands/LeadershipTeam.tsx';
import CareerJobs from '../islands/CareerJobs.tsx';
import LifeSlider from '../islands/LifeSlider.tsx';
import MapEmbed from '../islands/MapEmbed.tsx';
import GetStartedWizard from '../islands/GetStartedWizard.tsx';
import LeadFormIsland, { type FieldGroup, type FieldSpec } from '../islands/LeadForm.tsx';
import { NewsOptIn } from '../islands/lib/NewsOptIn.tsx';
import type { CareerPage, FormsCopy } from '../../generator/content/model.ts';

/** The partner form's fields in the order and groups of the page; the spec reuses the department list for several selects. */
function partnerGroups(p: FormsCopy['partner']): FieldGroup[] {
  const field = (name: keyof typeof p.fields, kind: FieldSpec['kind'], more: Partial<FieldSpec> = {}): FieldSpec => ({ name, kind, label: p.fields[name].label, placeholder: p.fields[name].placeholder, ...more });
  const list = (values: string[]) => values.map((v) => ({ value: v, label: v }));
  const departments = list(p.departments);
  return [
    { legend: p.groups.business, fields: [
      field('department', 'select', { options: departments }),
      field('businessname', 'text', { autoComplete: 'organization' }),
      field('companytype', 'select', { options: departments }),
      // Text with a URL keyboard: the spec accepts a website without http(s)://, which type=url would refuse.
      field('website', 'text', { autoComplete: 'url', inputMode: 'url' }),
      field('employees', 'select', { options: departments }),
    ] },
    { legend: p.groups.contact, fields: [
      field('firstname', 'text', { autoComplete: 'given-name' }),
      field('lastname', 'text', { autoComplete: 'family-name' }),
      field('jobtitle', 'text', { autoComplete: 'organization-title' }),
      field('email', 'email', { autoComplete: 'email' }),
      field('phonenumber', 'tel', { autoComplete: 'tel' }),
      field('country', 'select', { options: p.countries }),
      field('state', 'select', { options: list(p.states) }),
    ] },
    { legend: p.groups.other, fields: [
      field('otheremail', 'email'),
      field('otherphone', 'tel'),
      field('othercountry', 'select', { options: departments, required: false }),
      field('otherstate', 'select', { options: departments, required: false }),
      field('otherinfo', 'textarea', { rows: 4, required: false }),
    ] },
  ];
}

export function Partnership() {
  const env = useEnv();
  const { site } = env;
  const copy = usePage('partnership');
  const s = copy.sections;
  const p = site.forms.partner;
  return (
    <Document>
      <PageHero copy={copy} />
      <Section labelledBy="partner-form-heading">
        <div className="form-card">
          <SectionHead id="partner-form-heading" heading={s.form.heading} intro={s.form.intro} align="start" />
          <Island
            name="LeadForm"
            component={LeadFormIsland}
            // Plain markup that works until the visitor uses it; then React, Formik and Yup.
            hydrate="used"
            props={{
              form: 'partner', id: 'partner', endpoint: site.config.leadEndpoint, labelledBy: 'partner-form-heading', button: p.button, newsOptIn: site.forms.newsOptIn.label,
              sending: site.ui.sending, error: site.ui.formError, ok: site.ui.formOk, thanks: '/Thanks', groups: partnerGroups(p),
            }}
          />
        </div>
      </Section>
      <Section tone="tint" labelledBy="ecosystem-heading">
        <SectionHead id="ecosystem-heading" heading={s.ecosystem.heading} intro={s.ecosystem.intro} />
        <Island
          name="CardCarousel"
          component={CardCarousel}
          hydrate="visible"
          props={{ items: site.ecosystem.map((e) => ({ heading: e.title, text: e.content, icon: env.icon(e.image) })), columns: 4, labels: carouselLabels(site) }}
        />
      </Section>
    </Document>
  );
}

export function Leadership() {
  const env = useEnv();
  const { site } = env;
  const copy = usePage('leadership');
  const s = copy.sections;
  return (
    <Document>
      <PageHero copy={copy} />
      <Section labelledBy="team-heading">
        <SectionHead id="team-heading" heading={s.team.heading} intro={s.team.intro} />
        <Island
          name="LeadershipTeam"
          component={LeadershipTeam}
          // The server's markup shows the first leader chosen; React comes with the first touch,
          // and the portrait pressed before it is pressed again once it has (lib/used.ts).
          hydrate="used"
          props={{
            members: site.team.map((m) => ({ name: m.name, role: m.role, bioHtml: m.bio.html, photo: env.image(m.photo, 'portrait'), photoAlt: m.photoAlt, profileUrl: m.profileUrl, lang: env.itemLang('team', m.slug) })),
            profileLabel: site.ui.profile,
            newTab: site.ui.externalLinkNote,
          }}
        />
      </Section>
      <Section tone="tint" labelledBy="programme-heading">
        <div className="container--narrow">
          <SectionHead id="programme-heading" heading={s.programme.heading} align="start" />
          <Html html={s.programme.text.html} className="prose" />
          {s.programme.cta ? <p><a className="btn btn--primary" href={s.programme.cta.href}>{s.programme.cta.label}</a></p> : null}
        </div>
      </Section>
    </Document>
  );
}

function jobsProps(env: RenderEnv, s: CareerPage['sections']) {
  const { site } = env;
  const jobs = s.jobs;
  return {
    jobs: site.jobs.map((j) => ({
      id: j.id, title: j.title, department: j.department, category: jobs.categories[j.category] ?? j.category, level: j.level, location: j.location,
      employmentType: j.employmentType, workplace: j.workplace, summary: j.summary, aboutHtml: j.about.html,
      responsibilities: j.responsibilities, experience: j.experience, lang: env.itemLang('jobs', j.slug),
    })),
    // Categories travel by their name on this page (a job's category as shown), so no English
    // value is left in a French page's data.
    categories: Object.values(jobs.categories).map((name) => ({ value: name, label: name })),
    noJobsImage: env.image(jobs.noJobsImage, 'content'),
    endpoint: site.config.leadEndpoint,
    thanks: '/Thanks',
    labels: {
      ...jobs.filters, apply: jobs.apply, readMore: jobs.readMore, close: site.forms.job.close, noJobs: jobs.noJobs,
      about: jobs.about, responsibilities: jobs.responsibilities, experience: jobs.experience,
      form: {
        fields: site.forms.job.fields, heading: site.forms.job.heading, accommodation: withInbox(site, site.forms.job.accommodation),
        resumeHint: site.forms.job.resumeHint, button: site.forms.job.button, sending: site.ui.sending, error: site.ui.formError, ok: site.ui.formOk,
        newsOptIn: site.forms.newsOptIn.label,
      },
    },
  };
}

/** Fills in the hiring inbox (site.yaml) where job copy names it. */
function withInbox(site: RenderEnv['site'], text: string): string {
  return text.replaceAll('{hiringInbox}', site.config.hiringInbox ?? site.config.email);
}

/**
 * The application form for visitors without JavaScript (the Apply buttons link here until the
 * island takes over): a plain POST with the position chosen from the open jobs, and no file
 * input, since a résumé needs the upload; the note says where to e-mail it instead.
 */
function NoScriptApplication() {
  const { site } = useEnv();
  const j = site.forms.job;
  const f = j.fields;
  const id = 'job-nojs';
  if (!site.jobs.length) return null;
  return (
    <noscript>
      <div className="form-card careers__apply" id="job-application">
        <SectionHead id="job-application-heading" heading={j.noScriptHeading} align="start" />
        <p className="note careers__apply-note">{withInbox(site, j.noScriptResume)}</p>
        <LeadForm endpoint={site.config.leadEndpoint} form="job" labelledBy="job-application-heading">
          <div className="form-grid">
            <SelectField name="position" copy={f.position} options={site.jobs.map((x) => x.title)} idPrefix={id} />
            <Field name="fullName" copy={f.fullName} autoComplete="name" idPrefix={id} />
            <Field name="email" copy={f.email} type="email" autoComplete="email" idPrefix={id} />
            <Field name="phone" copy={f.phone} type="tel" autoComplete="tel" idPrefix={id} />
            <Field name="location" copy={f.location} required={false} idPrefix={id} />
            <Field name="company" copy={f.company} required={false} autoComplete="organization" idPrefix={id} />
            <Field name="linkedin" copy={f.linkedin} type="url" required={false} idPrefix={id} />
            <Field name="portfolio" copy={f.portfolio} type="url" required={false} idPrefix={id} />
            <Field name="website" copy={f.website} type="url" required={false} idPrefix={id} />
            <TextArea name="additionalInfo" copy={f.additionalInfo} idPrefix={id} />
          </div>
          <NewsOptIn id={`${id}-news`} label={site.forms.newsOptIn.label} />
          <p className="careers__apply-accommodation">{withInbox(site, j.accommodation)}</p>
          <button type="submit" className="btn btn--primary btn--lg">{j.button}</button>
        </LeadForm>
      </div>
    </noscript>
  );
}

export function Career() {
  const env = useEnv();
  const copy = usePage('career');
  const s = copy.sections;
  return (
    <Document>
      <PageHero copy={copy} />
      <Section labelledBy="jobs-heading">
        <SectionHead id="jobs-heading" heading={s.jobs.heading} intro={s.jobs.intro} />
        {/* Its filters, cards and buttons are the server's markup until the visitor uses them:
            a filter chosen meanwhile is handed over, a Read more or Apply pressed is pressed again. */}
        <Island name="CareerJobs" component={CareerJobs} hydrate="used" props={jobsProps(env, s)} />
        <NoScriptApplication />
        <p className="note"><Html as="span" html={s.accommodation.html} /></p>
      </Section>
      <Section tone="tint" labelledBy="life-heading">
        <SectionHead id="life-heading" heading={s.life.heading} intro={s.life.intro} />
        <Island
          name="LifeSlider"
          component={LifeSlider}
          hydrate="visible"
          props={{ slides: s.life.slides.map((x) => ({ ...x, image: env.image(x.image, 'content') })), label: s.life.heading, labels: sliderLabels(env.site) }}
        />
      </Section>
    </Document>
  );
}

export function ContactUs() {
  const env = useEnv();
  const { site } = env;
  const copy = usePage('contact-us');
  const s = copy.sections;
  const c = site.forms.contact;
  const id = 'contact';
  const map = s.map;
  return (
    <Document>
      <PageHero copy={copy}>
        <div className="rating-badge">
          <strong>{env.format.rating(s.rating.value)}</strong>
          <Stars rating={Math.round(s.rating.value)} />
          <span>{s.rating.label}</span>
        </div>
      </PageHero>
      <Section labelledBy="contact-form-heading">
        <div className="contact-layout">
          <div className="form-card">
            <h2 id="contact-form-heading" className="section-head__heading">{s.form.heading}</h2>
            <Island
              name="LeadForm"
              component={LeadFormIsland}
              // Plain markup that works until the visitor uses it; then React, Formik and Yup.
              hydrate="used"
              props={{
                form: 'contact', id, endpoint: site.config.leadEndpoint, button: s.form.button, sending: s.form.sending ?? site.ui.sending, newsOptIn: site.forms.newsOptIn.label,
                error: site.ui.formError, ok: site.ui.formOk, thanks: '/Thanks', resetOnSuccess: true,
                fields: [
                  { name: 'name', kind: 'text', ...c.fields.name, autoComplete: 'name' },
                  { name: 'phone', kind: 'tel', ...c.fields.phone, autoComplete: 'tel' },
                  { name: 'email', kind: 'email', ...c.fields.email, autoComplete: 'email' },
                  { name: 'department', kind: 'select', ...c.fields.department, options: c.sources.map((x) => ({ value: x, label: x })) },
                  { name: 'additionalInfo', kind: 'textarea', ...c.fields.additionalInfo, rows: 4, required: false },
                ],
              }}
            />
          </div>
          <aside className="contact-aside" aria-labelledby="contact-map-heading">
            <h2 id="contact-map-heading" className="card__title">{map.heading}</h2>
            <ul className="contact-list" role="list">
              <li><Glyph name="phone" /><a href={`tel:${site.config.phone.tel}`}>{site.config.phone.display}</a></li>
              <li><Glyph name="mail" /><a href={`mailto:${site.config.email}`}>{site.config.email}</a></li>
              <li><Glyph name="pin" /><span>{env.format.address(site.config.address, { country: false })}</span></li>
            </ul>
            <Island
              name="MapEmbed"
              component={MapEmbed}
              hydrate="visible"
              props={{ image: env.image(map.image, 'content'), imageAlt: map.imageAlt, embedUrl: map.embedUrl, frameTitle: map.frameTitle, button: map.button, notice: map.notice, linkUrl: map.linkUrl, linkLabel: map.linkLabel, newTab: site.ui.externalLinkNote }}
            />
          </aside>
        </div>
      </Section>
      <LatestNews heading={s.news.heading} />
    </Document>
  );
}

export function GetStarted() {
  const { site } = useEnv();
  const copy = usePage('get-started');
  const { privacy, ...w } = copy.sections.wizard;
  return (
    <Document>
      <section className="page-head page-head--wizard">
        <div className="container container--narrow">
          <h1 className="page-head__heading">{copy.heading}</h1>
          {copy.intro ? <p className="page-head__intro">{copy.intro}</p> : null}
        </div>
      </section>
      <div className="container container--narrow wizard-wrap">
        <Island
          name="GetStartedWizard"
          component={GetStartedWizard}
          props={{ copy: { ...w, privacyHtml: privacy.html }, endpoint: site.config.leadEndpoint, thanks: '/Thanks', newsOptIn: site.forms.newsOptIn.label }}
        />
      </div>
    </Document>
  );
}
