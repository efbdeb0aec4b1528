import { describe, expect, it } from 'vitest';
import type { Job } from '../../shared/schemas/job.js';
import { jobPostingLd, jsonLdScript } from './json-ld.js';

const job: Job = {
  id: 7,
  title: 'Solutions Engineer',
  categoryId: 1,
  categoryName: 'Sales',
  department: 'Singapore Office',
  location: 'Singapore',
  employmentType: 'internship',
  headcount: 2,
  salaryMin: 7000,
  salaryMax: null,
  description: '<p>Work with customers.</p>',
  requirements: '<ul><li>English</li></ul>',
  status: 'open',
  publishedAt: '2026-11-01T00:00:00.000Z',
  closesAt: '2026-12-31T00:00:00.000Z',
  locale: 'en-US',
  createdAt: '2026-10-30T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

describe('JobPosting structured data', () => {
  it('carries the fields job search engines require, in schema.org terms', () => {
    const ld = jobPostingLd(job, 'https://portico.example/Jobs/detail?id=7');
    expect(ld).toMatchObject({
      '@type': 'JobPosting',
      title: 'Solutions Engineer',
      datePosted: '2026-11-01T00:00:00.000Z',
      validThrough: '2026-12-31T00:00:00.000Z',
      employmentType: 'INTERN',
      hiringOrganization: { '@type': 'Organization', name: 'Portico Technology', sameAs: 'https://portico.example' },
      jobLocation: { '@type': 'Place', address: { addressLocality: 'Singapore', addressCountry: 'SG' } },
      baseSalary: { currency: 'SGD', value: { minValue: 7000, unitText: 'MONTH' } },
    });
    expect(ld.description).toContain('<ul><li>English</li></ul>');
    expect(ld.baseSalary?.value).not.toHaveProperty('maxValue');
  });

  it('leaves the salary out when none is given', () => {
    expect(jobPostingLd({ ...job, salaryMin: null }, 'https://x.example/')).not.toHaveProperty('baseSalary');
  });

  it('cannot close its script element early', () => {
    expect(jsonLdScript({ title: '</script><script>alert(1)</script>' })).not.toContain('</script>');
  });
});
