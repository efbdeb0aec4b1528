import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { AUTH_PATHS } from '../../../shared/paths.js';
import { AdminTestFrame, stubMatchMedia } from '../../admin/test-setup.js';
import ForgotPassword from './forgot-password.js';
import ResetPassword from './reset-password.js';

const envelope = (data: unknown, errorCode = 0, message = '', status = 200) =>
  new Response(JSON.stringify({ isSuccess: errorCode === 0, errorCode, message, data }), { status });

function mockServer(answer: (url: string, body: Record<string, unknown>) => Response) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => answer(url, JSON.parse(String(init.body ?? '{}'))));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderAt(entry: string, locale: 'en-US' | 'zh-CN' = 'en-US') {
  const router = createMemoryRouter(
    [
      { path: AUTH_PATHS.forgotPassword, element: <ForgotPassword /> },
      { path: AUTH_PATHS.resetPassword, element: <ResetPassword /> },
      { path: AUTH_PATHS.login, element: <p>sign-in page</p> },
    ],
    { initialEntries: [entry] },
  );
  render(
    <AdminTestFrame locale={locale}>
      <RouterProvider router={router} />
    </AdminTestFrame>,
  );
}

function typeNewPassword(password: string, confirm = password) {
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('New password again'), { target: { value: confirm } });
  fireEvent.submit(document.querySelector('form')!);
}

describe('forgotten password pages', () => {
  beforeAll(stubMatchMedia);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks for a link by user name or e-mail and says the same whatever the answer', async () => {
    const fetchMock = mockServer(() => envelope(null));
    renderAt(AUTH_PATHS.forgotPassword);
    fireEvent.change(screen.getByLabelText('User name or e-mail'), { target: { value: 'ann@example.com' } });
    fireEvent.submit(document.querySelector('form')!);
    expect(await screen.findByText(/If that account exists/)).toBeTruthy();
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]!.body))).toEqual({ userNameOrEmail: 'ann@example.com' });
  });

  it('sets a new password with the token of the link', async () => {
    const fetchMock = mockServer(() => envelope(null));
    renderAt(`${AUTH_PATHS.resetPassword}?token=the-token`);
    typeNewPassword('quiet-orchard-88', 'quiet-orchard-89');
    expect(await screen.findByText('The two new passwords do not match')).toBeTruthy();
    typeNewPassword('short');
    expect(await screen.findByText('At least 8 characters')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    typeNewPassword('quiet-orchard-88');
    expect(await screen.findByText(/Your password has been reset/)).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toMatch(/\/api\/security\/PasswordReset\/Confirm$/);
    expect(JSON.parse(String(init!.body))).toEqual({ token: 'the-token', password: 'quiet-orchard-88' });
  });

  it('says clearly when the link was used or has expired, in both languages, and offers a new one', async () => {
    mockServer(() => envelope({ reason: 'expired' }, 40032, 'This password-reset link has expired', 400));
    renderAt(`${AUTH_PATHS.resetPassword}?token=old`);
    typeNewPassword('quiet-orchard-88');
    expect(await screen.findByText(/This link has expired/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(AUTH_PATHS.forgotPassword);
    cleanup();

    mockServer(() => envelope({ reason: 'used' }, 40032, 'This password-reset link has already been used', 400));
    renderAt(`${AUTH_PATHS.resetPassword}?token=used`, 'zh-CN');
    fireEvent.change(screen.getByLabelText('新密码'), { target: { value: 'quiet-orchard-88' } });
    fireEvent.change(screen.getByLabelText('再次输入新密码'), { target: { value: 'quiet-orchard-88' } });
    fireEvent.submit(document.querySelector('form')!);
    expect(await screen.findByText(/此链接已被使用过/)).toBeTruthy();
  });

  it('explains a refused password in the reader’s language', async () => {
    mockServer(() => envelope({ issues: [{ path: 'password', message: 'x' }], reason: 'common' }, 40000, 'password: x', 400));
    renderAt(`${AUTH_PATHS.resetPassword}?token=t`);
    typeNewPassword('iloveyou123');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/too common/));
  });
});
