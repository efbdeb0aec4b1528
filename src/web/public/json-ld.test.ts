import { describe, expect, it } from 'vitest';
import type { PublicJob } from '../../shared/schemas/job.js';
import { NEUTRAL_SITE_SETTINGS, publicSiteOf } from '../../shared/schemas/site.js';
import { jobPostingLd, jsonLdScript, organizationLd } from './json-ld.js';

const site = publicSiteOf(
  {
    ...NEUTRAL_SITE_SETTINGS,
    companyName: { 'zh-CN': '示例公司', 'en-US': 'Example Works' },
    legalName: { 'zh-CN': '示例有限公司', 'en-US': 'Example Works Ltd.' },
    logo: '/api/File/Download/3',
    weiboUrl: 'https://weibo.com/example',
    linkedinUrl: 'https://www.linkedin.com/company/example',
  },
  'en-US',
);

const job: PublicJob = {
  id: 7,
  title: 'Solutions Engineer',
  categoryId: 1,
  categoryName: 'Sales',
  categoryNameLocale: 'en-US',
  department: 'Sales',
  location: 'Singapore Office',
  locationLocale: 'en-US',
  officeId: 4,
  officeAddress: '1 Harbour Front Avenue',
  officeAddressLocale: 'en-US',
  officeCity: 'Singapore',
  officeCityLocale: 'en-US',
  officeCountry: 'SG',
  employmentType: 'internship',
  headcount: 2,
  salaryMin: 7000,
  salaryCurrency: 'SGD',
  salaryPeriod: 'month',
  salaryMax: null,
  description: '<p>Work with customers.</p>',
  requirements: '<ul><li>English</li></ul>',
  status: 'open',
  publishedAt: '2026-11-01T00:00:00.000Z',
  closesAt: '2026-12-31T00:00:00.000Z',
  locale: 'en-US',
  imageUrl: null,
  archived: false,
  createdAt: '2026-10-30T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

describe('JobPosting structured data', () => {
  it('carries the fields job search engines require, in schema.org terms', () => {
    const ld = jobPostingLd(job, 'https://portico.example/Jobs/detail?id=7', site);
    expect(ld).toMatchObject({
      '@type': 'JobPosting',
      title: 'Solutions Engineer',
      inLanguage: 'en-US',
      datePosted: '2026-11-01T00:00:00.000Z',
      validThrough: '2026-12-31T00:00:00.000Z',
      employmentType: 'INTERN',
      hiringOrganization: { '@type': 'Organization', name: 'Example Works', legalName: 'Example Works Ltd.', logo: 'https://portico.example/api/File/Download/3', sameAs: site.sameAs },
      jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', streetAddress: '1 Harbour Front Avenue', addressLocality: 'Singapore', addressCountry: 'SG' } },
      baseSalary: { currency: 'SGD', value: { minValue: 7000, unitText: 'MONTH' } },
    });
    expect(ld.description).toContain('<ul><li>English</li></ul>');
    expect(ld.baseSalary?.value).not.toHaveProperty('maxValue');
  });

  it('takes the place from the office, else the free-text location without a guessed country, else leaves it out', () => {
    const noOffice = { ...job, officeId: null, officeAddress: null, officeCity: null, officeCountry: null, officeAddressLocale: null, officeCityLocale: null };
    expect(jobPostingLd({ ...job, officeAddress: '' }, 'https://x.example/', site).jobLocation).toEqual({
      '@type': 'Place',
      address: { '@type': 'PostalAddress', addressLocality: 'Singapore', addressCountry: 'SG' },
    });
    // No company's city is a default and no country is read from a place's name.
    expect(jobPostingLd({ ...noOffice, location: 'Singapore' }, 'https://x.example/', site).jobLocation).toEqual({
      '@type': 'Place',
      address: { '@type': 'PostalAddress', addressLocality: 'Singapore' },
    });
    expect(jobPostingLd({ ...noOffice, location: '' }, 'https://x.example/', site)).not.toHaveProperty('jobLocation');
  });

  it('says what the salary is paid for', () => {
    expect(jobPostingLd({ ...job, salaryCurrency: 'EUR', salaryPeriod: 'year' }, 'https://x.example/', site).baseSalary).toMatchObject({ currency: 'EUR', value: { unitText: 'YEAR' } });
    expect(jobPostingLd({ ...job, salaryPeriod: 'hour' }, 'https://x.example/', site).baseSalary?.value.unitText).toBe('HOUR');
  });

  it('leaves the salary out when none is given', () => {
    expect(jobPostingLd({ ...job, salaryMin: null }, 'https://x.example/', site)).not.toHaveProperty('baseSalary');
  });

  it('names a neutral site and its own address when no profile is set', () => {
    const neutral = publicSiteOf(NEUTRAL_SITE_SETTINGS, 'zh-CN');
    expect(jobPostingLd(job, 'https://x.example/Jobs/detail?id=7', neutral).hiringOrganization).toMatchObject({ name: 'Portico', sameAs: 'https://x.example' });
  });

  it('cannot close its script element early', () => {
    expect(jsonLdScript({ title: '</script><script>alert(1)</script>' })).not.toContain('</script>');
  });
});

describe('Organization structured data', () => {
  it('comes from the settings: names, logo as an absolute address, and every profile as sameAs', () => {
    expect(organizationLd(site, 'https://portico.example')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      '@id': 'https://portico.example/#organization',
      name: 'Example Works',
      legalName: 'Example Works Ltd.',
      url: 'https://portico.example/',
      logo: 'https://portico.example/api/File/Download/3',
      sameAs: ['https://weibo.com/example', 'https://www.linkedin.com/company/example'],
    });
  });
});
