import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ResourceList } from './resource-list.js';
import { AdminTestFrame, stubMatchMedia } from './test-setup.js';

interface Row {
  id: number;
  name: string;
}

const envelope = (data: unknown) => new Response(JSON.stringify({ isSuccess: true, errorCode: 0, message: '', data }), { status: 200 });
const rows = (page: number, pageSize: number, total: number) =>
  Array.from({ length: Math.max(0, Math.min(pageSize, total - (page - 1) * pageSize)) }, (_, i) => ({ id: (page - 1) * pageSize + i + 1, name: `Row ${(page - 1) * pageSize + i + 1}` }));

function show(total: number, fields?: readonly string[]) {
  const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as { page: number; pageSize: number };
    return envelope({ items: rows(body.page, body.pageSize, total), meta: { page: body.page, pageSize: body.pageSize, total } });
  });
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AdminTestFrame>
      <QueryClientProvider client={client}>
        <ResourceList<Row>
          entity="Thing"
          fields={fields}
          defaultSort={{ field: 'createdAt', order: 'desc' }}
          filters={[{ name: 'statusId', label: 'Status', options: [{ value: 1, label: 'New' }] }]}
          columns={[{ title: 'Name', dataIndex: 'name', key: 'name', sorter: true }]}
        />
      </QueryClientProvider>
    </AdminTestFrame>,
  );
  const bodies = () => fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init.body)) as Record<string, unknown>);
  return { fetchMock, bodies };
}

beforeAll(stubMatchMedia);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a back-office list', () => {
  it('asks the server for each page and each sort order', async () => {
    const { bodies } = show(25);
    await screen.findByText('Row 1');
    expect(bodies()[0]).toEqual({ page: 1, pageSize: 10, sort: { field: 'createdAt', order: 'desc' } });
    expect(screen.getByText('25 in all')).toBeTruthy();
    fireEvent.click(screen.getByTitle('3'));
    await screen.findByText('Row 21');
    expect(bodies().at(-1)).toMatchObject({ page: 3, pageSize: 10 });
    fireEvent.click(screen.getAllByText('Name')[0]!.closest('th')!);
    await waitFor(() => expect(bodies().at(-1)).toMatchObject({ sort: { field: 'name', order: 'asc' } }));
    fireEvent.click(screen.getAllByText('Name')[0]!.closest('th')!);
    await waitFor(() => expect(bodies().at(-1)).toMatchObject({ sort: { field: 'name', order: 'desc' } }));
  });

  it('asks only for the fields it shows when told them, on every page', async () => {
    const { bodies } = show(25, ['name']);
    await screen.findByText('Row 1');
    expect(bodies()[0]).toEqual({ page: 1, pageSize: 10, sort: { field: 'createdAt', order: 'desc' }, fields: ['name'] });
    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('Row 11');
    expect(bodies().at(-1)).toMatchObject({ page: 2, fields: ['name'] });
  });

  it('sends the keyword and goes back to the first page', async () => {
    const { bodies } = show(25);
    await screen.findByText('Row 1');
    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('Row 11');
    fireEvent.change(screen.getByPlaceholderText('Keyword'), { target: { value: ' pump ' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(bodies().at(-1)).toMatchObject({ page: 1, keyword: 'pump' }));
  });

  it('says when there is nothing, and says when loading failed, with a retry', async () => {
    show(0);
    await screen.findByText('Nothing here yet');
    cleanup();
    vi.unstubAllGlobals();
    let fail = true;
    vi.stubGlobal('fetch', vi.fn(async () => (fail ? new Response('{"isSuccess":false,"errorCode":50003,"message":"db down","data":null}', { status: 503 }) : envelope({ items: [{ id: 1, name: 'Back again' }], meta: { page: 1, pageSize: 10, total: 1 } }))));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <AdminTestFrame>
        <QueryClientProvider client={client}>
          <ResourceList<Row> entity="Thing" columns={[{ title: 'Name', dataIndex: 'name', key: 'name' }]} />
        </QueryClientProvider>
      </AdminTestFrame>,
    );
    await screen.findByText('Could not load: The database is unavailable; please try again later.');
    expect(screen.queryByText('Nothing here yet')).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText('Back again');
  });
});
