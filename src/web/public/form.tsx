import { useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';

import { ErrorCode } from '../../shared/api.js';
import { ApiError } from '../api/client.js';

export type FieldErrors = Record<string, string>;

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A message in the visitor's language for a field the schema or the server refused. */
export function fieldMessage(path: string, code: string | undefined, message: string, t: Translate): string {
  if (path === 'consent') return t('form.consent');
  if (path === 'resume') return /type|PDF/i.test(message) ? t('form.resumeType') : t('form.resumeRequired');
  if (code === 'too_big' || /too (big|long)|at most/i.test(message)) return t('form.tooLong');
  if (code === 'too_small' || code === 'invalid_type' || message === 'Required') {
    return path === 'email' || path === 'phone' || path === 'name' || path === 'message' || path === 'jobId' ? t('form.required') : t('form.invalid');
  }
  if (path === 'email') return t('form.invalidEmail');
  if (path === 'phone') return t('form.invalidPhone');
  return t('form.invalid');
}

/** Validates with the shared schema, so the visitor hears exactly what the server would say. */
export function validate(schema: z.ZodType, values: unknown, t: Translate): FieldErrors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors = {};
  const given = (values ?? {}) as Record<string, unknown>;
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    if (errors[path]) continue;
    const value = given[path];
    const empty = value === undefined || (typeof value === 'string' && value.trim() === '');
    errors[path] = empty && path !== 'consent' ? t('form.required') : fieldMessage(path, issue.code, issue.message, t);
  }
  return errors;
}

export interface FormState {
  sending: boolean;
  errors: FieldErrors;
  failure: string | null;
}

/**
 * Sends a public form once at a time: validation first, then the call; server refusals land on
 * their fields, throttling and other failures in one message, nothing typed is lost.
 */
export function useFormSender() {
  const { t } = useTranslation('public');
  const [state, setState] = useState<FormState>({ sending: false, errors: {}, failure: null });
  const busy = useRef(false);
  /** `check` validates (it may load the schema first); `call` sends. */
  const send = async (check: () => Promise<FieldErrors>, call: () => Promise<void>) => {
    if (busy.current) return;
    busy.current = true;
    let errors: FieldErrors;
    try {
      errors = await check();
    } finally {
      busy.current = false;
    }
    if (Object.keys(errors).length) {
      setState({ sending: false, errors, failure: t('form.fixErrors') });
      focusFirstError(errors);
      return;
    }
    busy.current = true;
    setState({ sending: true, errors: {}, failure: null });
    try {
      await call();
      setState({ sending: false, errors: {}, failure: null });
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      const serverErrors: FieldErrors = {};
      for (const issue of apiError?.issues ?? []) {
        if (issue.path && !serverErrors[issue.path]) serverErrors[issue.path] = fieldMessage(issue.path, undefined, issue.message, t);
      }
      if (apiError?.errorCode === ErrorCode.unsupportedType) serverErrors.resume = t('form.resumeType');
      if (apiError?.errorCode === ErrorCode.tooLarge) serverErrors.resume = t('form.resumeSize');
      const failure =
        apiError?.errorCode === ErrorCode.tooManyRequests
          ? t('form.tooMany')
          : apiError?.errorCode === ErrorCode.notFound
            ? t('form.jobClosed')
            : Object.keys(serverErrors).length
              ? t('form.fixErrors')
              : t('form.failed', { message: apiError?.message ?? String(error) });
      setState({ sending: false, errors: serverErrors, failure });
      focusFirstError(serverErrors);
    } finally {
      busy.current = false;
    }
  };
  return { ...state, send };
}

function focusFirstError(errors: FieldErrors) {
  const first = Object.keys(errors)[0];
  if (first && typeof document !== 'undefined') document.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
}

/** A labelled input whose error is announced with it. */
export function Field({ name, label, error, hint, children }: { name: string; label: ReactNode; error?: string; hint?: string; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={`field-${name}`}>{label}</label>
      {children}
      {hint && <p className="field-hint" id={`hint-${name}`}>{hint}</p>}
      {error && (
        <p className="field-error" id={`error-${name}`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** The props that tie an input to its label, hint and error. */
export function inputProps(name: string, errors: FieldErrors, hint = false) {
  const described = [hint ? `hint-${name}` : '', errors[name] ? `error-${name}` : ''].filter(Boolean).join(' ');
  return {
    id: `field-${name}`,
    name,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': described || undefined,
  } as const;
}

/** A field people never see or fill; robots do. */
export function Honeypot() {
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor="field-website">Website</label>
      <input id="field-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
    </div>
  );
}

/** The form's values as the schema wants them: empty optional text is left out. */
export function formValues(form: HTMLFormElement, fields: readonly string[]): Record<string, string> {
  const data = new FormData(form);
  const values: Record<string, string> = {};
  for (const name of fields) {
    const value = data.get(name);
    if (typeof value === 'string') values[name] = value;
  }
  return values;
}
