import { useState } from 'react';
import type { FormEvent } from 'react';
import { EDUCATION_LEVELS, RESUME_MAX_BYTES } from '../../shared/choices.js';
import { api } from '../api/client.js';
import type { PublicCopy } from './copy.js';
import { fill } from './fill.js';
import { FailureNotice, Field, Honeypot, PrivacyVersionInput, SubmitButton, adoptCurrentNotice, formValues, inputProps, postedValues, useFormSender, validate } from './form.js';
import type { FieldErrors, FormText, PostedForm } from './form.js';

/**
 * The text fields sent to `POST JobApplication` with the `resume` file, by their API names; the
 * consent box is sent as `consent=true` when ticked. The page's action reads the same.
 */
export const APPLICATION_FIELDS = ['jobId', 'name', 'phone', 'email', 'education', 'yearsOfExperience', 'coverLetter', 'privacyVersion', 'locale', 'website'] as const;
const RESUME_EXTENSIONS = /\.(pdf|docx?)$/i;
const RESUME_ACCEPT = '.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export interface ApplicationFormProps {
  /** The open jobs to choose from, and the one the visitor came from, if any. */
  jobs: { id: number; title: string; location: string | null }[];
  jobId: number | null;
  text: { apply: PublicCopy['apply']; form: FormText };
  /** The page's own address, with its query: without JavaScript the form is posted there. */
  action: string;
  posted?: PostedForm;
  /** The privacy notice's current version, sent with the form. */
  privacyVersion?: number;
  /** The jobs list and the privacy notice in the page's language (`/en/Jobs` on `/en/ApplyNow`). */
  links: { jobs: string; privacy: string };
  /** The page's language, sent with the form: the applicant is later written to in it (docs/decisions/0056). */
  locale?: string;
}

/**
 * The job application, an island of `/ApplyNow`: the shared schema checks the fields, the résumé's
 * size and kind are checked before it is sent, and the upload shows its progress. Without
 * JavaScript it is a plain multipart form posted to its page, which answers with `posted`.
 */
export function ApplicationForm({ jobs, jobId, text, action, posted, privacyVersion, links, locale }: ApplicationFormProps) {
  const { apply } = text;
  const { sending, errors, failure, send } = useFormSender(text.form, posted);
  const [progress, setProgress] = useState<number | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(posted?.sent ? (posted.email ?? '') : null);
  const values = postedValues(posted);
  // A refused post comes back without its file: a browser cannot put one into a file input.
  const resumeHint = posted && !posted.sent ? [text.form.resumeAgain, apply.resumeHint] : apply.resumeHint;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values: Record<string, unknown> = formValues(form, APPLICATION_FIELDS);
    const consent = (form.elements.namedItem('consent') as HTMLInputElement).checked;
    const resume = (form.elements.namedItem('resume') as HTMLInputElement).files?.[0];
    const check = async () => {
      const { jobApplicationCreateSchema } = await import('../../shared/schemas/job-application.js');
      const problems: FieldErrors = validate(jobApplicationCreateSchema, { ...values, consent: consent ? 'true' : 'false', website: values.website || undefined }, text.form);
      if (!resume) problems.resume = text.form.resumeRequired;
      else if (resume.size > RESUME_MAX_BYTES) problems.resume = text.form.resumeSize;
      else if (!RESUME_EXTENSIONS.test(resume.name)) problems.resume = text.form.resumeType;
      return problems;
    };
    void send(check, async () => {
      const body = new FormData();
      for (const [name, value] of Object.entries(values)) if (value !== '') body.set(name, String(value));
      body.set('consent', 'true');
      body.set('resume', resume!);
      setProgress(0);
      try {
        await api('JobApplication', { form: body, onUploadProgress: (fraction) => setProgress(Math.round(fraction * 100)) });
      } catch (error) {
        adoptCurrentNotice(form, error);
        throw error;
      } finally {
        setProgress(null);
      }
      setSentTo(String(values.email));
      form.reset();
    });
  };

  if (sentTo !== null) {
    return (
      <div className="article">
        <div className="notice success" role="status">
          <h2>{apply.successTitle}</h2>
          <p>{fill(apply.success, { email: sentTo })}</p>
        </div>
        <div className="actions">
          <a className="button" href={links.jobs}>
            {apply.another}
          </a>
        </div>
      </div>
    );
  }
  if (jobs.length === 0) return <p>{apply.noJobs}</p>;
  return (
    <form className="form" method="post" action={action} encType="multipart/form-data" noValidate onSubmit={onSubmit}>
      <FailureNotice failure={failure} />
      <Field name="jobId" label={apply.job} error={errors.jobId}>
        <select {...inputProps('jobId', errors)} defaultValue={values.jobId ?? jobId ?? ''} required>
          <option value="">{apply.chooseJob}</option>
          {jobs.map((job) => (
            <option key={job.id} value={job.id}>
              {job.location ? `${job.title} · ${job.location}` : job.title}
            </option>
          ))}
        </select>
      </Field>
      <Field name="name" label={apply.name} error={errors.name}>
        <input {...inputProps('name', errors)} defaultValue={values.name} type="text" autoComplete="name" required maxLength={100} />
      </Field>
      <Field name="phone" label={apply.phone} error={errors.phone}>
        <input {...inputProps('phone', errors)} defaultValue={values.phone} type="tel" autoComplete="tel" required maxLength={30} />
      </Field>
      <Field name="email" label={apply.email} error={errors.email}>
        <input {...inputProps('email', errors)} defaultValue={values.email} type="email" autoComplete="email" required maxLength={100} />
      </Field>
      <Field name="education" label={`${apply.education} (${apply.optional})`} error={errors.education}>
        <select {...inputProps('education', errors)} defaultValue={values.education ?? ''}>
          <option value="">—</option>
          {EDUCATION_LEVELS.map((level) => (
            <option key={level} value={level}>
              {apply.educationLevels[level]}
            </option>
          ))}
        </select>
      </Field>
      <Field name="yearsOfExperience" label={`${apply.yearsOfExperience} (${apply.optional})`} error={errors.yearsOfExperience}>
        <input {...inputProps('yearsOfExperience', errors)} defaultValue={values.yearsOfExperience} type="number" min={0} max={70} inputMode="numeric" />
      </Field>
      <Field name="coverLetter" label={apply.coverLetter} error={errors.coverLetter}>
        <textarea {...inputProps('coverLetter', errors)} defaultValue={values.coverLetter} maxLength={5000} />
      </Field>
      <Field name="resume" label={apply.resume} error={errors.resume} hint={resumeHint}>
        <input {...inputProps('resume', errors, true)} type="file" required accept={RESUME_ACCEPT} />
      </Field>
      <div className="field">
        <div className="check">
          <input {...inputProps('consent', errors)} type="checkbox" value="true" defaultChecked={values.consent === 'true'} required />
          <label htmlFor="field-consent">
            {apply.consent}{' '}
            <a href={links.privacy} target="_blank">
              {apply.privacy}
            </a>
          </label>
        </div>
        {errors.consent && (
          <p className="field-error" id="error-consent" role="alert">
            {errors.consent}
          </p>
        )}
      </div>
      <PrivacyVersionInput version={privacyVersion} />
      {locale && <input type="hidden" name="locale" value={locale} />}
      <Honeypot />
      {progress !== null && (
        <div role="status">
          <p>{fill(apply.uploading, { percent: progress })}</p>
          <progress max={100} value={progress} aria-label={apply.resume} />
        </div>
      )}
      <SubmitButton sending={sending} label={apply.submit} sendingLabel={apply.sending} />
    </form>
  );
}
