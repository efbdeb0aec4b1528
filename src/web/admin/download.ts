import { ApiError } from '../api/client.js';
import { getToken } from '../api/session.js';

/**
 * Downloads a file that needs the bearer token (a résumé): fetched with the header, handed to the
 * browser as a blob, so the token never travels in a URL.
 */
export async function downloadWithToken(url: string, fallbackName: string) {
  const response = await fetch(url, { headers: { Authorization: `Bearer ${getToken() ?? ''}` }, credentials: 'include' });
  if (!response.ok) {
    let message = `HTTP ${response.status}`;
    try {
      message = ((await response.json()) as { message?: string }).message ?? message;
    } catch {
      // not JSON
    }
    throw new ApiError(message, 0, response.status);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const name = encoded ? decodeURIComponent(encoded) : fallbackName;
  const blobUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = blobUrl;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(blobUrl), 1000);
}
