import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Link, MemoryRouter, useLocation, useNavigate } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { z } from 'zod';
import { defineEntity, filter } from '../../shared/entity.js';
import { recordId } from '../../shared/fields.js';
import { ResourceList } from './resource-list.js';
import type { ListStateIn } from './resource-list.js';
import type { BulkActions } from './bulk-bar.js';
import { AdminTestFrame, TestRouter, chooseOption, clearChoice, envelope, shownChoice, stubMatchMedia } from './test-setup.js';

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
 * `stateIn` and `bulk` as a screen would give them.
 */
function show(total: number, options: { fields?: readonly string[]; search?: string; stateIn?: ListStateIn; bulk?: BulkActions } = {}) {
  const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as { page: number; pageSize: number };
    return envelope({ items: rows(body.page, body.pageSize, total), meta: { page: body.page, pageSize: body.pageSize, total } });
  });
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const screenOfThings = (
    <>
      <Where />
      <ResourceList<Row>
        entity={thingEntity}
        fields={options.fields}
        stateIn={options.stateIn}
        bulk={options.bulk}
        defaultSort={{ field: 'createdAt', order: 'desc' }}
        filters={[{ name: 'statusId', label: 'Status', options: [{ value: 1, label: 'New' }, { value: 2, label: 'Done' }] }]}
        columns={[
          { title: 'Name', dataIndex: 'name', key: 'name', sorter: true },
          { title: 'Created', dataIndex: 'createdAt', key: 'createdAt', sorter: true },
        ]}
      />
    </>
  );
  render(
    <AdminTestFrame>
      <QueryClientProvider client={client}>
        <TestRouter from="/start" at={`/things${options.search ?? ''}`} routes={[{ path: '*', element: screenOfThings }]} />
      </QueryClientProvider>
    </AdminTestFrame>,
  );
  const bodies = () => fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init.body)) as Record<string, unknown>);
  return { fetchMock, bodies };
}

const where = () => screen.getByTestId('where').textContent;
const header = (title: string, list = within(document.body)) => list.getByRole('columnheader', { name: title });
/** Clicks a column's header, as a user sorts the list (`list`, the only one when not given) by it. */
const sortBy = (title: string, list = within(document.body)) => fireEvent.click(within(header(title, list)).getByRole('button'));
const toolbar = () => within(screen.getByRole('search'));
const statusFilter = (list = toolbar()) => list.getByRole('combobox', { name: 'Status' });
/** The status the filter shows chosen, if any. */
const statusShown = () => shownChoice(statusFilter());
const pages = (list = within(document.body)) => within(list.getByRole('navigation', { name: 'Pages' }));
const goToPage = (page: number, list = within(document.body)) => fireEvent.click(pages(list).getByRole('button', { name: `Page ${page}` }));
const currentPage = () => pages().queryByRole('button', { current: 'page' })?.textContent;
const pageSize = () => pages().getByRole('combobox', { name: 'Rows per page' });

/** Chooses a status in the filter of `list` (the only list's, when not given). */
const chooseStatus = (label: string, list = toolbar()) => chooseOption(statusFilter(list), label);

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
    goToPage(3);
    await screen.findByText('Row 21');
    expect(bodies().at(-1)).toMatchObject({ page: 3, pageSize: 10 });
    sortBy('Name');
    await waitFor(() => expect(bodies().at(-1)).toMatchObject({ sort: { field: 'name', order: 'asc' } }));
    sortBy('Name');
    await waitFor(() => expect(bodies().at(-1)).toMatchObject({ sort: { field: 'name', order: 'desc' } }));
  });

  it('asks only for the fields it shows when told them, on every page', async () => {
    const { bodies } = show(25, { fields: ['name'] });
    await screen.findByText('Row 1');
    expect(bodies()[0]).toEqual({ page: 1, pageSize: 10, sort: { field: 'createdAt', order: 'desc' }, fields: ['name'] });
    goToPage(2);
    await screen.findByText('Row 11');
    expect(bodies().at(-1)).toMatchObject({ page: 2, fields: ['name'] });
  });

  it('sends the keyword and goes back to the first page', async () => {
    const { bodies } = show(25);
    await screen.findByText('Row 1');
    goToPage(2);
    await screen.findByText('Row 11');
    fireEvent.change(screen.getByPlaceholderText('Keyword'), { target: { value: ' pump ' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(bodies().at(-1)).toMatchObject({ page: 1, keyword: 'pump' }));
  });

  it('sends the page size chosen below the list, and goes back to the first page', async () => {
    const { bodies } = show(45);
    await screen.findByText('Row 1');
    goToPage(3);
    await screen.findByText('Row 21');
    chooseOption(pageSize(), '20 / page');
    await screen.findByText('Row 20');
    expect(bodies().at(-1)).toEqual({ page: 1, pageSize: 20, sort: { field: 'createdAt', order: 'desc' } });
    expect(currentPage()).toBe('1');
    expect(pages().getAllByRole('button', { name: /^Page \d+$/ })).toHaveLength(3);
    expect(where()).toBe('/things?pageSize=20');
  });

  it('ticks every row of the page with the header\'s check box, and the bulk bar says how many are chosen', async () => {
    show(25, { bulk: { delete: true } });
    await screen.findByText('Row 1');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    const bar = await screen.findByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('10 selected')).toBeTruthy();
    const rowBoxes = screen.getAllByRole<HTMLInputElement>('checkbox', { name: /^Select #\d+$/ });
    expect(rowBoxes.map((box) => box.checked)).toEqual(Array(10).fill(true));
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select all on this page' }).checked).toBe(true);
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
    expect(header('Created').getAttribute('aria-sort')).toBe('none');
    expect(currentPage()).toBe('2');
    expect(shownChoice(pageSize())).toBe('20 / page');
  });

  it('writes each change into the address, and nothing a fresh list has', async () => {
    const { bodies } = show(45);
    await screen.findByText('Row 1');
    expect(where()).toBe('/things');
    goToPage(3);
    await waitFor(() => expect(where()).toBe('/things?page=3'));
    await screen.findByText('Row 21');
    sortBy('Name');
    await waitFor(() => expect(where()).toBe('/things?sort=name&order=asc'));
    // A filter or a keyword starts from the first page again.
    goToPage(2);
    await waitFor(() => expect(where()).toBe('/things?sort=name&order=asc&page=2'));
    chooseStatus('Done');
    await waitFor(() => expect(where()).toBe('/things?statusId=2&sort=name&order=asc'));
    fireEvent.change(toolbar().getByRole('searchbox', { name: 'Keyword' }), { target: { value: ' pump ' } });
    fireEvent.click(toolbar().getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(where()).toBe('/things?keyword=pump&statusId=2&sort=name&order=asc'));
    expect(bodies().at(-1)).toEqual({ page: 1, pageSize: 10, keyword: 'pump', filters: { statusId: 2 }, sort: { field: 'name', order: 'asc' } });
    // Back to the defaults, the address is clean again.
    sortBy('Name');
    sortBy('Name');
    await waitFor(() => expect(where()).toBe('/things?keyword=pump&statusId=2'));
    clearChoice(statusFilter());
    await waitFor(() => expect(where()).toBe('/things?keyword=pump'));
    fireEvent.change(toolbar().getByRole('searchbox', { name: 'Keyword' }), { target: { value: '' } });
    fireEvent.click(toolbar().getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(where()).toBe('/things'));
  });

  it('turns the default sort column between its two orders, the default one leaving the address clean', async () => {
    show(5);
    await screen.findByText('Row 1');
    expect(header('Created').getAttribute('aria-sort')).toBe('descending');
    sortBy('Created');
    await waitFor(() => expect(where()).toBe('/things?sort=createdAt&order=asc'));
    expect(header('Created').getAttribute('aria-sort')).toBe('ascending');
    sortBy('Created');
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
    goToPage(2);
    await waitFor(() => expect(where()).toBe('/things?colour=red&page=2'));
  });

  it('is one stop in the history: Back leaves it for the screen before, however much it changed', async () => {
    show(25);
    await screen.findByText('Row 1');
    chooseStatus('New');
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
    goToPage(3, parts);
    await parts.findByText('Part 21');
    chooseStatus('New', parts);
    await waitFor(() => expect(bodiesOf('Part').at(-1)).toEqual({ page: 1, pageSize: 10, filters: { statusId: 1 } }));
    sortBy('Name', parts);
    await waitFor(() => expect(bodiesOf('Part').at(-1)).toMatchObject({ sort: { field: 'name', order: 'asc' } }));
    expect(where()).toBe('/things?statusId=1&page=2');
    // The page's own list still writes it, and the other list keeps its own state meanwhile.
    goToPage(3, things);
    await waitFor(() => expect(where()).toBe('/things?statusId=1&page=3'));
    expect(bodiesOf('Part').at(-1)).toEqual({ page: 1, pageSize: 10, filters: { statusId: 1 }, sort: { field: 'name', order: 'asc' } });
  });
});
