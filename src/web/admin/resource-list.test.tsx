import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Link, MemoryRouter, useLocation, useNavigate } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { z } from 'zod';
import { defineEntity, filter } from '../../shared/entity.js';
import { recordId } from '../../shared/fields.js';
import { ResourceList } from './resource-list.js';
import type { ListStateIn } from './resource-list.js';
import { AdminTestFrame, envelope, stubMatchMedia } from './test-setup.js';

interface Row {
  id: number;
  name: string;
}

/** An entity only this test knows: two statuses, sorted by name or creation. */
const thingEntity = defineEntity({
  name: 'Thing',
  record: z.object({ id: recordId, name: z.string(), createdAt: z.string() }),
  filters: { statusId: filter(z.number().int().min(1).max(2)) },
  sort: ['name', 'createdAt', 'id'] as const,
  search: ['name'],
});

const rows = (page: number, pageSize: number, total: number) =>
  Array.from({ length: Math.max(0, Math.min(pageSize, total - (page - 1) * pageSize)) }, (_, i) => ({ id: (page - 1) * pageSize + i + 1, name: `Row ${(page - 1) * pageSize + i + 1}` }));

/** Where the router is, shown for the test to read; and a way back, as the browser's Back button. */
function Where() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="where">{`${location.pathname}${location.search}`}</output>
      <button type="button" onClick={() => void navigate(-1)}>
        Browser back
      </button>
      <Link to="/things">Menu: things</Link>
    </>
  );
}

/**
 * The list at `/things` (with `search`, as a link or Back would bring it), reached from `/start`;
 * `stateIn` as a screen would give it.
 */
function show(total: number, options: { fields?: readonly string[]; search?: string; stateIn?: ListStateIn } = {}) {
  const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as { page: number; pageSize: number };
    return envelope({ items: rows(body.page, body.pageSize, total), meta: { page: body.page, pageSize: body.pageSize, total } });
  });
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter initialEntries={['/start', `/things${options.search ?? ''}`]} initialIndex={1}>
      <AdminTestFrame>
        <QueryClientProvider client={client}>
          <Where />
          <ResourceList<Row>
            entity={thingEntity}
            fields={options.fields}
            stateIn={options.stateIn}
            defaultSort={{ field: 'createdAt', order: 'desc' }}
            filters={[{ name: 'statusId', label: 'Status', options: [{ value: 1, label: 'New' }, { value: 2, label: 'Done' }] }]}
            columns={[
              { title: 'Name', dataIndex: 'name', key: 'name', sorter: true },
              { title: 'Created', dataIndex: 'createdAt', key: 'createdAt', sorter: true },
            ]}
          />
        </QueryClientProvider>
      </AdminTestFrame>
    </MemoryRouter>,
  );
  const bodies = () => fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init.body)) as Record<string, unknown>);
  return { fetchMock, bodies };
}

const where = () => screen.getByTestId('where').textContent;
const header = (title: string) => screen.getAllByText(title)[0]!.closest('th')!;
const toolbar = () => within(screen.getByRole('search'));
/** The status the filter shows chosen, if any. */
const statusShown = () => screen.getByRole('search').querySelector('.ant-select-content-has-value')?.getAttribute('title') ?? null;
const currentPage = () => document.querySelector('.ant-pagination-item-active')?.getAttribute('title');

/** Chooses a status in the filter of `list` (the only list's, when not given). */
async function chooseStatus(label: string, list = toolbar()) {
  fireEvent.mouseDown(list.getByRole('combobox', { name: 'Status' }));
  const options = await screen.findAllByTitle(label);
  fireEvent.click(options.find((option) => option.classList.contains('ant-select-item-option'))!);
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
    fireEvent.click(header('Name'));
    await waitFor(() => expect(bodies().at(-1)).toMatchObject({ sort: { field: 'name', order: 'asc' } }));
    fireEvent.click(header('Name'));
    await waitFor(() => expect(bodies().at(-1)).toMatchObject({ sort: { field: 'name', order: 'desc' } }));
  });

  it('asks only for the fields it shows when told them, on every page', async () => {
    const { bodies } = show(25, { fields: ['name'] });
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
      <MemoryRouter>
        <AdminTestFrame>
          <QueryClientProvider client={client}>
            <ResourceList<Row> entity={thingEntity} columns={[{ title: 'Name', dataIndex: 'name', key: 'name' }]} />
          </QueryClientProvider>
        </AdminTestFrame>
      </MemoryRouter>,
    );
    await screen.findByText('Could not load: The database is unavailable; please try again later.');
    expect(screen.queryByText('Nothing here yet')).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText('Back again');
  });
});

describe('a back-office list in the address (issue 21, defect 5)', () => {
  it('shows the list the address describes: keyword, filter, sort, page and page size', async () => {
    const { bodies } = show(45, { search: '?keyword=pump&statusId=2&sort=name&order=asc&page=2&pageSize=20' });
    await screen.findByText('Row 21');
    expect(bodies()).toEqual([{ page: 2, pageSize: 20, keyword: 'pump', filters: { statusId: 2 }, sort: { field: 'name', order: 'asc' } }]);
    // The controls say so too: what a user sees after Back is what the list is asked for.
    expect((toolbar().getByRole('searchbox', { name: 'Keyword' }) as HTMLInputElement).value).toBe('pump');
    expect(statusShown()).toBe('Done');
    expect(header('Name').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Created').getAttribute('aria-sort')).toBeNull();
    expect(currentPage()).toBe('2');
    expect(screen.getByText('20 / page')).toBeTruthy();
  });

  it('writes each change into the address, and nothing a fresh list has', async () => {
    const { bodies } = show(45);
    await screen.findByText('Row 1');
    expect(where()).toBe('/things');
    fireEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(where()).toBe('/things?page=3'));
    await screen.findByText('Row 21');
    fireEvent.click(header('Name'));
    await waitFor(() => expect(where()).toBe('/things?sort=name&order=asc'));
    // A filter or a keyword starts from the first page again.
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(where()).toBe('/things?sort=name&order=asc&page=2'));
    await chooseStatus('Done');
    await waitFor(() => expect(where()).toBe('/things?statusId=2&sort=name&order=asc'));
    fireEvent.change(toolbar().getByRole('searchbox', { name: 'Keyword' }), { target: { value: ' pump ' } });
    fireEvent.click(toolbar().getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(where()).toBe('/things?keyword=pump&statusId=2&sort=name&order=asc'));
    expect(bodies().at(-1)).toEqual({ page: 1, pageSize: 10, keyword: 'pump', filters: { statusId: 2 }, sort: { field: 'name', order: 'asc' } });
    // Back to the defaults, the address is clean again.
    fireEvent.click(header('Name'));
    fireEvent.click(header('Name'));
    await waitFor(() => expect(where()).toBe('/things?keyword=pump&statusId=2'));
    fireEvent.click(screen.getByRole('search').querySelector('.ant-select-clear')!);
    await waitFor(() => expect(where()).toBe('/things?keyword=pump'));
    fireEvent.change(toolbar().getByRole('searchbox', { name: 'Keyword' }), { target: { value: '' } });
    fireEvent.click(toolbar().getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(where()).toBe('/things'));
  });

  it('turns the default sort column between its two orders, the default one leaving the address clean', async () => {
    show(5);
    await screen.findByText('Row 1');
    expect(header('Created').getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(header('Created'));
    await waitFor(() => expect(where()).toBe('/things?sort=createdAt&order=asc'));
    expect(header('Created').getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(header('Created'));
    await waitFor(() => expect(where()).toBe('/things'));
    expect(header('Created').getAttribute('aria-sort')).toBe('descending');
  });

  it('shows a fresh list, without an error, for what a hand-edited address gets wrong', async () => {
    const { bodies } = show(25, { search: '?statusId=7&page=zero&pageSize=33&sort=secret&order=up&keyword=&colour=red' });
    await screen.findByText('Row 1');
    expect(bodies()).toEqual([{ page: 1, pageSize: 10, sort: { field: 'createdAt', order: 'desc' } }]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(statusShown()).toBeNull();
    // The next change writes only what is valid, and keeps what is not the list's.
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(where()).toBe('/things?colour=red&page=2'));
  });

  it('is one stop in the history: Back leaves it for the screen before, however much it changed', async () => {
    show(25);
    await screen.findByText('Row 1');
    await chooseStatus('New');
    await waitFor(() => expect(where()).toBe('/things?statusId=1'));
    fireEvent.change(toolbar().getByRole('searchbox', { name: 'Keyword' }), { target: { value: 'pump' } });
    fireEvent.click(toolbar().getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(where()).toBe('/things?keyword=pump&statusId=1'));
    fireEvent.click(screen.getByRole('button', { name: 'Browser back' }));
    await waitFor(() => expect(where()).toBe('/start'));
  });

  it('follows the address when it changes under it: a menu link brings the fresh list back', async () => {
    const { bodies } = show(25, { search: '?keyword=pump&statusId=1&page=2' });
    await screen.findByText('Row 11');
    fireEvent.click(screen.getByRole('link', { name: 'Menu: things' }));
    await waitFor(() => expect(where()).toBe('/things'));
    await waitFor(() => expect(bodies().at(-1)).toEqual({ page: 1, pageSize: 10, sort: { field: 'createdAt', order: 'desc' } }));
    expect((toolbar().getByRole('searchbox', { name: 'Keyword' }) as HTMLInputElement).value).toBe('');
    expect(statusShown()).toBeNull();
    expect(currentPage()).toBe('1');
  });

  it('kept in its component, leaves the address to the page\'s own list: a screen with two lists', async () => {
    const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as { page: number; pageSize: number };
      const items = rows(body.page, body.pageSize, 25).map((row) => ({ ...row, name: `${url.includes('/Part/') ? 'Part' : 'Thing'} ${row.id}` }));
      return envelope({ items, meta: { page: body.page, pageSize: body.pageSize, total: 25 } });
    });
    vi.stubGlobal('fetch', fetchMock);
    const partEntity = { ...thingEntity, name: 'Part' };
    const columns = [{ title: 'Name', dataIndex: 'name', key: 'name', sorter: true }];
    const statusFilter = [{ name: 'statusId', label: 'Status', options: [{ value: 1, label: 'New' }] }];
    render(
      <MemoryRouter initialEntries={['/things?statusId=1&page=2']}>
        <AdminTestFrame>
          <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
            <Where />
            <section aria-label="Things">
              <ResourceList<Row> entity={thingEntity} filters={statusFilter} columns={columns} />
            </section>
            <section aria-label="Parts">
              <ResourceList<Row> entity={partEntity} filters={statusFilter} columns={columns} stateIn="component" />
            </section>
          </QueryClientProvider>
        </AdminTestFrame>
      </MemoryRouter>,
    );
    const bodiesOf = (entity: string) => fetchMock.mock.calls.filter(([url]) => url.includes(`/${entity}/`)).map(([, init]) => JSON.parse(String(init.body)) as Record<string, unknown>);
    const parts = within(screen.getByRole('region', { name: 'Parts' }));
    const things = within(screen.getByRole('region', { name: 'Things' }));
    await things.findByText('Thing 11');
    await parts.findByText('Part 1');
    // The page's list reads the address; the other starts fresh whatever it says.
    expect(bodiesOf('Thing')[0]).toEqual({ page: 2, pageSize: 10, filters: { statusId: 1 } });
    expect(bodiesOf('Part')[0]).toEqual({ page: 1, pageSize: 10 });
    fireEvent.click(parts.getByTitle('3'));
    await parts.findByText('Part 21');
    await chooseStatus('New', parts);
    await waitFor(() => expect(bodiesOf('Part').at(-1)).toEqual({ page: 1, pageSize: 10, filters: { statusId: 1 } }));
    fireEvent.click(parts.getAllByText('Name')[0]!.closest('th')!);
    await waitFor(() => expect(bodiesOf('Part').at(-1)).toMatchObject({ sort: { field: 'name', order: 'asc' } }));
    expect(where()).toBe('/things?statusId=1&page=2');
    // The page's own list still writes it, and the other list keeps its own state meanwhile.
    fireEvent.click(things.getByTitle('3'));
    await waitFor(() => expect(where()).toBe('/things?statusId=1&page=3'));
    expect(bodiesOf('Part').at(-1)).toEqual({ page: 1, pageSize: 10, filters: { statusId: 1 }, sort: { field: 'name', order: 'asc' } });
  });
});
