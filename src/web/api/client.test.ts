import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GATEWAY_TIMEOUT_MESSAGE } from '../../shared/api.js';
import { ApiError, api } from './client.js';

const assign = vi.fn();

function answer(status: number, body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

beforeEach(() => {
  sessionStorage.setItem('portico.token', 'the-token');
  localStorage.setItem('portico.user', '{"userName":"admin"}');
  localStorage.setItem('portico.locale', 'en-US');
  assign.mockReset();
  // jsdom cannot navigate; the client's move to /login is observed here.
  Object.defineProperty(window, 'location', { configurable: true, value: { pathname: '/JobManagement', search: '?page=2', assign } });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  sessionStorage.clear();
  localStorage.clear();
});

describe('the API client', () => {
  it('sends JSON with the bearer token and credentials, and resolves the envelope\'s data', async () => {
    const fetchMock = answer(200, { isSuccess: true, errorCode: 0, message: '', data: { id: 1 } });
    vi.stubGlobal('fetch', fetchMock);
    await expect(api('News/Query', { body: { page: 1 } })).resolves.toEqual({ id: 1 });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/News/Query');
    expect(init.credentials).toBe('include');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer the-token');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(init.body).toBe('{"page":1}');
  });

  it.each([
    ['a 401', 401, { isSuccess: false, errorCode: 40005, message: 'Please sign in', data: null }, 'session-ended'],
    ['a 403', 403, { isSuccess: false, errorCode: 40003, message: 'No', data: null }, 'permission-changed'],
    ['a 200 with errorCode 40005', 200, { isSuccess: false, errorCode: 40005, message: 'expired', data: null }, 'session-ended'],
    ['a 200 with ErrCode 40005', 200, { ErrCode: 40005 }, 'session-ended'],
  ])('ends the session on %s: clears storage and goes to /login, saying why', async (_name, status, body, reason) => {
    vi.stubGlobal('fetch', answer(status, body));
    await expect(api('User/Query', { body: {} })).rejects.toBeInstanceOf(ApiError);
    expect(sessionStorage.getItem('portico.token')).toBeNull();
    expect(localStorage.getItem('portico.user')).toBeNull();
    expect(localStorage.length).toBe(0);
    expect(assign).toHaveBeenCalledWith(`/login?redirect=${encodeURIComponent('/JobManagement?page=2')}&reason=${reason}`);
  });

  it('keeps the session when a 403 asks for a password change first, and loads the page again to open that screen', async () => {
    const reload = vi.fn();
    Object.defineProperty(window, 'location', { configurable: true, value: { pathname: '/JobManagement', search: '', assign, reload } });
    vi.stubGlobal('fetch', answer(403, { isSuccess: false, errorCode: 40031, message: 'First things first', data: null }));
    const error = await api('User/Query', { body: {} }).catch((caught: unknown) => caught);
    expect((error as ApiError).errorCode).toBe(40031);
    expect(sessionStorage.getItem('portico.token')).toBe('the-token');
    expect(assign).not.toHaveBeenCalled();
    expect(reload).toHaveBeenCalledOnce();
  });

  it('keeps the session when a 403 asks for two-factor set-up first, and opens My account, where it does not loop', async () => {
    const reload = vi.fn();
    Object.defineProperty(window, 'location', { configurable: true, value: { pathname: '/JobManagement', search: '', assign, reload } });
    vi.stubGlobal('fetch', answer(403, { isSuccess: false, errorCode: 40022, message: 'First things first', data: null }));
    expect(((await api('User/Query', { body: {} }).catch((caught: unknown) => caught)) as ApiError).errorCode).toBe(40022);
    expect(sessionStorage.getItem('portico.token')).toBe('the-token');
    expect(assign).toHaveBeenCalledWith('/Account');
    // Already on My account: the call fails, the page stays.
    assign.mockReset();
    Object.defineProperty(window, 'location', { configurable: true, value: { pathname: '/Account', search: '', assign, reload } });
    await api('Overview/Counts').catch(() => undefined);
    expect(assign).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it('goes to plain /login when the session ends while signing out', async () => {
    Object.defineProperty(window, 'location', { configurable: true, value: { pathname: '/logout', search: '', assign } });
    vi.stubGlobal('fetch', answer(401, { isSuccess: false, errorCode: 40005, message: 'Please sign in', data: null }));
    await expect(api('security/logout', { body: {} })).rejects.toBeInstanceOf(ApiError);
    expect(assign).toHaveBeenCalledWith('/login');
  });

  it('rejects a refused call with its code, message and field issues, keeping the session', async () => {
    vi.stubGlobal('fetch', answer(400, { isSuccess: false, errorCode: 40000, message: 'title: Required', data: { issues: [{ path: 'title', message: 'Required' }] } }));
    const error = await api('News', { body: {} }).catch((e: unknown) => e);
    expect(error).toMatchObject({ errorCode: 40000, status: 400, message: 'title: Required', issues: [{ path: 'title', message: 'Required' }] });
    expect(sessionStorage.getItem('portico.token')).toBe('the-token');
    expect(assign).not.toHaveBeenCalled();
  });

  it('gives up after the timeout with the gateway-timeout message', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', vi.fn((_url: string, init: RequestInit) => new Promise((_resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    })));
    const pending = api('News/Query', { body: {} }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(100_000);
    const error = (await pending) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe(GATEWAY_TIMEOUT_MESSAGE);
  });
});
