import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Job, PublicJob } from '../../shared/schemas/job.js';
import type { Locale } from '../../shared/locale.js';
import { jobDetailPath } from '../../shared/paths.js';
import { useLocalePath } from './copy.js';
import { formatDate, formatMoney } from './format.js';
import { InLanguage } from './in-language.js';

export function useSalary() {
  const { t, i18n } = useTranslation('public');
  return (job: Pick<Job, 'salaryMin' | 'salaryMax' | 'salaryCurrency' | 'salaryPeriod'>) => {
    const locale = i18n.language as Locale;
    const min = job.salaryMin === null ? null : formatMoney(job.salaryMin, job.salaryCurrency, locale);
    const max = job.salaryMax === null ? null : formatMoney(job.salaryMax, job.salaryCurrency, locale);
    const period = job.salaryPeriod;
    if (min && max) return t(`jobs.salaryRange.${period}`, { min, max });
    if (min) return t(`jobs.salaryFrom.${period}`, { min });
    if (max) return t(`jobs.salaryUpTo.${period}`, { max });
    return t('jobs.negotiable');
  };
}

/** What a list of jobs shows of each: lists ask for these fields only (`fields` in the query). */
export const JOB_CARD_FIELDS = ['title', 'location', 'locationLocale', 'department', 'employmentType', 'salaryMin', 'salaryMax', 'salaryCurrency', 'salaryPeriod', 'publishedAt', 'locale'] as const;
export type JobCard = Pick<PublicJob, 'id' | (typeof JOB_CARD_FIELDS)[number]>;

export function JobItem({ job, locale }: { job: JobCard; locale: Locale }) {
  const { t } = useTranslation('public');
  const salary = useSalary();
  const to = useLocalePath();
  return (
    <li>
      <h3>
        <Link to={to(jobDetailPath(job.id))}>
          <InLanguage lang={job.locale}>{job.title}</InLanguage>
        </Link>
      </h3>
      <p className="meta">
        {job.location && (
          <span>
            <InLanguage lang={job.locationLocale}>{job.location}</InLanguage>
          </span>
        )}
        {job.department && (
          <span>
            <InLanguage lang={job.locale}>{job.department}</InLanguage>
          </span>
        )}
        <span>{t(`jobs.types.${job.employmentType}`)}</span>
        <span>{salary(job)}</span>
        <time dateTime={job.publishedAt ?? undefined}>{formatDate(job.publishedAt, locale)}</time>
      </p>
    </li>
  );
}
