import { Fragment, useEffect, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import type { z } from 'zod';

import { ErrorCode } from '../../shared/api.js';
import type { ValidationIssue } from '../../shared/api.js';
import { ApiError, api } from '../api/client.js';
import type { PublicCopy } from './copy.js';

export type FieldErrors = Record<string, string>;

/**
 * The form messages of the visitor's language. The forms are islands hydrated without i18next (see
 * docs/decisions/0010-public-islands.md), so they get their texts as data, not through a hook.
 */
export type FormText = PublicCopy['form'];

/**
 * What a form posted without JavaScript came back with (its page's action): the page renders the
 * form from it, sent or refused with the visitor's values and the reasons. Never a file: a browser
 * cannot put one back into a file input.
 */
export type PostedForm =
  | { sent: true; email?: string }
  | { sent: false; values: Record<string, string>; errors: FieldErrors; failure: string };

/**
 * A message in the visitor's language for a field the schema or the server refused, chosen by the
 * refusal's code (zod's, or the API's issue code, docs/decisions/0052), never by its English words.
 */
export function fieldMessage(path: string, code: string | undefined, text: FormText): string {
  if (path === 'consent') return text.consent;
  if (path === 'resume') return text.resumeRequired;
  if (code === 'too_big') return text.tooLong;
  if (code === 'required' || code === 'too_small' || code === 'invalid_type') {
    return path === 'email' || path === 'phone' || path === 'name' || path === 'message' || path === 'jobId' ? text.required : text.invalid;
  }
  if (path === 'email') return text.invalidEmail;
  if (path === 'phone') return text.invalidPhone;
  return text.invalid;
}

/** The code of a zod issue as the API would answer it: a refinement's own name, else zod's. */
const codeOfLocal = (issue: z.core.$ZodIssue) =>
  issue.code === 'custom' && typeof issue.params?.code === 'string' ? issue.params.code : issue.code;

/** Validates with the shared schema, so the visitor hears exactly what the server would say. */
export function validate(schema: z.ZodType, values: unknown, text: FormText): FieldErrors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors = {};
  const given = (values ?? {}) as Record<string, unknown>;
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    if (errors[path]) continue;
    const value = given[path];
    const empty = value === undefined || (typeof value === 'string' && value.trim() === '');
    errors[path] = empty && path !== 'consent' ? text.required : fieldMessage(path, codeOfLocal(issue), text);
  }
  return errors;
}

/** A refusal as the API answers it (an ApiError in the browser, the envelope on the server). */
export interface ApiRefusal {
  errorCode: number;
  message: string;
  issues: readonly ValidationIssue[];
  /** The envelope's `data`, whose `reason` names a conflict. */
  data?: unknown;
}

/**
 * Why the server refused a form, in the visitor's language: each field's reason on the field,
 * throttling and other failures in one message. `values` (what was sent) tells an empty field, which
 * is asked for rather than called invalid, as `validate` does.
 */
export function refusalOf(refused: ApiRefusal, text: FormText, values: Record<string, unknown> = {}): { errors: FieldErrors; failure: string } {
  const errors: FieldErrors = {};
  for (const issue of refused.issues) {
    if (!issue.path || errors[issue.path]) continue;
    const value = values[issue.path];
    errors[issue.path] = typeof value === 'string' && value.trim() === '' ? text.required : fieldMessage(issue.path, issue.code, text);
  }
  if (refused.errorCode === ErrorCode.unsupportedType) errors.resume = text.resumeType;
  if (refused.errorCode === ErrorCode.tooLarge) errors.resume = text.resumeSize;
  const reason = (refused.data as { reason?: unknown } | null | undefined)?.reason;
  return { errors, failure: failureOf(refused.errorCode, reason, Object.keys(errors).length > 0, text) };
}

/** The one message above a refused form, by the refusal's code; never the server's English words. */
function failureOf(errorCode: number, reason: unknown, onFields: boolean, text: FormText): string {
  // The call never reached the server (the API client's code for a network failure).
  if (errorCode === 0) return text.network;
  if (errorCode === ErrorCode.tooManyRequests) return text.tooMany;
  if (errorCode === ErrorCode.notFound) return text.jobClosed;
  if (errorCode === ErrorCode.conflict && reason === 'stale-privacy-notice') return text.privacyChanged;
  if (errorCode === ErrorCode.unexpected || errorCode === ErrorCode.databaseUnavailable) return text.unavailable;
  return onFields ? text.fixErrors : text.failed;
}

/** The values a refused post brings back, to fill the form with; nothing for a fresh form. */
export function postedValues(posted: PostedForm | undefined): Record<string, string> {
  return posted && !posted.sent ? posted.values : {};
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
export function useFormSender(text: FormText, posted?: PostedForm) {
  const [state, setState] = useState<FormState>(() =>
    posted && !posted.sent ? { sending: false, errors: posted.errors, failure: posted.failure } : { sending: false, errors: {}, failure: null },
  );
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
      setState({ sending: false, errors, failure: text.fixErrors });
      focusFirstError(errors);
      return;
    }
    busy.current = true;
    setState({ sending: true, errors: {}, failure: null });
    try {
      await call();
      setState({ sending: false, errors: {}, failure: null });
    } catch (error) {
      const refused = error instanceof ApiError ? error : { errorCode: ErrorCode.unexpected, message: String(error), issues: [] };
      const { errors: serverErrors, failure } = refusalOf(refused, text);
      setState({ sending: false, errors: serverErrors, failure });
      focusFirstError(serverErrors);
    } finally {
      busy.current = false;
    }
  };
  return { ...state, send };
}

/**
 * A public form sent as JSON (contact, join-us): its named fields are collected, checked with the
 * schema (loaded on first submit), sent to `path`, and the form is emptied once the server took it.
 */
export function useJsonForm({
  path,
  fields,
  schema,
  text,
  posted,
}: {
  path: string;
  fields: readonly string[];
  schema: () => Promise<z.ZodType>;
  text: FormText;
  posted?: PostedForm;
}) {
  const { send, ...state } = useFormSender(text, posted);
  const [done, setDone] = useState(posted?.sent ?? false);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = formValues(form, fields);
    if (!values.website) delete values.website;
    void send(async () => validate(await schema(), values, text), async () => {
      await api(path, { body: values }).catch((error: unknown) => {
        adoptCurrentNotice(form, error);
        throw error;
      });
      form.reset();
      setDone(true);
    });
  };
  return { ...state, done, onSubmit, again: () => setDone(false) };
}

/**
 * What a visitor sees once the server has their message, with a way to write another: a link to the
 * empty form, which the island turns into showing the form again in place.
 */
export function SentNotice({ title, text, again, href, onAgain }: { title: string; text: string; again: string; href: string; onAgain: () => void }) {
  return (
    <div className="notice success" role="status">
      <strong>{title}</strong>
      <p>{text}</p>
      <a
        className="button secondary"
        href={href}
        onClick={(event) => {
          event.preventDefault();
          onAgain();
        }}
      >
        {again}
      </a>
    </div>
  );
}

/** Why the form was not sent, announced at the top of the form; nothing when it is fine. */
export function FailureNotice({ failure }: { failure: string | null | undefined }) {
  if (!failure) return null;
  return (
    <p className="notice error" role="alert">
      {failure}
    </p>
  );
}

/** The form's one submit button, disabled and relabelled while the form is being sent. */
export function SubmitButton({ sending, label, sendingLabel }: { sending: boolean; label: string; sendingLabel: string }) {
  return (
    <div>
      <button type="submit" className="button" disabled={sending}>
        {sending ? sendingLabel : label}
      </button>
    </div>
  );
}

function focusFirstError(errors: FieldErrors) {
  const first = Object.keys(errors)[0];
  if (first && typeof document !== 'undefined') document.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
}

/** A labelled input whose error is announced with it. */
export function Field({ name, label, error, hint, children }: { name: string; label: ReactNode; error?: string; hint?: string | readonly string[]; children: ReactNode }) {
  const hints = typeof hint === 'string' ? [hint] : (hint ?? []);
  return (
    <div className="field">
      <label htmlFor={`field-${name}`}>{label}</label>
      {children}
      {hints.length > 0 && (
        <p className="field-hint" id={`hint-${name}`}>
          {hints.map((line, index) => (
            <Fragment key={line}>
              {index > 0 && <br />}
              {line}
            </Fragment>
          ))}
        </p>
      )}
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
      {/* Hidden from people (and from screen readers, by aria-hidden); should anyone reach it, the label says to leave it empty. */}
      <label htmlFor="field-website">请勿填写此项 / Leave this field empty</label>
      <input id="field-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
    </div>
  );
}

/** The event by which a form takes the privacy notice's current version (`adoptCurrentNotice`). */
const NOTICE_VERSION_EVENT = 'portico:privacy-version';

/**
 * The privacy notice's version the page showed, sent with the form; a submission after a newer one
 * was published is refused, so the visitor reads the current one (docs/decisions/0045). The version
 * is the component's state: a hidden input's value follows its attribute, which React writes again
 * on every render, so the input cannot simply be changed in place.
 */
export function PrivacyVersionInput({ version }: { version: number | undefined }) {
  const [current, setCurrent] = useState(version);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const form = input.current?.form;
    if (!form) return;
    const adopt = (event: Event) => setCurrent((event as CustomEvent<number>).detail);
    form.addEventListener(NOTICE_VERSION_EVENT, adopt);
    return () => form.removeEventListener(NOTICE_VERSION_EVENT, adopt);
  }, []);
  return current === undefined ? null : <input ref={input} type="hidden" name="privacyVersion" value={current} />;
}

/**
 * A refusal because the privacy notice changed while the form was open: the form takes the current
 * version and its consent box is cleared, so the visitor reads the new notice (the message says so),
 * agrees again and sends, keeping everything typed. Any other error passes through untouched.
 */
export function adoptCurrentNotice(form: HTMLFormElement, error: unknown): void {
  if (!(error instanceof ApiError) || error.errorCode !== ErrorCode.conflict) return;
  const data = error.data as { reason?: unknown; version?: unknown } | null | undefined;
  if (data?.reason !== 'stale-privacy-notice' || typeof data.version !== 'number') return;
  const version = form.elements.namedItem('privacyVersion');
  // Set at once, for a send that follows before React renders; the event keeps it through renders.
  if (version instanceof HTMLInputElement) version.value = String(data.version);
  form.dispatchEvent(new CustomEvent(NOTICE_VERSION_EVENT, { detail: data.version }));
  const consent = form.elements.namedItem('consent');
  if (consent instanceof HTMLInputElement) consent.checked = false;
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
