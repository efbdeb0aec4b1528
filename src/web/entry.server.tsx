import type { EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
// The browser build of React's server renderer, not the Node one: see below.
import { renderToReadableStream } from 'react-dom/server.browser';

/** How long a page may wait for its data before what has not arrived is left to the browser. */
export const streamTimeout = 5_000;

/**
 * Renders a page whole, for every visitor and crawler alike: Portico's server reads the whole page
 * before it answers (and keeps it for the next visitor), so streaming a shell first gains nothing.
 *
 * React's Node renderer (`renderToPipeableStream`, React Router's default) runs each render inside
 * an `AsyncLocalStorage`. On Node 20 the first such run switches on async hooks for the whole
 * process, for good: from the first page rendered, every promise and callback of every request, API
 * calls included, paid for them (cached public API answers fell from 15,000-17,000 to 8,000-13,000 a
 * second under the bench's load). The browser build keeps no such storage; Portico uses none of what
 * it would carry (`cache()` in server components).
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  let shellRendered = false;
  const body = await renderToReadableStream(<ServerRouter context={routerContext} url={request.url} />, {
    // What has not arrived by then is rendered as its fallback, and the browser finishes it.
    signal: AbortSignal.timeout(streamTimeout + 1_000),
    onError(error: unknown) {
      // An error of the shell rejects above and React Router logs it; a later one is logged here.
      if (shellRendered) console.error(error);
    },
  });
  shellRendered = true;
  await body.allReady;
  responseHeaders.set('Content-Type', 'text/html');
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
