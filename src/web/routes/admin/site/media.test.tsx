import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { modulesOf } from '../../../../shared/modules.js';
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
  modules: modulesOf(['admin']),
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

/** Where the router is, for the test to read. */
function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

describe('the media screen in the address (issue 21)', () => {
  beforeAll(stubMatchMedia);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('opens on the page and keyword the address names, and writes each change there', async () => {
    const bodies: Record<string, unknown>[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (!url.endsWith('/api/Media/Query')) return new Response(JSON.stringify({ isSuccess: true, errorCode: 0, message: '', data: null }));
        const body = JSON.parse(String(init.body)) as { page: number; pageSize: number };
        bodies.push(body);
        const items = [{ ...image, id: body.page, name: `page-${body.page}.jpg` }];
        return new Response(JSON.stringify({ isSuccess: true, errorCode: 0, message: '', data: { items, meta: { page: body.page, pageSize: 24, total: 60 } } }));
      }),
    );
    render(
      <MemoryRouter initialEntries={[`${ADMIN_PATHS.media}?keyword=harbour&page=2`]}>
        <AdminTestFrame>
          <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
            <SessionContext.Provider value={{ user, setUser: () => undefined }}>
              <Where />
              <MediaLibrary />
            </SessionContext.Provider>
          </QueryClientProvider>
        </AdminTestFrame>
      </MemoryRouter>,
    );
    await screen.findByText('page-2.jpg', {}, { timeout: 5000 });
    expect(bodies[0]).toEqual({ page: 2, pageSize: 24, keyword: 'harbour' });
    const search = screen.getByRole('searchbox', { name: 'Search names or alt text' });
    expect((search as HTMLInputElement).value).toBe('harbour');
    fireEvent.click(screen.getByTitle('3'));
    await screen.findByText('page-3.jpg');
    expect(screen.getByTestId('where').textContent).toBe(`${ADMIN_PATHS.media}?keyword=harbour&page=3`);
    // Another keyword starts from the first page, which the address does not need to name.
    fireEvent.change(search, { target: { value: 'pier' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(`${ADMIN_PATHS.media}?keyword=pier`));
    expect(bodies.at(-1)).toEqual({ page: 1, pageSize: 24, keyword: 'pier' });
  });
});
