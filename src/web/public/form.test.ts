import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../shared/api.js';
import { LOCALES } from '../../shared/locale.js';
import { contactInfoCreateSchema } from '../../shared/schemas/inquiry.js';
import publicCatalogue from '../i18n/catalogues/public.js';
import { refusalOf, validate } from './form.js';

describe("the public forms' refusals", () => {
  it.each(LOCALES)('say a network failure in %s, never "Network error"', (locale) => {
    const text = publicCatalogue[locale].form;
    const { failure } = refusalOf({ errorCode: 0, message: 'Network error', issues: [] }, text);
    expect(failure).toBe(text.network);
    expect(failure).not.toContain('Network error');
  });

  it('say a refusal with no field of its own in the page\'s language, not the server\'s words', () => {
    for (const locale of LOCALES) {
      const text = publicCatalogue[locale].form;
      const { failure } = refusalOf({ errorCode: ErrorCode.forbidden, message: 'You do not have permission to do this', issues: [] }, text);
      expect(failure).toBe(text.failed);
    }
  });

  it('put each field refusal of the server on its field by its code', () => {
    const text = publicCatalogue['zh-CN'].form;
    const { errors, failure } = refusalOf(
      {
        errorCode: ErrorCode.validation,
        message: 'message: Too big: expected string to have <=5000 characters',
        issues: [
          { path: 'message', code: 'too_big', params: { maximum: 5000, origin: 'string' }, message: 'Too big: expected string to have <=5000 characters' },
          { path: 'email', code: 'invalid_format', params: { format: 'email' }, message: 'Invalid email address' },
          { path: 'name', code: 'required', message: 'Required' },
        ],
      },
      text,
    );
    expect(errors).toEqual({ message: text.tooLong, email: text.invalidEmail, name: text.required });
    expect(failure).toBe(text.fixErrors);
  });

  it('check in the browser with the same codes the server answers', () => {
    const text = publicCatalogue['en-US'].form;
    const errors = validate(contactInfoCreateSchema, { name: 'A', email: 'not-an-address', message: 'x'.repeat(5001) }, text);
    expect(errors.email).toBe(text.invalidEmail);
    expect(errors.message).toBe(text.tooLong);
  });
});
