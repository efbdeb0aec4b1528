import { ApiError } from '../api/client.js';
import { getToken } from '../api/session.js';

export interface FetchedFile {
  blob: Blob;
  name: string;
}

/**
 * Fetches a file that needs the bearer token (a résumé) with the header, so the token never
 * travels in a URL; the browser gets it as a blob.
 */
export async function fetchWithToken(url: string, fallbackName: string): Promise<FetchedFile> {
  const response = await fetch(url, { headers: { Authorization: `Bearer ${getToken() ?? ''}` }, credentials: 'include' });
  if (!response.ok) {
    let message = `HTTP ${response.status}`;
    let errorCode = 0;
    try {
      const body = (await response.json()) as { message?: string; errorCode?: number };
      message = body.message ?? message;
      errorCode = body.errorCode ?? 0;
    } catch {
      // not JSON
    }
    throw new ApiError(message, errorCode, response.status);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  return { blob: await response.blob(), name: encoded ? decodeURIComponent(encoded) : fallbackName };
}

export async function downloadWithToken(url: string, fallbackName: string) {
  const { blob, name } = await fetchWithToken(url, fallbackName);
  const blobUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = blobUrl;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(blobUrl), 1000);
}

/** Only PDF can be shown by the browser itself; Word files are downloaded instead. */
export const canPreview = (mimeType: string) => mimeType === 'application/pdf';
