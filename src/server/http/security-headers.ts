import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { Config } from '../config.js';

/**
 * Security headers on every answer (docs/decisions/0027-security-headers.md).
 *
 * An HTML page's Content-Security-Policy names the hashes of that page's own inline scripts, so it
 * is computed from the page's HTML (`pageSecurityHeaders`) and must travel with it: the web app
 * keeps a rendered page in its cache together with these headers, and the page is answered byte for
 * byte with the policy made for those bytes.
 */

/**
 * Browser features nothing in Portico uses, denied to its pages and to anything they frame. Only
 * names Chromium knows: it warns of any other on every page (it does not know `bluetooth`).
 */
const DENIED_FEATURES = [
  'accelerometer',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
];

export const PERMISSIONS_POLICY = DENIED_FEATURES.map((feature) => `${feature}=()`).join(', ');

/** What an answer that is not a page gets: it may load nothing and be framed by no one. */
export const NON_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Who may show a page in a frame: no one, for every answer (see `pageSecurityHeaders`). */
type FrameAncestors = "'none'" | "'self'";

/** Script types a browser runs; any other (`application/json`, `application/ld+json`) is data. */
const SCRIPT_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript', 'text/ecmascript', 'application/ecmascript']);

// The element's text runs to the first `</script` followed by whitespace, `/` or `>`, as HTML reads it.
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script[\s/>]/gi;

/**
 * The CSP sources (`'sha256-…'`) of every inline script a browser would run in `html`, in order and
 * without repeats. A script with a `src` runs the file, not its text, and is allowed by `'self'`.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, text] of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc\s*=/i.test(` ${attributes}`)) continue;
    const type = /\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(` ${attributes}`);
    if (!SCRIPT_TYPES.has((type?.[1] ?? type?.[2] ?? type?.[3] ?? '').trim().toLowerCase())) continue;
    // The browser hashes the text as it parsed it: HTML turns every CR LF and lone CR into LF.
    const parsed = text.replace(/\r\n?/g, '\n');
    hashes.add(`'sha256-${createHash('sha256').update(parsed, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

export interface PagePolicyOptions {
  frameAncestors: FrameAncestors;
  /** Vite's hot reload in development talks over a WebSocket of its own port. */
  development?: boolean;
  /**
   * The analytics script the site settings name (an https address), if any. The page may load it
   * from its origin, and send it what it measures, only when the page itself loads that very script.
   */
  analyticsScriptUrl?: string | null;
}

const attributeText = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The origin of the analytics script, when `html` loads exactly the script the settings name. The
 * address comes from the settings, never from the page: a script element slipped into a page can
 * not widen its policy.
 */
export function analyticsOriginIn(html: string, analyticsScriptUrl: string | null | undefined): string | null {
  if (!analyticsScriptUrl) return null;
  let url: URL;
  try {
    url = new URL(analyticsScriptUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:') return null;
  const source = attributeText(analyticsScriptUrl);
  const loads = [...html.matchAll(/<script\b([^>]*)>/gi)].some(([, attributes]) => attributes.includes(` src="${source}"`));
  return loads ? url.origin : null;
}

/** The Content-Security-Policy of one HTML page: its own inline scripts by hash, and no others. */
export function pagePolicy(html: string, { frameAncestors, development = false, analyticsScriptUrl }: PagePolicyOptions): string {
  const analytics = analyticsOriginIn(html, analyticsScriptUrl);
  return [
    "default-src 'self'",
    ['script-src', "'self'", ...(analytics ? [analytics] : []), ...inlineScriptHashes(html)].join(' '),
    // antd writes its CSS-in-JS into <style> elements, and React renders `style` attributes.
    "style-src 'self' 'unsafe-inline'",
    // News bodies and covers may show an image from any https address.
    "img-src 'self' data: https:",
    "font-src 'self'",
    ['connect-src', "'self'", ...(development ? ['ws:'] : []), ...(analytics ? [analytics] : [])].join(' '),
    // The back-office shows a PDF résumé from a blob: address.
    "frame-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

/**
 * The headers a web app page is kept and answered with. No page may be framed, not even by Portico
 * itself: the back-office opens a public page in a tab of its own.
 */
export function pageSecurityHeaders(html: string, options: { development?: boolean; analyticsScriptUrl?: string | null } = {}): [string, string][] {
  return [
    ['content-security-policy', pagePolicy(html, { frameAncestors: "'none'", development: options.development, analyticsScriptUrl: options.analyticsScriptUrl })],
    ['x-frame-options', 'DENY'],
  ];
}

/**
 * An HTML answer's text, when the hook can read it. One sent as a stream or compressed is not read:
 * it gets the page policy with no inline script allowed.
 */
function readable(reply: FastifyReply, payload: unknown): string {
  if (reply.hasHeader('content-encoding')) return '';
  return typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : '';
}

/** HSTS for a year, only where the site is reached over https (browsers ignore it over http anyway). */
const HSTS = 'max-age=31536000';

/** The security headers every answer carries, whatever it is: set by the `onSend` hook, and by kept pages' own path (web/kept-pages.ts). */
export function sharedSecurityHeaders(config: Pick<Config, 'publicUrl'>): [string, string][] {
  return [
    ['x-content-type-options', 'nosniff'],
    ['referrer-policy', 'strict-origin-when-cross-origin'],
    ['permissions-policy', PERMISSIONS_POLICY],
    ['cross-origin-opener-policy', 'same-origin'],
    ...(config.publicUrl.startsWith('https://') ? [['strict-transport-security', HSTS] as [string, string]] : []),
  ];
}

/**
 * What the app's `onSend` hook calls for every answer. Headers every answer shares are set as they
 * are; an answer that brings its own policy (a web app page) keeps it; an HTML answer without one
 * (the API reference) gets a page policy made from its text; anything else the non-page policy.
 */
export function securityHeaders(config: Pick<Config, 'publicUrl' | 'env'>) {
  const shared = sharedSecurityHeaders(config);
  const development = config.env === 'development';
  return (reply: FastifyReply, payload: unknown) => {
    for (const [name, value] of shared) reply.header(name, value);
    if (!reply.hasHeader('content-security-policy')) {
      const html = /^text\/html\b/i.test(String(reply.getHeader('content-type') ?? ''));
      reply.header('content-security-policy', html ? pagePolicy(readable(reply, payload), { frameAncestors: "'none'", development }) : NON_PAGE_POLICY);
    }
    if (!reply.hasHeader('x-frame-options')) reply.header('x-frame-options', 'DENY');
  };
}
