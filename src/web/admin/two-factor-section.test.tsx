import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CurrentUser } from '../../shared/schemas/user.js';
import { SessionContext } from './session-context.js';
import { AdminTestFrame, stubMatchMedia } from './test-setup.js';
import { TwoFactorSection } from './two-factor-section.js';

const USER: CurrentUser = {
  id: 3,
  userName: 'hr.one',
  displayName: '',
  email: '',
  roles: ['hr'],
  isActive: true,
  lastLoginAt: null,
  mustChangePassword: false,
  twoFactorEnabled: false,
  twoFactorSetupRequired: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  modules: [],
};
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `aaaa${i}-bbbb${i}`);

const envelope = (data: unknown, errorCode = 0, message = '') =>
  new Response(JSON.stringify({ isSuccess: errorCode === 0, errorCode, message, data }), { status: errorCode === 40000 ? 400 : 200 });

describe('two-step verification in My account', () => {
  beforeAll(stubMatchMedia);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('draws the QR code here, shows the key, confirms with a code and shows the recovery codes once', async () => {
    let enabled = false;
    const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
      if (url.endsWith('/api/security/TwoFactor')) return envelope({ enabled, required: true, recoveryCodesLeft: enabled ? 10 : 0 });
      if (url.endsWith('/Enrol')) return envelope({ otpauthUri: `otpauth://totp/Portico:hr.one?secret=${SECRET}&issuer=Portico`, secret: SECRET });
      if (url.endsWith('/Confirm')) {
        const { code } = JSON.parse(String(init.body));
        if (code !== '654321') return envelope({ issues: [{ path: 'code', message: 'The code is wrong' }] }, 40000, 'code: The code is wrong');
        enabled = true;
        return envelope({ recoveryCodes: CODES });
      }
      return envelope(null);
    });
    vi.stubGlobal('fetch', fetchMock);
    const setUser = vi.fn();
    render(
      <AdminTestFrame>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <SessionContext.Provider value={{ user: USER, setUser }}>
            <TwoFactorSection />
          </SessionContext.Provider>
        </QueryClientProvider>
      </AdminTestFrame>,
    );
    expect(await screen.findByText(/Your role requires two-step verification/)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on two-step verification' }));
    expect(await screen.findByText(SECRET)).toBeTruthy();
    // Drawn as SVG in the page: no image is fetched from anywhere.
    expect(document.querySelector('.ant-qrcode svg')).not.toBeNull();
    expect(document.querySelector('img')).toBeNull();
    expect(fetchMock.mock.calls.every(([url]) => String(url).startsWith('/api/'))).toBe(true);

    const code = screen.getByLabelText('Code');
    fireEvent.change(code, { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText(/The code is wrong/)).toBeTruthy();
    fireEvent.change(code, { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect((await screen.findByTestId('recovery-codes')).textContent).toBe(CODES.join('\n'));
    expect(screen.getByRole('button', { name: 'Download' })).toBeTruthy();
    await waitFor(() => expect(setUser).toHaveBeenCalledWith(expect.objectContaining({ twoFactorEnabled: true, twoFactorSetupRequired: false })));

    fireEvent.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByText('Two-step verification is on. Recovery codes left: 10.')).toBeTruthy();
    expect(screen.queryByTestId('recovery-codes')).toBeNull();
  });
});
