import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { ADMIN_PATHS } from '../../../shared/paths.js';
import { AdminTestFrame, stubMatchMedia } from '../../admin/test-setup.js';
import Login from './login.js';

const USER = {
  id: 2,
  userName: 'ann',
  displayName: 'Ann',
  email: '',
  roles: ['editor'],
  isActive: true,
  lastLoginAt: null,
  mustChangePassword: false,
  twoFactorEnabled: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  modules: [{ key: 'news', name: '新闻管理', menus: [{ key: 'news.list', name: '新闻列表', path: ADMIN_PATHS.newsList }] }],
};
const SIGNED_IN = { user: USER, accessToken: { token: 'the-token', expiresAt: '2099-01-01T00:00:00.000Z' } };

const envelope = (data: unknown, errorCode = 0, message = '') =>
  new Response(JSON.stringify({ isSuccess: errorCode === 0, errorCode, message, data }), { status: 200 });

/** The sign-in page against a server that asks for a second step; `verify` answers the codes. */
function show(verify: (body: { challengeToken: string; code: string }) => Response, locale: 'en-US' | 'zh-CN' = 'en-US') {
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body ?? '{}'));
    if (url.endsWith('/api/security/login')) return envelope({ twoFactorRequired: true, challengeToken: 'challenge-1', expiresAt: '2099-01-01T00:00:00.000Z' });
    if (url.endsWith('/api/security/TwoFactor/Verify')) return verify(body);
    return envelope(null);
  });
  vi.stubGlobal('fetch', fetchMock);
  renderLogin(locale);
  return fetchMock;
}

/** The sign-in page in a data router (it revalidates on a language change), with where it leads. */
function renderLogin(locale: 'en-US' | 'zh-CN' = 'en-US') {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <Login /> },
      { path: ADMIN_PATHS.newsList, element: <p>news list</p> },
      { path: ADMIN_PATHS.account, element: <p>my account</p> },
    ],
    { initialEntries: ['/login'] },
  );
  render(
    <AdminTestFrame locale={locale}>
      <RouterProvider router={router} />
    </AdminTestFrame>,
  );
}

async function signInWithPassword() {
  fireEvent.change(document.querySelector('input[name="userName"]')!, { target: { value: 'ann' } });
  fireEvent.change(document.querySelector('input[name="password"]')!, { target: { value: 'ann-password-1' } });
  fireEvent.click(screen.getByRole('button', { name: /sign in|登录/i }));
  return (await waitFor(() => {
    const input = document.querySelector<HTMLInputElement>('input[name="code"]');
    expect(input).not.toBeNull();
    return input;
  }))!;
}

const submitCode = (input: HTMLInputElement, code: string) => {
  fireEvent.change(input, { target: { value: code } });
  fireEvent.submit(input.form!);
};

describe('sign-in second step', () => {
  beforeAll(stubMatchMedia);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    window.sessionStorage.clear();
    window.localStorage.clear();
  });

  it('asks for the code after the password, says a wrong code is wrong, and signs in with the right one', async () => {
    const fetchMock = show(({ code }) => (code === '123456' ? envelope(SIGNED_IN) : envelope({ reason: 'wrong-code' }, 40021, 'The code is wrong')));
    const input = await signInWithPassword();
    expect(screen.getByRole('heading', { name: 'Two-step verification' })).toBeTruthy();
    expect(document.activeElement).toBe(input);
    expect(window.sessionStorage.getItem('portico.token')).toBeNull();

    submitCode(input, '000000');
    expect((await screen.findByRole('alert')).textContent).toContain('The code is wrong; please try again.');
    submitCode(input, '123456');
    await screen.findByText('news list');
    expect(window.sessionStorage.getItem('portico.token')).toBe('the-token');
    const verifyCalls = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/TwoFactor/Verify'));
    expect(verifyCalls.map(([, init]) => JSON.parse(String(init.body)))).toEqual([
      { challengeToken: 'challenge-1', code: '000000' },
      { challengeToken: 'challenge-1', code: '123456' },
    ]);
  });

  it('takes a recovery code instead, from a link the keyboard reaches', async () => {
    const fetchMock = show(({ code }) => (code === 'abcde-fghij' ? envelope(SIGNED_IN) : envelope({ reason: 'wrong-code' }, 40021)));
    await signInWithPassword();
    const link = screen.getByRole('button', { name: 'Use a recovery code instead' });
    expect(link.tagName).toBe('BUTTON');
    fireEvent.click(link);
    const input = screen.getByLabelText('Recovery code') as HTMLInputElement;
    expect(document.activeElement).toBe(input);
    submitCode(input, 'abcde-fghij');
    await screen.findByText('news list');
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/TwoFactor/Verify'))).toBe(true);
  });

  it('refuses an empty code without asking the server', async () => {
    const fetchMock = show(() => envelope(SIGNED_IN));
    const input = await signInWithPassword();
    submitCode(input, '   ');
    expect((await screen.findByRole('alert')).textContent).toContain('Please enter the code');
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/TwoFactor/Verify'))).toBe(false);
  });

  it('goes back to the password when the sign-in has expired', async () => {
    show(() => envelope({ reason: 'expired' }, 40021, 'This sign-in has expired'));
    const input = await signInWithPassword();
    submitCode(input, '123456');
    expect((await screen.findByRole('alert')).textContent).toContain('This sign-in has expired; please enter your user name and password again.');
    expect(document.querySelector('input[name="password"]')).not.toBeNull();
    expect(document.querySelector('input[name="code"]')).toBeNull();
  });

  it('sends a member whose role requires it, not yet enrolled, to My account', async () => {
    const fetchMock = vi.fn(async () => envelope({ ...SIGNED_IN, user: { ...USER, twoFactorEnabled: false, twoFactorSetupRequired: true } }));
    vi.stubGlobal('fetch', fetchMock);
    renderLogin();
    fireEvent.change(document.querySelector('input[name="userName"]')!, { target: { value: 'ann' } });
    fireEvent.change(document.querySelector('input[name="password"]')!, { target: { value: 'ann-password-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('my account');
  });

  it('speaks Chinese too', async () => {
    window.localStorage.setItem('portico.locale', 'zh-CN');
    show(() => envelope({ reason: 'wrong-code' }, 40021), 'zh-CN');
    const input = await signInWithPassword();
    expect(screen.getByRole('heading', { name: '两步验证' })).toBeTruthy();
    submitCode(input, '000000');
    expect((await screen.findByRole('alert')).textContent).toContain('验证码错误，请重试。');
    expect(screen.getByRole('button', { name: '改用恢复码' })).toBeTruthy();
  });
});
