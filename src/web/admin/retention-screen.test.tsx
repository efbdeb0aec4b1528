import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RetentionScreen } from './retention-screen.js';
import { AdminTestFrame, envelope, stubMatchMedia } from './test-setup.js';

const SETTINGS = {
  JobApplication: { days: 180, action: 'delete' },
  ContactInfo: { days: 365, action: 'delete' },
  JoinUs: { days: 365, action: 'anonymise' },
  updatedAt: null,
  lastRunOn: '2026-11-24',
};

function show(locale: 'en-US' | 'zh-CN' = 'en-US') {
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    if (url.endsWith('/Retention/Preview')) {
      return envelope({
        counts: { JobApplication: 2, ContactInfo: 1, JoinUs: 0 },
        items: [
          { entity: 'JobApplication', id: 11, since: '2025-01-02T03:04:05.000Z', action: 'delete' },
          { entity: 'JobApplication', id: 12, since: '2025-02-02T03:04:05.000Z', action: 'delete' },
          { entity: 'ContactInfo', id: 7, since: '2024-02-02T03:04:05.000Z', action: 'delete' },
        ],
        meta: { page: 1, pageSize: 10, total: 3 },
      });
    }
    if (url.endsWith('/Retention/Update')) return envelope({ ...SETTINGS, ...(JSON.parse(String(init.body)) as object) });
    return envelope(SETTINGS);
  });
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter>
      <AdminTestFrame locale={locale}>
        <QueryClientProvider client={client}>
          <RetentionScreen />
        </QueryClientProvider>
      </AdminTestFrame>
    </MemoryRouter>,
  );
  const calls = () =>
    fetchMock.mock.calls.map(([url, init]) => ({ url, method: init?.method, body: init?.body === undefined ? undefined : (JSON.parse(String(init.body)) as Record<string, unknown>) }));
  return { calls };
}

beforeAll(stubMatchMedia);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const daysOf = (kind: string) => screen.getByRole('spinbutton', { name: `${kind} Days kept` }) as HTMLInputElement;
const saveButton = () => screen.getByRole('button', { name: 'Save' });

describe('retention screen', () => {
  it('shows the saved periods, previews exactly the values on screen, and only then saves them', async () => {
    const { calls } = show();
    await waitFor(() => expect(daysOf('Job applications').value).toBe('180'));
    // Read as the server serves it: GET /api/Retention (a POST there is no call at all).
    expect(calls().find((c) => c.url.endsWith('/api/Retention'))?.method).toBe('GET');
    expect(screen.getByText('Last run: 2026-11-24')).toBeTruthy();
    expect(saveButton().hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Preview before saving.')).toBeTruthy();

    fireEvent.change(daysOf('Contact messages'), { target: { value: '90' } });
    fireEvent.blur(daysOf('Contact messages'));
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByText('The next run would remove 3 record(s)');
    const previewCall = calls().find((c) => c.url.endsWith('/Retention/Preview'));
    expect(previewCall?.body).toMatchObject({ page: 1, settings: { ContactInfo: { days: 90, action: 'delete' }, JoinUs: { days: 365, action: 'anonymise' } } });
    expect(screen.getByText('Job applications: 2 · Contact messages: 1 · Join-us entries: 0')).toBeTruthy();
    expect(screen.getByRole('cell', { name: '11' })).toBeTruthy();

    await waitFor(() => expect(saveButton().hasAttribute('disabled')).toBe(false));
    fireEvent.click(saveButton());
    await waitFor(() => expect(calls().some((c) => c.url.endsWith('/Retention/Update'))).toBe(true));
    expect(calls().find((c) => c.url.endsWith('/Retention/Update'))?.body).toEqual({
      JobApplication: { days: 180, action: 'delete' },
      ContactInfo: { days: 90, action: 'delete' },
      JoinUs: { days: 365, action: 'anonymise' },
    });
  });

  it('asks for a new preview after a change, and keeps a period within range', async () => {
    const { calls } = show();
    await waitFor(() => expect(daysOf('Join-us entries').value).toBe('365'));
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByText('The next run would remove 3 record(s)');
    await waitFor(() => expect(saveButton().hasAttribute('disabled')).toBe(false));
    fireEvent.change(daysOf('Join-us entries'), { target: { value: '30' } });
    await waitFor(() => expect(saveButton().hasAttribute('disabled')).toBe(true));
    expect(screen.queryByText('The next run would remove 3 record(s)')).toBeNull();
    expect(calls().some((c) => c.url.endsWith('/Retention/Update'))).toBe(false);
    // Out of range: the field holds at most the longest period the server takes.
    fireEvent.change(daysOf('Join-us entries'), { target: { value: '5000' } });
    fireEvent.blur(daysOf('Join-us entries'));
    await waitFor(() => expect(daysOf('Join-us entries').value).toBe('3650'));
  });

  it('speaks Chinese', async () => {
    show('zh-CN');
    expect(await screen.findByRole('heading', { name: '保留期限' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /预\s*览/ })).toBeTruthy();
    expect(await screen.findByText('上次运行：2026-11-24')).toBeTruthy();
  });
});
