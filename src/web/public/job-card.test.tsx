import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { ReactNode } from 'react';
import { createI18n } from '../i18n/i18n.js';
import type { Locale } from '../../shared/locale.js';
import type { Job } from '../../shared/schemas/job.js';
import { useSalary } from './job-card.js';

type Salary = Pick<Job, 'salaryMin' | 'salaryMax' | 'salaryCurrency' | 'salaryPeriod'>;

function salaryIn(locale: Locale, job: Salary): string {
  const i18n = createI18n(locale);
  const wrapper = ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
  return renderHook(() => useSalary(), { wrapper }).result.current(job);
}

describe('a salary on the public site', () => {
  const sgd: Salary = { salaryMin: 7000, salaryMax: 10000, salaryCurrency: 'SGD', salaryPeriod: 'month' };

  it('names its currency in both languages, never yuan for another currency', () => {
    const zh = salaryIn('zh-CN', sgd);
    const en = salaryIn('en-US', sgd);
    for (const text of [zh, en]) {
      expect(text).toMatch(/SGD|S\$/);
      expect(text).toContain('7,000');
      expect(text).toContain('10,000');
      expect(text).not.toContain('元');
    }
    expect(zh).toContain('/月');
    expect(en).toContain('a month');
  });

  it('shows yuan as yuan, and the period the job is paid for', () => {
    expect(salaryIn('zh-CN', { ...sgd, salaryCurrency: 'CNY', salaryPeriod: 'year', salaryMax: null })).toBe('¥7,000/年起');
    expect(salaryIn('en-US', { ...sgd, salaryCurrency: 'CNY', salaryPeriod: 'hour', salaryMin: null })).toBe('Up to CN¥10,000 an hour');
  });

  it('says negotiable without figures', () => {
    expect(salaryIn('en-US', { ...sgd, salaryMin: null, salaryMax: null })).toBe('Negotiable');
  });
});
