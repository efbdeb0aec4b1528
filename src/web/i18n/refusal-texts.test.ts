import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../shared/api.js';
import type { ErrorCodeValue } from '../../shared/api.js';
import { LOCALES } from '../../shared/locale.js';
import { PASSWORD_REFUSALS } from '../../shared/password-policy.js';
import { REFUSAL_REASONS, VALIDATION_CODES } from '../../shared/refusals.js';
import { codeKey, reasonKey } from '../admin/error-text.js';
import { addAdminCatalogue } from './admin-catalogue.js';
import publicCatalogue from './catalogues/public.js';
import { createI18n } from './i18n.js';

/**
 * Every refusal the API can answer has a text of the web app's own in both languages
 * (docs/decisions/0052). The lists come from the shared declarations, so a new code, reason or
 * issue code without a text in either catalogue fails here.
 */
describe('the texts of refusals', () => {
  const keys = [
    ...Object.values(ErrorCode)
      .filter((code) => code !== ErrorCode.ok)
      .map((code) => codeKey(code)),
    ...Object.entries(REFUSAL_REASONS).flatMap(([code, reasons]) => reasons.map((reason) => reasonKey(Number(code) as ErrorCodeValue, reason))),
    ...VALIDATION_CODES.map((code) => `errors.issues.${code}`),
    ...PASSWORD_REFUSALS.map((reason) => `passwordRules.${reason}`),
    'errors.network',
    'errors.unknown',
    'errors.invalid',
  ];

  it('derives its list from the shared declarations', () => {
    expect(keys).toContain('errors.codes.notFound');
    expect(keys).toContain('errors.conflicts.stale');
    expect(keys).toContain('errors.reasons.tooManyRequests.sign-in');
    expect(keys).toContain('errors.issues.salary_order');
    expect(keys.length).toBeGreaterThan(VALIDATION_CODES.length + 30);
  });

  it.each(LOCALES)('has a text for every error code, reason and issue code in %s', (locale) => {
    const i18n = createI18n(locale);
    addAdminCatalogue(i18n);
    const missing = keys.filter((key) => !i18n.exists(key, { ns: 'admin', lng: locale, fallbackLng: false }));
    expect(missing).toEqual([]);
  });

  it('says the limits of each kind in both languages', () => {
    for (const locale of LOCALES) {
      const i18n = createI18n(locale);
      addAdminCatalogue(i18n);
      for (const code of ['too_big', 'too_small']) {
        for (const origin of ['string', 'number', 'array']) {
          expect(i18n.exists(`errors.issues.${code}_${origin}`, { ns: 'admin', lng: locale, fallbackLng: false }), `${locale} ${code}_${origin}`).toBe(true);
        }
      }
    }
  });

  it("has the public forms' network failure in both languages, without the server's words", () => {
    for (const locale of LOCALES) {
      expect(publicCatalogue[locale].form.network).toMatch(/\S/);
      expect(publicCatalogue[locale].form.failed).not.toContain('{{message}}');
    }
  });
});
