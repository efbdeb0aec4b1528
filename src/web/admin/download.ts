import { ErrorCode } from '../../shared/api.js';
import type { ValidationIssue } from '../../shared/api.js';
import { ApiError } from '../api/client.js';
import { getToken } from '../api/session.js';

/**
 * Fetches a file with the bearer token, so the token never travels in a URL: a GET by default, or
 * a POST of a JSON body (an export). A refusal is thrown as the API's error.
 */
async function fetchFile(url: string, fallbackName: string, init: { body?: unknown; headers?: Record<string, string> } = {}): Promise<FetchedFile> {
  const headers: Record<string, string> = { Authorization: `Bearer ${getToken() ?? ''}`, ...init.headers };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(url, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers,
    credentials: 'include',
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  if (!response.ok) {
    let message = `HTTP ${response.status}`;
    let errorCode: number = ErrorCode.unexpected;
    let data: unknown = null;
    try {
      const body = (await response.json()) as { message?: string; errorCode?: number; data?: unknown };
      message = body.message ?? message;
      errorCode = body.errorCode ?? ErrorCode.unexpected;
      data = body.data ?? null;
    } catch {
      // not JSON
    }
    // The answer's issues and reason too, so the refusal is said by its code (docs/decisions/0052).
    const issues = (data as { issues?: ValidationIssue[] } | null)?.issues ?? [];
    throw new ApiError(message, errorCode, response.status, issues, data);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const plain = /filename="([^"]+)"/i.exec(disposition)?.[1];
  return { blob: await response.blob(), name: encoded ? decodeURIComponent(encoded) : (plain ?? fallbackName) };
}

export interface FetchedFile {
  blob: Blob;
  name: string;
}

/**
 * Fetches a file that needs the bearer token (a résumé) with the header, so the token never
 * travels in a URL; the browser gets it as a blob.
 */
export function fetchWithToken(url: string, fallbackName: string): Promise<FetchedFile> {
  return fetchFile(url, fallbackName);
}

function save({ blob, name }: FetchedFile) {
  const blobUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = blobUrl;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(blobUrl), 1000);
}

export async function downloadWithToken(url: string, fallbackName: string) {
  save(await fetchFile(url, fallbackName));
}

/**
 * A list exported by the server (`POST {E}/Export`, docs/decisions/0036): the list's query as it is
 * filtered and sorted now, the headings in the reader's language, the times in their time zone. The
 * server records each export in the audit log.
 */
export function downloadExport(entity: string, query: { keyword?: string; filters?: Record<string, unknown>; sort?: unknown }, language: string) {
  return downloadCsv(`${entity}/Export`, entity, { keyword: query.keyword, filters: query.filters, sort: query.sort }, language);
}

/** The ticked rows of a list exported by the server (`POST {E}/Bulk/Export`), in the order shown. */
export function downloadSelection(entity: string, ids: readonly number[], language: string) {
  return downloadCsv(`${entity}/Bulk/Export`, entity, { ids }, language);
}

/** A CSV the server writes for a POSTed body: headings in `language`, times in the reader's time zone. */
async function downloadCsv(call: string, entity: string, body: unknown, language: string) {
  const offset = -new Date().getTimezoneOffset();
  save(await fetchFile(`/api/${call}?offset=${offset}`, `${entity}.csv`, { body, headers: { 'Accept-Language': language } }));
}

/** Only PDF can be shown by the browser itself; Word files are downloaded instead. */
export const canPreview = (mimeType: string) => mimeType === 'application/pdf';
