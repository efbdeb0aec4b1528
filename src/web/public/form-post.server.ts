import { data } from 'react-router';
import type { ActionFunctionArgs } from 'react-router';
import { ErrorCode, httpStatusOf } from '../../shared/api.js';
import type { ErrorCodeValue, ValidationIssue } from '../../shared/api.js';
import { RESUME_MAX_BYTES } from '../../shared/choices.js';
import publicCatalogue from '../i18n/catalogues/public.js';
import { pageLocale, serverContext } from './copy.js';
import { refusalOf } from './form.js';
import type { FormText, PostedForm } from './form.js';

/**
 * A contact or join-us form, URL-encoded: its longest fields (5,000 characters of message, a few
 * hundred of the rest) take at most 12 bytes a character once percent-encoded, so this is ample for
 * a real message and little for a robot to make the server read.
 */
export const URLENCODED_BODY_LIMIT = 128 * 1024;
/** The résumé and the fields, as much as `POST JobApplication` itself reads. */
export const MULTIPART_BODY_LIMIT = RESUME_MAX_BYTES + 1024 * 1024;

/** A public form as its page's action posts it on to the API. */
export interface FormPost {
  /** The API call that takes the form (`ContactInfo`). */
  path: string;
  /** The fields read from the post and sent on, by their API names. */
  fields: readonly string[];
  /**
   * Apply-now: the form is multipart and carries the résumé (`resume`), sent on as it came, with the
   * fields that were filled in; the other forms are URL-encoded and sent on as JSON.
   */
  resume?: boolean;
  /** The field whose value the success message names (apply-now's confirmation address). */
  confirmationTo?: string;
}

type PostedFields = { get(name: string): FormDataEntryValue | null };

/** The body, or null when it is larger than `limit` (the declared length is believed first). */
async function readBody(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (Number(request.headers.get('content-length') ?? 0) > limit) return null;
  const reader = request.body?.getReader();
  if (!reader) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/**
 * The posted fields, read within the form's size limit: URL-encoded for the JSON forms, multipart
 * for apply-now, as their `<form>` elements declare. Any other body is refused with its status.
 */
async function readPostedFields(request: Request, multipart: boolean): Promise<PostedFields | 400 | 413 | 415> {
  const contentType = request.headers.get('content-type') ?? '';
  const type = contentType.split(';')[0].trim().toLowerCase();
  if (type !== (multipart ? 'multipart/form-data' : 'application/x-www-form-urlencoded')) return 415;
  try {
    const body = await readBody(request, multipart ? MULTIPART_BODY_LIMIT : URLENCODED_BODY_LIMIT);
    if (!body) return 413;
    if (!multipart) return new URLSearchParams(new TextDecoder().decode(body));
    return await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    // A body cut short or not the multipart it says it is.
    return 400;
  }
}

/** The status of the page for a refusal: the API's, but a job no longer open is a mistake in the form, not a missing page. */
function pageStatusOf(errorCode: number): number {
  if (errorCode === ErrorCode.notFound) return 400;
  return httpStatusOf[errorCode as ErrorCodeValue] ?? 500;
}

function refused(status: number, refusal: Omit<Extract<PostedForm, { sent: false }>, 'sent'>) {
  return data<PostedForm>({ sent: false, ...refusal }, { status });
}

/**
 * Answers a public form posted without JavaScript (the page's `action`): the post is read within
 * its limit and sent on to the same API call the island makes, on behalf of the visitor, so that
 * validation, the throttle, the honeypot and storage are the API's own. The page then shows the form
 * sent, or again with what was typed and each reason in the page's language.
 */
export async function answerFormPost({ request, context }: ActionFunctionArgs, form: FormPost) {
  const text: FormText = publicCatalogue[pageLocale(request)].form;
  const posted = await readPostedFields(request, form.resume ?? false);
  if (posted === 413) {
    return form.resume
      ? refused(413, { values: {}, errors: { resume: text.resumeSize }, failure: text.fixErrors })
      : refused(413, { values: {}, errors: {}, failure: text.tooLarge });
  }
  if (typeof posted === 'number') return refused(posted, { values: {}, errors: {}, failure: text.unreadable });

  const values: Record<string, string> = {};
  for (const name of form.fields) {
    const value = posted.get(name);
    if (typeof value === 'string') values[name] = value;
  }
  // Sent as the island sends it: JSON with every field, or multipart with the filled-in ones and
  // the file. An empty honeypot is no honeypot.
  if (!values.website) delete values.website;
  const resume = form.resume ? posted.get('resume') : null;
  // A file input left empty still sends a part, with no name and no bytes.
  const resumeGiven = resume instanceof File && (resume.size > 0 || resume.name !== '');
  let body: unknown = values;
  if (form.resume) {
    const multipart = new FormData();
    for (const [name, value] of Object.entries(values)) if (value !== '') multipart.set(name, value);
    if (resumeGiven) multipart.set('resume', resume);
    body = multipart;
  }

  const answer = await serverContext(context).api('POST', form.path, body, { onBehalfOf: request });
  if (answer.isSuccess) {
    return data<PostedForm>(form.confirmationTo ? { sent: true, email: values[form.confirmationTo]?.trim() } : { sent: true });
  }
  const issues = (answer.data as { issues?: ValidationIssue[] } | null)?.issues ?? [];
  const { errors, failure } = refusalOf({ errorCode: answer.errorCode, message: answer.message, issues, data: answer.data }, text, values);
  // The API names a missing résumé only once the fields are right; the island says both at once.
  if (form.resume && !resumeGiven && answer.errorCode === ErrorCode.validation) errors.resume ??= text.resumeRequired;
  const { website: _honeypot, ...shown } = values;
  // Agreed to a notice that has since changed: the page shows the new one, unticked, to read first.
  if ((answer.data as { reason?: unknown } | null)?.reason === 'stale-privacy-notice') delete shown.consent;
  return refused(pageStatusOf(answer.errorCode), { values: shown, errors, failure });
}
