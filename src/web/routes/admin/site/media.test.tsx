import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MODULES } from '../../../../shared/modules.js';
import { ADMIN_PATHS, jobEditPath, newsEditPath } from '../../../../shared/paths.js';
import type { CurrentUser } from '../../../../shared/schemas/user.js';
import { SessionContext } from '../../../admin/session-context.js';
import { AdminTestFrame, stubMatchMedia } from '../../../admin/test-setup.js';
import MediaLibrary from './media.js';

const image = {
  id: 4,
  name: 'harbour.jpg',
  mimeType: 'image/jpeg',
  size: 1234,
  width: 1200,
  height: 800,
  alt: { 'zh-CN': '港口', 'en-US': 'Harbour' },
  url: '/api/File/Download/4',
  reference: '/api/File/Download/4#w=1200&h=800&t=jpeg',
  variants: [],
  createdAt: '2026-11-01T00:00:00.000Z',
};

const user: CurrentUser = {
  id: 1,
  userName: 'admin',
  displayName: 'Admin',
  email: '',
  roles: ['admin'],
  isActive: true,
  lastLoginAt: null,
  mustChangePassword: false,
  twoFactorEnabled: false,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  modules: [...MODULES],
};

const uses = [
  { entity: 'News', id: 12, label: 'The harbour opens' },
  { entity: 'Job', id: 3, label: 'Harbour pilot' },
  { entity: 'SiteSettings', id: 'logo', label: 'logo' },
];

describe('the media screen’s refusal to delete an image in use', () => {
  beforeAll(stubMatchMedia);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('names each use, a job among them, and links it to its editor', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (url.endsWith('/api/Media/Query')) {
          return new Response(JSON.stringify({ isSuccess: true, errorCode: 0, message: '', data: { items: [image], meta: { page: 1, pageSize: 24, total: 1 } } }));
        }
        if (url.endsWith('/api/Media/4') && init.method === 'DELETE') {
          return new Response(JSON.stringify({ isSuccess: false, errorCode: 40009, message: 'The image is in use', data: { reason: 'in-use', uses } }), { status: 409 });
        }
        return new Response(JSON.stringify({ isSuccess: true, errorCode: 0, message: '', data: null }));
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // The router holds everything, as it does in the app: the refusal's dialog is drawn by antd's App.
    render(
      <MemoryRouter initialEntries={[ADMIN_PATHS.media]}>
        <AdminTestFrame>
          <QueryClientProvider client={client}>
            <SessionContext.Provider value={{ user, setUser: () => undefined }}>
              <MediaLibrary />
            </SessionContext.Provider>
          </QueryClientProvider>
        </AdminTestFrame>
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }, { timeout: 5000 }));
    const confirm = await screen.findByRole('tooltip');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    const list = within(dialog).getByRole('list');
    expect(within(list).getByRole('link', { name: 'Job: Harbour pilot' }).getAttribute('href')).toBe(jobEditPath(3));
    expect(within(list).getByRole('link', { name: 'News: The harbour opens' }).getAttribute('href')).toBe(newsEditPath(12));
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
  });
});
