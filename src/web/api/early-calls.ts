import type { ModuleKey } from '../../shared/modules.js';
import { TOKEN_KEY, USER_KEY } from './session.js';

/**
 * Calls a back-office screen makes first, sent while its page is still being read (docs/decisions/0070).
 *
 * A back-office screen renders in the browser only, once its scripts have run: on a slow machine its
 * session check and its list's query left 0.8-1.6 s after the page arrived, and its rows came a round
 * trip after that. The server knows from the address which screen opens and what its list will ask
 * for, so the page names those calls, and one short script in its head sends them with the tab's
 * token before the scripts load. The API client then takes the answer of a call it makes that was
 * sent exactly so (same method, address, body and token), once, and sends every other call itself.
 * A call named wrongly costs one unused answer, never a wrong one.
 */

/** One call as the API client would send it: its method, its address and its JSON body's text. */
export interface EarlyCall {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  body?: string;
  /**
   * The module the call needs. It is sent only for a user the tab knows to hold that module and to
   * have no step to take first (a password to change, two-step verification to set up): the server
   * would refuse it, and the screen, which opens My account instead, would never ask for it.
   */
  module?: ModuleKey;
}

/** What a route's `handle` may name: the calls its screen makes first at this address. */
export type EarlyCallsOf = (url: URL) => EarlyCall[];

/** The call `api(path, { method, body })` sends (api/client.ts). */
export function earlyCall(path: string, options: { method?: EarlyCall['method']; body?: unknown; module?: ModuleKey } = {}): EarlyCall {
  const url = path.startsWith('/') ? path : `/api/${path}`;
  return {
    method: options.method ?? 'POST',
    url,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    ...(options.module ? { module: options.module } : {}),
  };
}

/** The element the page names its calls in, as JSON (data, which the browser does not run). */
export const EARLY_CALLS_ID = 'portico-early-calls';

/** Where the script keeps the answers it waits for. */
const ANSWERS = '__porticoEarly';

/** An answer is taken only this soon after the page loaded: later, the screen's data may have changed. */
export const EARLY_ANSWER_MS = 10_000;

/**
 * The calls as the page carries them: JSON in which no `<`, `>` or `&` can end the element or start
 * markup (a keyword in the address is the visitor's own text), nor a line separator break the script.
 */
export function earlyCallsJson(calls: readonly EarlyCall[]): string {
  return JSON.stringify(calls).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * Sends the calls named in the page with the tab's token (none without one: the screen then takes a
 * signed-in tab's session or goes to sign-in), a call that needs a module only for a user the tab
 * knows (its stored user) to hold it and to have no step to take first. A call that fails on the way
 * is reported by the client that takes it (which sends it again), not as an unhandled rejection of
 * its own. The same text on every page, so the pages' policy allows one hash for it; the calls it
 * reads are data.
 */
export const EARLY_CALLS_SCRIPT = `(function(){try{var d=document.getElementById(${JSON.stringify(EARLY_CALLS_ID)}),t=sessionStorage.getItem(${JSON.stringify(TOKEN_KEY)});if(!d||!t)return;var u=null;try{u=JSON.parse(localStorage.getItem(${JSON.stringify(USER_KEY)}))}catch(e){}var free=!!u&&!u.mustChangePassword&&!u.twoFactorSetupRequired,held=function(k){return free&&(u.modules||[]).some(function(m){return m&&m.key===k})};var w=window.${ANSWERS}=[],at=Date.now();JSON.parse(d.textContent).forEach(function(c){if(c.module&&!held(c.module))return;var h={Accept:'application/json',Authorization:'Bearer '+t};if(c.body!==undefined)h['Content-Type']='application/json';var s={method:c.method,url:c.url,body:c.body,token:t,at:at};s.answer=fetch(c.url,{method:c.method,headers:h,body:c.body,credentials:'include',mode:'cors'}).then(function(r){return r.json().then(function(b){return{status:r.status,body:b}},function(){return{status:r.status,body:null}})}).then(function(a){s.settled=a;return a});s.answer.catch(function(){});w.push(s)})}catch(e){}})()`;

/** An answer as the API client reads it: the HTTP status and the parsed body (null if not JSON). */
export interface Answer {
  status: number;
  body: unknown;
}

interface SentEarly extends EarlyCall {
  token: string;
  at: number;
  answer: Promise<Answer>;
  /** The answer, once it has come. */
  settled?: Answer;
}

/** The page's early calls still untaken, and where this call is among them (-1: not sent early, or too long ago). */
function find(call: EarlyCall, token: string | null, now: number): [SentEarly[], number] {
  if (typeof window === 'undefined' || !token) return [[], -1];
  const sent = (window as unknown as Record<string, SentEarly[] | undefined>)[ANSWERS] ?? [];
  const i = sent.findIndex((s) => s.method === call.method && s.url === call.url && s.body === call.body && s.token === token);
  return [sent, i >= 0 && now - sent[i].at <= EARLY_ANSWER_MS ? i : -1];
}

/**
 * The answer to this call if the page sent it early with this token, taken once; otherwise undefined
 * and the caller sends it. A call the page sent that failed on the way is the caller's to send again.
 */
export function takeEarlyAnswer(call: EarlyCall, token: string | null, now = Date.now()): Promise<Answer> | undefined {
  const [sent, i] = find(call, token, now);
  return i < 0 ? undefined : sent.splice(i, 1)[0].answer;
}

/**
 * The answer to this call if it has already come and `usable` takes it (taken once), so that a screen
 * can draw it in its first render; otherwise undefined, and the call stays to be taken as it comes.
 */
export function takeSettledEarlyAnswer(call: EarlyCall, token: string | null, usable: (answer: Answer) => boolean, now = Date.now()): Answer | undefined {
  const [sent, i] = find(call, token, now);
  const settled = i < 0 ? undefined : sent[i].settled;
  if (!settled || !usable(settled)) return undefined;
  sent.splice(i, 1);
  return settled;
}
