import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_ANSWER_MS, earlyCall, earlyCallsJson, takeEarlyAnswer, takeSettledEarlyAnswer } from './early-calls.js';
import { loadPageWithEarlyCalls } from '../admin/test-setup.js';
import { USER_KEY } from './session.js';
import { answeredEarly, api } from './client.js';

/** The calls a page sends while it loads (docs/decisions/0070), as the page's script sends them and the API client takes them. */

const envelope = (data: unknown) => ({ isSuccess: true, errorCode: 0, message: 'ok', data });
const LIST = earlyCall('News/Query', { body: { page: 1, pageSize: 10, fields: ['title'] } });
const SESSION = earlyCall('security/current', { method: 'GET' });

const ok = (data: unknown) => async () => new Response(JSON.stringify(envelope(data)), { status: 200 });
/** Lets the answers the page's script waits for come in. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  delete (window as unknown as Record<string, unknown>).__porticoEarly;
  sessionStorage.clear();
  localStorage.clear();
  document.head.innerHTML = '';
});

describe('the calls a back-office page names', () => {
  it('are JSON in which nothing can end their element or start markup', () => {
    const keyword = '</script><script>alert(1)</script>&\u2028';
    const text = earlyCallsJson([earlyCall('News/Query', { body: { keyword } })]);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(JSON.parse(text)[0].body).keyword).toBe(keyword);
  });

  it('are sent by the page\'s script with the tab\'s token, as the API client sends them', () => {
    const fetchMock = loadPageWithEarlyCalls([SESSION, LIST], 'tab-token', ok(null));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [sessionUrl, sessionInit] = fetchMock.mock.calls[0];
    expect(sessionUrl).toBe('/api/security/current');
    expect(sessionInit).toMatchObject({ method: 'GET', headers: { Accept: 'application/json', Authorization: 'Bearer tab-token' }, credentials: 'include' });
    expect(sessionInit.body).toBeUndefined();
    const [listUrl, listInit] = fetchMock.mock.calls[1];
    expect(listUrl).toBe('/api/News/Query');
    expect(listInit).toMatchObject({ method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: 'Bearer tab-token' } });
    expect(listInit.body).toBe(LIST.body);
  });

  it('that need a module are sent only for a user the tab knows to hold it, with no step to take first', () => {
    const NEWS = earlyCall('News/Query', { body: { page: 1 }, module: 'news' });
    const JOBS = earlyCall('Job/Query', { body: { page: 1 }, module: 'jobs' });
    const sentFor = (user: unknown) => {
      if (user === undefined) localStorage.removeItem(USER_KEY);
      else localStorage.setItem(USER_KEY, JSON.stringify(user));
      const fetchMock = loadPageWithEarlyCalls([SESSION, NEWS, JOBS], 'tab-token', ok(null));
      localStorage.removeItem(USER_KEY);
      return fetchMock.mock.calls.map(([url]) => url);
    };
    const newsReader = { id: 1, userName: 'reader', modules: [{ key: 'news', access: 'read' }] };
    expect(sentFor(newsReader)).toEqual(['/api/security/current', '/api/News/Query']);
    // The server would refuse every other call until the password is changed or two-step verification set up.
    expect(sentFor({ ...newsReader, mustChangePassword: true })).toEqual(['/api/security/current']);
    expect(sentFor({ ...newsReader, twoFactorSetupRequired: true })).toEqual(['/api/security/current']);
    // A tab that knows no user (or cannot read it) sends only what needs no module.
    expect(sentFor(undefined)).toEqual(['/api/security/current']);
    expect(sentFor('not a user')).toEqual(['/api/security/current']);
  });

  it('are not sent by a tab without a session', () => {
    const fetchMock = loadPageWithEarlyCalls([SESSION, LIST], null, ok(null));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(takeEarlyAnswer(SESSION, 'any')).toBeUndefined();
  });

  it('answer the same call once, with the same token, while the page is new', async () => {
    loadPageWithEarlyCalls([SESSION, LIST], 'tab-token', ok({ items: [] }));
    expect(takeEarlyAnswer(LIST, 'another-token')).toBeUndefined();
    expect(takeEarlyAnswer(earlyCall('News/Query', { body: { page: 2, pageSize: 10, fields: ['title'] } }), 'tab-token')).toBeUndefined();
    const answer = takeEarlyAnswer(LIST, 'tab-token');
    expect(await answer).toEqual({ status: 200, body: envelope({ items: [] }) });
    expect(takeEarlyAnswer(LIST, 'tab-token')).toBeUndefined();
    // Asked for too long after the page loaded, the screen's data may have changed: not taken.
    expect(takeEarlyAnswer(SESSION, 'tab-token', Date.now() + EARLY_ANSWER_MS + 1)).toBeUndefined();
  });

  it('give a screen\'s first render an answer only once it has come and only if it is usable', async () => {
    let arrive!: () => void;
    loadPageWithEarlyCalls([LIST], 'tab-token', () => new Promise((resolve) => (arrive = () => resolve(new Response(JSON.stringify(envelope({ items: [1] })), { status: 200 })))));
    expect(takeSettledEarlyAnswer(LIST, 'tab-token', () => true)).toBeUndefined();
    arrive();
    await settle();
    expect(takeSettledEarlyAnswer(LIST, 'tab-token', () => false)).toBeUndefined();
    expect(takeSettledEarlyAnswer(LIST, 'tab-token', () => true)).toEqual({ status: 200, body: envelope({ items: [1] }) });
    expect(takeSettledEarlyAnswer(LIST, 'tab-token', () => true)).toBeUndefined();
  });
});

describe('the API client and the page\'s early calls', () => {
  it('takes the answer the page asked for instead of asking again', async () => {
    const fetchMock = loadPageWithEarlyCalls([LIST], 'tab-token', ok({ items: ['early'] }));
    expect(await api('News/Query', { body: { page: 1, pageSize: 10, fields: ['title'] } })).toEqual({ items: ['early'] });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Asked again (a refresh of the list), it asks the server.
    fetchMock.mockImplementation(ok({ items: ['later'] }));
    expect(await api('News/Query', { body: { page: 1, pageSize: 10, fields: ['title'] } })).toEqual({ items: ['later'] });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('asks itself when the page\'s call failed on the way', async () => {
    const fetchMock = loadPageWithEarlyCalls([LIST], 'tab-token', async () => Promise.reject(new TypeError('Failed to fetch')));
    fetchMock.mockImplementation(ok({ items: ['own'] }));
    expect(await api('News/Query', { body: { page: 1, pageSize: 10, fields: ['title'] } })).toEqual({ items: ['own'] });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('leaves no unhandled rejection behind when a call the page sent fails and no screen takes it', async () => {
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    try {
      loadPageWithEarlyCalls([SESSION, LIST], 'tab-token', async () => Promise.reject(new TypeError('Failed to fetch')));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', record);
    }
  });

  it('reads a refusal answered early as it reads any other', async () => {
    loadPageWithEarlyCalls([LIST], 'tab-token', async () => new Response(JSON.stringify({ isSuccess: false, errorCode: 40001, message: 'Bad page', data: null }), { status: 400 }));
    await settle();
    // Not drawn as data: the list asks through the client, which reports the refusal.
    expect(answeredEarly('News/Query', { body: { page: 1, pageSize: 10, fields: ['title'] } })).toBeUndefined();
    await expect(api('News/Query', { body: { page: 1, pageSize: 10, fields: ['title'] } })).rejects.toMatchObject({ errorCode: 40001, message: 'Bad page' });
  });

  it('hands a screen\'s first render the data of a successful answer already come', async () => {
    loadPageWithEarlyCalls([LIST], 'tab-token', ok({ items: ['early'] }));
    expect(answeredEarly('News/Query', { body: { page: 1, pageSize: 10, fields: ['title'] } })).toBeUndefined();
    await settle();
    expect(answeredEarly('News/Query', { body: { page: 1, pageSize: 10, fields: ['title'] } })).toEqual({ items: ['early'] });
    expect(answeredEarly('News/Query', { body: { page: 1, pageSize: 10, fields: ['title'] } })).toBeUndefined();
  });
});
