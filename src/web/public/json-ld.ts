import type { PublicJob } from '../../shared/schemas/job.js';
import type { PublicNews } from '../../shared/schemas/news.js';
import type { PublicSite } from '../../shared/schemas/site.js';
import { absoluteUrl } from './copy.js';
import { plainText } from './format.js';

/** The organisation as the site's settings describe it, for every structured-data node naming it. */
function organizationOf(site: PublicSite, publicUrl: string) {
  return {
    '@type': 'Organization',
    '@id': `${publicUrl}/#organization`,
    name: site.companyName,
    ...(site.legalName && site.legalName !== site.companyName ? { legalName: site.legalName } : {}),
    url: `${publicUrl}/`,
    ...(site.logo ? { logo: absoluteUrl(site.logo, publicUrl) } : {}),
  };
}

/** schema.org Organization from the settings: names, logo, contact and every profile as `sameAs`. */
export function organizationLd(site: PublicSite, publicUrl: string) {
  return {
    '@context': 'https://schema.org',
    ...organizationOf(site, publicUrl),
    ...(site.description ? { description: site.description } : {}),
    ...(site.email ? { email: site.email } : {}),
    ...(site.phone ? { telephone: site.phone } : {}),
    ...(site.address ? { address: site.address } : {}),
    ...(site.sameAs.length ? { sameAs: site.sameAs } : {}),
  };
}

/** JSON for a `<script type="application/ld+json">`, safe to place inside HTML. */
export const jsonLdScript = (value: object) => JSON.stringify(value).replace(/</g, '\\u003c');

export function newsArticleLd(news: PublicNews, url: string, publicUrl: string, site: PublicSite) {
  const organization = organizationOf(site, publicUrl);
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
    author: news.author ? { '@type': 'Person', name: news.author } : organization,
    publisher: { ...organization, logo: { '@type': 'ImageObject', url: site.logo ? absoluteUrl(site.logo, publicUrl) : `${publicUrl}/favicon.svg` } },
    ...(news.categoryName ? { articleSection: news.categoryName } : {}),
  };
}

const EMPLOYMENT_TYPE: Record<PublicJob['employmentType'], string> = {
  'full-time': 'FULL_TIME',
  'part-time': 'PART_TIME',
  contract: 'CONTRACTOR',
  internship: 'INTERN',
  temporary: 'TEMPORARY',
};

/** schema.org's `unitText` for what a salary is paid for. */
const SALARY_UNIT: Record<PublicJob['salaryPeriod'], string> = { month: 'MONTH', year: 'YEAR', hour: 'HOUR' };

/**
 * Where a job is, as a PostalAddress's parts: its office's street address, city and country
 * (docs/decisions/0058); a job without an office but with a free-text location, that text as its
 * locality and no country (none is guessed); neither, nothing.
 */
function jobPlaceOf(job: Pick<PublicJob, 'location' | 'officeId' | 'officeAddress' | 'officeCity' | 'officeCountry'>) {
  if (job.officeId !== null && job.officeCountry) {
    return {
      ...(job.officeAddress ? { streetAddress: job.officeAddress } : {}),
      ...(job.officeCity ? { addressLocality: job.officeCity } : {}),
      addressCountry: job.officeCountry,
    };
  }
  return job.location ? { addressLocality: job.location } : null;
}

/** schema.org JobPosting with the fields Google's job results require (title, description, datePosted, hiringOrganization, jobLocation) and the recommended ones we know. */
export function jobPostingLd(job: PublicJob, url: string, site: PublicSite) {
  const origin = new URL(url).origin;
  const place = jobPlaceOf(job);
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: job.title,
    // The language its texts are in: the page's, or its own when it has no translation (0054).
    inLanguage: job.locale,
    description: `${job.description}${job.requirements ? job.requirements : ''}`,
    datePosted: job.publishedAt ?? job.createdAt,
    ...(job.closesAt ? { validThrough: job.closesAt } : {}),
    employmentType: EMPLOYMENT_TYPE[job.employmentType],
    hiringOrganization: { ...organizationOf(site, origin), sameAs: site.sameAs.length ? site.sameAs : origin },
    ...(place ? { jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', ...place } } } : {}),
    identifier: { '@type': 'PropertyValue', name: site.companyName, value: String(job.id) },
    directApply: true,
    url,
    ...(job.salaryMin !== null || job.salaryMax !== null
      ? {
          baseSalary: {
            '@type': 'MonetaryAmount',
            currency: job.salaryCurrency,
            value: {
              '@type': 'QuantitativeValue',
              unitText: SALARY_UNIT[job.salaryPeriod],
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
