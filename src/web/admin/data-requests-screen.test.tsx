import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { DataSubjectMatch } from '../../shared/schemas/data-subject.js';
import { DataRequestsScreen } from './data-requests-screen.js';
import { AdminTestFrame, envelope, stubMatchMedia } from './test-setup.js';

const AT = '2026-11-20T08:30:00.000Z';
const match = (fields: Partial<DataSubjectMatch>): DataSubjectMatch => ({
  entity: 'JobApplication',
  id: 7,
  createdAt: AT,
  name: 'Zhang San',
  email: 'Zhang.San@example.com',
  phone: '+86 138 0000 0000',
  statusId: 1,
  title: 'Engineer',
  ...fields,
});
const FOUND = [match({}), match({ entity: 'ContactInfo', id: 3, title: 'A question' }), match({ entity: 'JoinUs', id: 5, title: 'Acme' }), match({ entity: 'JoinUs', id: 4, title: 'Acme again' })];

function show(locale: 'en-US' | 'zh-CN' = 'en-US') {
  let erased = false;
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    if (url.endsWith('/DataSubject/Export')) {
      return new Response(new Uint8Array([0x1f, 0x8b, 8, 0, 0, 0]), { status: 200, headers: { 'content-type': 'application/gzip', 'content-disposition': 'attachment; filename="data-subject-20261120-083000.tar.gz"' } });
    }
    if (url.endsWith('/DataSubject/Erase')) {
      erased = true;
      return envelope({ erased: { JobApplication: 1, ContactInfo: 1, JoinUs: 2 } });
    }
    // As the server routes it: a record is read with GET; a POST there is a status move, refused without a body.
    if (url.endsWith('/ContactInfo/3') && init.method !== 'GET') return new Response(JSON.stringify({ isSuccess: false, errorCode: 40000, message: 'Invalid request', data: null }), { status: 400 });
    if (url.endsWith('/ContactInfo/3')) return envelope({ id: 3, name: 'Zhang San', email: 'zhang.san@example.com', phone: '', subject: 'A question', message: 'Hello there', createdAt: AT });
    const items = erased ? [] : FOUND;
    return envelope({ items, meta: { page: 1, pageSize: 100, total: items.length }, counts: erased ? { JobApplication: 0, ContactInfo: 0, JoinUs: 0 } : { JobApplication: 1, ContactInfo: 1, JoinUs: 2 } });
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:archive', revokeObjectURL: () => undefined }));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter>
      <AdminTestFrame locale={locale}>
        <QueryClientProvider client={client}>
          <DataRequestsScreen />
        </QueryClientProvider>
      </AdminTestFrame>
    </MemoryRouter>,
  );
  const calls = () => fetchMock.mock.calls.map(([url, init]) => ({ url, body: init.body === undefined ? undefined : (JSON.parse(String(init.body)) as Record<string, unknown>) }));
  return { calls };
}

beforeAll(stubMatchMedia);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const form = () => within(screen.getByRole('form', { name: 'Data requests' }));

async function findPerson() {
  fireEvent.change(form().getByLabelText('Email'), { target: { value: ' Zhang.San@example.com ' } });
  fireEvent.change(form().getByLabelText('Phone'), { target: { value: '+86 138 0000 0000' } });
  fireEvent.submit(screen.getByRole('form', { name: 'Data requests' }));
  await screen.findByText('Records found: 4');
}

describe('the data requests screen', () => {
  it('asks for an e-mail or a phone before it searches', async () => {
    const { calls } = show();
    fireEvent.submit(screen.getByRole('form', { name: 'Data requests' }));
    await screen.findByText('Enter an e-mail address or a phone number (at least one)');
    fireEvent.change(form().getByLabelText('Phone'), { target: { value: 'call me' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Data requests' }));
    await screen.findByText('This is not valid');
    expect(calls()).toEqual([]);
  });

  it('lists what it found grouped by kind, each linking to its record', async () => {
    const { calls } = show();
    await findPerson();
    expect(calls()[0]).toEqual({ url: '/api/DataSubject/Find', body: { email: 'Zhang.San@example.com', phone: '+86 138 0000 0000', page: 1, pageSize: 100 } });
    const groups = [...document.querySelectorAll('.ant-card-head-title')].map((el) => el.textContent);
    expect(groups).toEqual(['Applications (1)', 'Contact messages (1)', 'Partner requests (2)']);
    expect(screen.getByRole('link', { name: '#7' }).getAttribute('href')).toBe('/ApplyInfoManagement/ContactDetails?id=7');
    expect(screen.getByText('Acme again')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '#3' }));
    await screen.findByText('Hello there');
  });

  it('downloads the archive for the person the request names', async () => {
    const { calls } = show();
    await findPerson();
    fireEvent.click(screen.getByRole('button', { name: /Export archive/ }));
    await screen.findByText('The archive was downloaded');
    expect(calls().at(-1)).toEqual({ url: '/api/DataSubject/Export', body: { email: 'Zhang.San@example.com', phone: '+86 138 0000 0000' } });
  });

  it('erases only after a confirmation that names the count and says it cannot be undone', async () => {
    const { calls } = show();
    await findPerson();
    fireEvent.click(screen.getByRole('button', { name: /Erase all/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Erase all 4 records of this person?').length).toBeGreaterThan(0);
    expect(within(dialog).getByText(/Applications: 1 .*contact messages: 1, partner requests: 2/)).toBeTruthy();
    expect(within(dialog).getByText(/cannot be undone/)).toBeTruthy();
    expect(calls().some((c) => c.url.endsWith('/Erase'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erase 4 records' }));
    await screen.findByText('Records erased: 4');
    expect(calls().find((c) => c.url.endsWith('/Erase'))?.body).toEqual({ email: 'Zhang.San@example.com', phone: '+86 138 0000 0000', confirm: true });
    await waitFor(() => expect(screen.getByText('Nothing is held under this e-mail address or phone number.')).toBeTruthy());
  });

  it('speaks Chinese too', async () => {
    show('zh-CN');
    expect(screen.getByRole('heading', { name: '个人信息请求' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /查找/ })).toBeTruthy();
  });
});
