import type { Job } from '../../shared/schemas/job.js';
import type { News } from '../../shared/schemas/news.js';
import { plainText } from './format.js';

const ORGANIZATION = { '@type': 'Organization', name: 'Portico Technology', alternateName: '博远科技' };

/** JSON for a `<script type="application/ld+json">`, safe to place inside HTML. */
export const jsonLdScript = (value: object) => JSON.stringify(value).replace(/</g, '\\u003c');

export function newsArticleLd(news: News, url: string, publicUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: news.title.slice(0, 110),
    description: news.summary || plainText(news.content),
    datePublished: news.publishedAt,
    dateModified: news.updatedAt,
    inLanguage: news.locale,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    url,
    ...(news.coverUrl ? { image: [news.coverUrl.startsWith('/') ? publicUrl + news.coverUrl : news.coverUrl] } : {}),
    author: news.author ? { '@type': 'Person', name: news.author } : ORGANIZATION,
    publisher: { ...ORGANIZATION, logo: { '@type': 'ImageObject', url: `${publicUrl}/favicon.svg` } },
    ...(news.categoryName ? { articleSection: news.categoryName } : {}),
  };
}

const EMPLOYMENT_TYPE: Record<Job['employmentType'], string> = {
  'full-time': 'FULL_TIME',
  'part-time': 'PART_TIME',
  contract: 'CONTRACTOR',
  internship: 'INTERN',
  temporary: 'TEMPORARY',
};

const COUNTRY_OF: Record<string, string> = { singapore: 'SG', 新加坡: 'SG' };

/** schema.org JobPosting with the fields Google's job results require (title, description, datePosted, hiringOrganization, jobLocation) and the recommended ones we know. */
export function jobPostingLd(job: Job, url: string) {
  const city = job.location || 'Shanghai';
  const country = COUNTRY_OF[city.toLowerCase()] ?? 'CN';
  const currency = country === 'SG' ? 'SGD' : 'CNY';
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: job.title,
    description: `${job.description}${job.requirements ? job.requirements : ''}`,
    datePosted: job.publishedAt ?? job.createdAt,
    ...(job.closesAt ? { validThrough: job.closesAt } : {}),
    employmentType: EMPLOYMENT_TYPE[job.employmentType],
    hiringOrganization: { ...ORGANIZATION, sameAs: new URL(url).origin },
    jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: city, addressCountry: country } },
    identifier: { '@type': 'PropertyValue', name: 'Portico Technology', value: String(job.id) },
    directApply: true,
    url,
    ...(job.salaryMin !== null || job.salaryMax !== null
      ? {
          baseSalary: {
            '@type': 'MonetaryAmount',
            currency,
            value: {
              '@type': 'QuantitativeValue',
              unitText: 'MONTH',
              ...(job.salaryMin !== null ? { minValue: job.salaryMin } : {}),
              ...(job.salaryMax !== null ? { maxValue: job.salaryMax } : {}),
            },
          },
        }
      : {}),
    ...(job.department ? { industry: job.department } : {}),
    totalJobOpenings: job.headcount,
  };
}
