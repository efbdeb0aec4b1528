import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLoaderData } from 'react-router';
import type { LoaderFunctionArgs, MetaFunction } from 'react-router';
import type { Page } from '../../../shared/api.js';
import type { Job } from '../../../shared/schemas/job.js';
import { EDUCATION_LEVELS, RESUME_MAX_BYTES } from '../../../shared/choices.js';
import { api } from '../../api/client.js';
import { copyOf, pageMeta, serverContext, usePublicCopy } from '../../public/copy.js';
import { Field, Honeypot, formValues, inputProps, useFormSender, validate } from '../../public/form.js';
import type { FieldErrors } from '../../public/form.js';
import { idParam } from '../../public/pager.js';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api: serverApi } = serverContext(context);
  const jobs = await serverApi<Page<Job>>('POST', 'Job/Query', { pageSize: 100, sort: { field: 'publishedAt', order: 'desc' } });
  const open = (jobs.data?.items ?? []).map((job) => ({ id: job.id, title: job.title, location: job.location }));
  const wanted = idParam(new URL(request.url), 'jobId');
  return { jobs: open, jobId: wanted && open.some((job) => job.id === wanted) ? wanted : null };
}

export const meta: MetaFunction = ({ matches, location }) => {
  const copy = copyOf(matches);
  return pageMeta(matches, location, { title: copy.apply.title, description: copy.apply.description, keepQuery: ['jobId'] });
};

const FIELDS = ['jobId', 'name', 'phone', 'email', 'education', 'yearsOfExperience', 'coverLetter', 'website'] as const;
const RESUME_EXTENSIONS = /\.(pdf|docx?|PDF|DOCX?)$/;

export default function ApplyNow() {
  const { jobs, jobId } = useLoaderData<typeof loader>();
  const copy = usePublicCopy();
  const { t } = useTranslation('public');
  const { sending, errors, failure, send } = useFormSender();
  const [progress, setProgress] = useState<number | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values: Record<string, unknown> = formValues(form, FIELDS);
    const consent = (form.elements.namedItem('consent') as HTMLInputElement).checked;
    const resume = (form.elements.namedItem('resume') as HTMLInputElement).files?.[0];
    const check = async () => {
      const { jobApplicationCreateSchema } = await import('../../../shared/schemas/job-application.js');
      const problems: FieldErrors = validate(jobApplicationCreateSchema, { ...values, consent: consent ? 'true' : 'false', website: values.website || undefined }, t);
      if (!resume) problems.resume = t('form.resumeRequired');
      else if (resume.size > RESUME_MAX_BYTES) problems.resume = t('form.resumeSize');
      else if (!RESUME_EXTENSIONS.test(resume.name)) problems.resume = t('form.resumeType');
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
      } finally {
        setProgress(null);
      }
      setSentTo(String(values.email));
      form.reset();
    });
  };

  if (sentTo) {
    return (
      <main className="container article">
        <div className="notice success" role="status">
          <h1>{copy.apply.successTitle}</h1>
          <p>{t('apply.success', { email: sentTo })}</p>
        </div>
        <div className="actions">
          <Link className="button" to="/Jobs">
            {copy.apply.another}
          </Link>
        </div>
      </main>
    );
  }

  return (
    <main className="container">
      <h1>{copy.apply.title}</h1>
      {jobs.length === 0 ? (
        <p>{copy.apply.noJobs}</p>
      ) : (
        <form className="form" method="post" action="/api/JobApplication" encType="multipart/form-data" noValidate onSubmit={onSubmit}>
          {failure && (
            <p className="notice error" role="alert">
              {failure}
            </p>
          )}
          <Field name="jobId" label={copy.apply.job} error={errors.jobId}>
            <select {...inputProps('jobId', errors)} defaultValue={jobId ?? ''} required>
              <option value="">{copy.apply.chooseJob}</option>
              {jobs.map((job) => (
                <option key={job.id} value={job.id}>
                  {job.location ? `${job.title} · ${job.location}` : job.title}
                </option>
              ))}
            </select>
          </Field>
          <Field name="name" label={copy.apply.name} error={errors.name}>
            <input {...inputProps('name', errors)} type="text" autoComplete="name" required maxLength={100} />
          </Field>
          <Field name="phone" label={copy.apply.phone} error={errors.phone}>
            <input {...inputProps('phone', errors)} type="tel" autoComplete="tel" required maxLength={30} />
          </Field>
          <Field name="email" label={copy.apply.email} error={errors.email}>
            <input {...inputProps('email', errors)} type="email" autoComplete="email" required maxLength={100} />
          </Field>
          <Field name="education" label={`${copy.apply.education} (${copy.apply.optional})`} error={errors.education}>
            <select {...inputProps('education', errors)} defaultValue="">
              <option value="">—</option>
              {EDUCATION_LEVELS.map((level) => (
                <option key={level} value={level}>
                  {copy.apply.educationLevels[level]}
                </option>
              ))}
            </select>
          </Field>
          <Field name="yearsOfExperience" label={`${copy.apply.yearsOfExperience} (${copy.apply.optional})`} error={errors.yearsOfExperience}>
            <input {...inputProps('yearsOfExperience', errors)} type="number" min={0} max={70} inputMode="numeric" />
          </Field>
          <Field name="coverLetter" label={copy.apply.coverLetter} error={errors.coverLetter}>
            <textarea {...inputProps('coverLetter', errors)} maxLength={5000} />
          </Field>
          <Field name="resume" label={copy.apply.resume} error={errors.resume} hint={copy.apply.resumeHint}>
            <input {...inputProps('resume', errors, true)} type="file" required accept=".pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document" />
          </Field>
          <div className="field">
            <div className="check">
              <input {...inputProps('consent', errors)} type="checkbox" value="true" required />
              <label htmlFor="field-consent">
                {copy.apply.consent} <Link to="/privacy" target="_blank">{copy.apply.privacy}</Link>
              </label>
            </div>
            {errors.consent && (
              <p className="field-error" id="error-consent" role="alert">
                {errors.consent}
              </p>
            )}
          </div>
          <Honeypot />
          {progress !== null && (
            <div role="status">
              <p>{t('apply.uploading', { percent: progress })}</p>
              <progress max={100} value={progress} aria-label={copy.apply.resume} />
            </div>
          )}
          <div>
            <button type="submit" className="button" disabled={sending}>
              {sending ? copy.apply.sending : copy.apply.submit}
            </button>
          </div>
        </form>
      )}
    </main>
  );
}
