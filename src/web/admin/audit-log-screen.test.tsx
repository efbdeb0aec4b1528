import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '../../shared/schemas/audit.js';
import type { AuditEvent } from '../../shared/schemas/audit.js';
import admin from '../i18n/catalogues/admin.js';
import { AuditLogScreen } from './audit-log-screen.js';
import { AdminTestFrame, chooseOption, envelope, shownChoice, spokenText, stubMatchMedia } from './test-setup.js';

const AT = '2026-11-20T08:30:00.000Z';
const entry = (fields: Partial<AuditEvent>): AuditEvent => ({
  id: 1,
  at: AT,
  userId: 1,
  userName: 'admin',
  action: 'update',
  entity: 'News',
  entityId: '42',
  changes: null,
  clientAddress: '10.1.2.3',
  userAgent: 'Firefox/140',
  ...fields,
});
const ENTRIES = [
  entry({ id: 3, changes: { title: ['Old title', 'New title'], isTop: [false, true] } }),
  entry({ id: 2, action: 'status-move', entity: 'JobApplication', entityId: '7', changes: { statusId: [null, null] } }),
  entry({ id: 1, action: 'sign-in-failed', userId: null, userName: 'intruder', entity: 'User', entityId: null }),
];

function show(locale: 'en-US' | 'zh-CN' = 'en-US', search = '') {
  const fetchMock = vi.fn(async (url: string, _init: RequestInit) =>
    url.endsWith('/Export') || url.includes('/Export?')
      ? new Response('\uFEFF"ID"\r\n', { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="audit-log-2026-11-20.csv"' } })
      : envelope({ items: ENTRIES, meta: { page: 1, pageSize: 10, total: 3 } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter initialEntries={[`/AuditLog${search}`]}>
      <AdminTestFrame locale={locale}>
        <QueryClientProvider client={client}>
          <AuditLogScreen />
        </QueryClientProvider>
      </AdminTestFrame>
    </MemoryRouter>,
  );
  const calls = () => fetchMock.mock.calls.map(([url, init]) => ({ url, method: init.method, headers: init.headers as Record<string, string>, body: init.body === undefined ? undefined : (JSON.parse(String(init.body)) as Record<string, unknown>) }));
  return { calls, queries: () => calls().filter((call) => call.url.endsWith('/AuditLog/Query')).map((call) => call.body!) };
}

beforeAll(stubMatchMedia);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the audit log screen', () => {
  it('lists entries newest first: time, user, action, the record linking to its editor, address and browser', async () => {
    const { queries } = show();
    await screen.findByText('intruder');
    expect(queries()[0]).toEqual({ page: 1, pageSize: 10, sort: { field: 'at', order: 'desc' } });
    const headers = screen.getAllByRole('columnheader').map(spokenText);
    expect(headers).toEqual(['Time', 'User', 'Action', 'Record', 'Address', 'Browser', 'Actions']);
    expect(screen.getByRole('link', { name: 'News item 42' }).getAttribute('href')).toBe('/NewsManagement/modify-news?id=42');
    expect(screen.getByRole('link', { name: 'Application 7' }).getAttribute('href')).toBe('/ApplyInfoManagement/ContactDetails?id=7');
    expect(within(screen.getByText('intruder').closest('tr')!).getByText('Sign-in failed')).toBeTruthy();
    expect(screen.getAllByText('admin (#1)')).toHaveLength(2);
  });

  it('filters by user (digits as an id, text as a name), record kind, action and dates', async () => {
    const { queries } = show();
    await screen.findByText('intruder');
    const toolbar = within(document.querySelector<HTMLElement>('.admin-toolbar')!);
    const user = toolbar.getByRole('searchbox', { name: 'User (ID or user name)' });
    const search = (text: string) => {
      fireEvent.change(user, { target: { value: text } });
      fireEvent.click(screen.getByRole('button', { name: 'Search by User (ID or user name)' }));
    };
    search('12');
    await waitFor(() => expect(queries().at(-1)).toMatchObject({ filters: { userId: 12 } }));
    search('wang');
    await waitFor(() => expect(queries().at(-1)!.filters).toEqual({ userName: 'wang' }));
    expect(toolbar.getAllByRole('combobox').map((box) => box.getAttribute('aria-label'))).toEqual(['Record', 'Action']);
    chooseOption(toolbar.getByRole('combobox', { name: 'Action' }), 'Signed out');
    await waitFor(() => expect(queries().at(-1)!.filters).toEqual({ userName: 'wang', action: 'sign-out' }));
    expect(document.querySelectorAll('.admin-toolbar .date-range')).toHaveLength(1);
  });

  it('opens filtered by the user, action and dates a link names, and shows them in its filters', async () => {
    const from = '2026-11-01T00:00:00.000Z';
    const to = '2026-11-20T23:59:59.999Z';
    const { queries } = show('en-US', `?userName=wang&action=sign-out&atFrom=${from}&atTo=${to}`);
    await screen.findByText('intruder');
    expect(queries()).toEqual([{ page: 1, pageSize: 10, sort: { field: 'at', order: 'desc' }, filters: { userName: 'wang', action: 'sign-out', atFrom: from, atTo: to } }]);
    const toolbar = within(document.querySelector<HTMLElement>('.admin-toolbar')!);
    expect((toolbar.getByRole('searchbox', { name: 'User (ID or user name)' }) as HTMLInputElement).value).toBe('wang');
    expect(toolbar.getAllByRole('combobox').map(shownChoice)).toEqual([null, 'Signed out']);
    // The range is shown in the reader's time zone, whichever wrote the link.
    const [start, end] = [...document.querySelectorAll<HTMLInputElement>('.admin-toolbar .date-range input')].map((input) => input.value);
    expect(start).toBe(new Date(from).toLocaleDateString('sv'));
    expect(end).toBe(new Date(to).toLocaleDateString('sv'));
  });

  it('shows a range a hand-edited link gives only the start of, and asks for that alone', async () => {
    const from = '2026-11-01T00:00:00.000Z';
    const { queries } = show('en-US', `?atFrom=${from}`);
    await screen.findByText('intruder');
    expect(queries()[0]!.filters).toEqual({ atFrom: from });
    const [start, end] = [...document.querySelectorAll<HTMLInputElement>('.admin-toolbar .date-range input')].map((input) => input.value);
    expect([start, end]).toEqual([new Date(from).toLocaleDateString('sv'), '']);
  });

  it('shows an update\'s changes as field: before → after, and only field names for personal data', async () => {
    show();
    await screen.findByText('intruder');
    fireEvent.click(within(screen.getByRole('link', { name: 'News item 42' }).closest('tr')!).getByRole('button', { name: 'View' }));
    const changes = await screen.findByRole('list', { name: 'Changes' });
    expect(changes.textContent).toContain('title: Old title → New title');
    expect(changes.textContent).toContain('isTop: false → true');
    cleanup();

    show();
    await screen.findByText('intruder');
    fireEvent.click(within(screen.getByRole('link', { name: 'Application 7' }).closest('tr')!).getByRole('button', { name: 'View' }));
    const hidden = await screen.findByRole('list', { name: 'Changes' });
    expect(hidden.textContent).toBe('statusId');
    expect(screen.getByText(/keeps which fields changed, not their contents/)).toBeTruthy();
  });

  it('exports through the server, with the list\'s filters, in the reader\'s language', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const { calls } = show('zh-CN');
    await screen.findByText('intruder');
    fireEvent.click(screen.getByRole('button', { name: '导出 CSV' }));
    await waitFor(() => expect(calls().some((call) => call.url.includes('/api/AuditLog/Export?offset='))).toBe(true));
    const exported = calls().find((call) => call.url.includes('/Export'))!;
    expect(exported.method).toBe('POST');
    expect(exported.body).toEqual({ sort: { field: 'at', order: 'desc' } });
    expect(exported.headers['Accept-Language']).toBe('zh-CN');
  });

  it('names every action and record kind in both languages', () => {
    for (const locale of ['zh-CN', 'en-US'] as const) {
      const audit = admin[locale].audit as { actions: Record<string, string>; entities: Record<string, string> };
      for (const action of AUDIT_ACTIONS) expect(audit.actions[action], `${locale} ${action}`).toBeTruthy();
      for (const entity of AUDIT_ENTITIES) expect(audit.entities[entity], `${locale} ${entity}`).toBeTruthy();
    }
  });
});
