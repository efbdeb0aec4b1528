import { ErrorCode, GATEWAY_TIMEOUT_MESSAGE, REQUEST_TIMEOUT_MS } from '../../shared/api.js';
import type { ApiEnvelope, ValidationIssue } from '../../shared/api.js';
import { ADMIN_PATHS, AUTH_PATHS, loginPath } from '../../shared/paths.js';
import type { SignInReason } from '../../shared/paths.js';
import { clearSession, getToken } from './session.js';
import { earlyCall, takeEarlyAnswer, takeSettledEarlyAnswer } from './early-calls.js';

/** A refused or failed call, with the server's code, message and field issues. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly errorCode: number,
    readonly status: number,
    readonly issues: ValidationIssue[] = [],
    /** The answer's `data`, which says more about some refusals (a conflict's `reason`). */
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'DELETE';
  body?: unknown;
  /** multipart bodies (uploads) go as they are, with progress when asked. */
  form?: FormData;
  onUploadProgress?: (fraction: number) => void;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/**
 * What happens when the server says the session is gone: clear it and go to sign-in, which then
 * says why (the session ended, or a 403: the user's permissions changed under them).
 */
export let onSessionEnded = (reason: SignInReason) => {
  clearSession();
  if (typeof window === 'undefined') return;
  const { pathname, search } = window.location;
  if (pathname === AUTH_PATHS.login) return;
  // Signing out is not a place to come back to.
  if (pathname === AUTH_PATHS.logout) window.location.assign(AUTH_PATHS.login);
  else window.location.assign(loginPath(pathname + search, reason));
};

export function setSessionEndedHandler(handler: (reason: SignInReason) => void) {
  onSessionEnded = handler;
}

/** A refusal that asks the user to do one thing first, without ending their session. */
const isStepRequired = (code: number) => code === ErrorCode.passwordChangeRequired || code === ErrorCode.twoFactorSetupRequired;

/** The seed's rule: a 401, a 403, or a 200 whose body says 40005 (as `ErrCode` or `errorCode`) ends the session. */
export function endsSession(status: number, body: unknown): boolean {
  const b = body as { ErrCode?: unknown; errorCode?: unknown } | null;
  // Not the end of the session: the user must change their password, or set up two-factor sign-in,
  // first (docs/decisions/0038, 0039); the back-office takes them to the screen that does it.
  if (status === 403 && isStepRequired(Number(b?.errorCode))) return false;
  if (status === 401 || status === 403) return true;
  return !!b && (Number(b.ErrCode) === ErrorCode.unauthenticated || Number(b.errorCode) === ErrorCode.unauthenticated);
}

/** An answer already on its way, held to the same time limit as a call sent now. */
function withTimeout<T>(answer: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ApiError(GATEWAY_TIMEOUT_MESSAGE, 50400, 504)), timeoutMs);
  });
  return Promise.race([answer, late]).finally(() => clearTimeout(timer));
}

function send(url: string, options: RequestOptions): Promise<{ status: number; body: unknown }> {
  const token = getToken();
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  // XMLHttpRequest is used only where upload progress is wanted; fetch has no upload progress.
  if (options.form && options.onUploadProgress) {
    return new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(options.method ?? 'POST', url);
      xhr.withCredentials = true;
      xhr.timeout = timeoutMs;
      if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
      xhr.upload.onprogress = (e) => e.lengthComputable && options.onUploadProgress!(e.loaded / e.total);
      xhr.onload = () => {
        let body: unknown = null;
        try {
          body = JSON.parse(xhr.responseText);
        } catch {
          body = null;
        }
        resolve({ status: xhr.status, body });
      };
      xhr.ontimeout = () => reject(new ApiError(GATEWAY_TIMEOUT_MESSAGE, 50400, 504));
      xhr.onerror = () => reject(new ApiError('Network error', 0, 0));
      options.signal?.addEventListener('abort', () => xhr.abort());
      xhr.send(options.form);
    });
  }
  // The page may have sent this very call while it loaded (api/early-calls.ts): its answer is this call's.
  if (!options.form && !options.signal) {
    const early = takeEarlyAnswer(earlyCall(url, { method: options.method, body: options.body }), token);
    if (early) return withTimeout(early, timeoutMs).catch((error: unknown) => (error instanceof ApiError ? Promise.reject(error) : send(url, options)));
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), timeoutMs);
  options.signal?.addEventListener('abort', () => controller.abort(options.signal!.reason));
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  return fetch(url, {
    method: options.method ?? 'POST',
    headers,
    body,
    credentials: 'include',
    mode: 'cors',
    signal: controller.signal,
  })
    .then(async (res) => {
      let parsed: unknown = null;
      try {
        parsed = await res.json();
      } catch {
        parsed = null;
      }
      return { status: res.status, body: parsed };
    })
    .catch((error: unknown) => {
      if (controller.signal.aborted && !options.signal?.aborted) throw new ApiError(GATEWAY_TIMEOUT_MESSAGE, 50400, 504);
      throw error instanceof ApiError ? error : new ApiError('Network error', 0, 0);
    })
    .finally(() => clearTimeout(timer));
}

/**
 * The one way the web app calls the Portico API: JSON (or multipart), the bearer token from
 * sessionStorage, a 100 s timeout answered with the gateway-timeout message. Resolves with `data`;
 * rejects with an ApiError.
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const url = path.startsWith('/') ? path : `/api/${path}`;
  const { status, body } = await send(url, options);
  if (endsSession(status, body)) {
    onSessionEnded(status === 403 ? 'permission-changed' : 'session-ended');
    const envelope = body as Partial<ApiEnvelope> | null;
    throw new ApiError(envelope?.message || 'Please sign in', Number(envelope?.errorCode ?? 40005), status);
  }
  const envelope = body as ApiEnvelope<T> | null;
  // The back-office opens the password change (or My account, to set up two-factor sign-in) before
  // any other screen; reached otherwise (the flag was set while this page was open), loading the page
  // again opens it. On My account itself the refusal is only that call's: loading it again would
  // loop, since the screen must stay open for the enrolment.
  if (typeof window !== 'undefined') {
    const code = Number(envelope?.errorCode);
    if (code === ErrorCode.passwordChangeRequired) window.location.reload();
    else if (code === ErrorCode.twoFactorSetupRequired && window.location.pathname !== ADMIN_PATHS.account) window.location.assign(ADMIN_PATHS.account);
  }
  if (!envelope || typeof envelope.isSuccess !== 'boolean') {
    throw new ApiError(`Unexpected answer (HTTP ${status})`, ErrorCode.unexpected, status);
  }
  if (!envelope.isSuccess) {
    const issues = (envelope.data as { issues?: ValidationIssue[] } | null)?.issues ?? [];
    throw new ApiError(envelope.message, envelope.errorCode, status, issues, envelope.data);
  }
  return envelope.data;
}

/**
 * The data of a call the page sent while it loaded (api/early-calls.ts) whose successful answer has
 * already come, for a screen's first render; undefined otherwise (the screen then calls `api` as usual,
 * which takes the answer still on its way, and handles a refusal as any other).
 */
export function answeredEarly<T>(path: string, options: Pick<RequestOptions, 'method' | 'body'> = {}): T | undefined {
  const succeeded = ({ status, body }: { status: number; body: unknown }) => status === 200 && (body as Partial<ApiEnvelope> | null)?.isSuccess === true;
  return (takeSettledEarlyAnswer(earlyCall(path, options), getToken(), succeeded)?.body as ApiEnvelope<T> | undefined)?.data;
}
