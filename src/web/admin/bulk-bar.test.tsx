import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { z } from 'zod';
import { defineEntity, filter } from '../../shared/entity.js';
import { recordId } from '../../shared/fields.js';
import { ResourceList } from './resource-list.js';
import type { BulkActions } from './bulk-bar.js';
import { AdminTestFrame, TestRouter, envelope, stubMatchMedia } from './test-setup.js';

interface Row {
  id: number;
  name: string;
}

const thingEntity = defineEntity({
  name: 'Thing',
  record: z.object({ id: recordId, name: z.string(), createdAt: z.string() }),
  filters: { statusId: filter(z.number().int().min(1).max(2)) },
  sort: ['name', 'createdAt', 'id'] as const,
  search: ['name'],
});

const TOTAL = 25;

/** A list of 25 things, 10 a page, with bulk actions; `answer` is what a bulk call answers. */
function show(bulk: BulkActions, answer: unknown, locale: 'en-US' | 'zh-CN' = 'en-US') {
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as { page: number; pageSize: number };
    if (url.includes('/Bulk/')) return envelope(answer);
    const items = Array.from({ length: Math.min(body.pageSize, TOTAL - (body.page - 1) * body.pageSize) }, (_, i) => ({ id: (body.page - 1) * body.pageSize + i + 1, name: `Row ${(body.page - 1) * body.pageSize + i + 1}` }));
    return envelope({ items, meta: { page: body.page, pageSize: body.pageSize, total: TOTAL } });
  });
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AdminTestFrame locale={locale}>
      <QueryClientProvider client={client}>
        <TestRouter at="/things?keyword=row" routes={[{ path: '/things', element: <ResourceList<Row> entity={thingEntity} bulk={bulk} columns={[{ title: 'Name', dataIndex: 'name', key: 'name' }]} /> }]} />
      </QueryClientProvider>
    </AdminTestFrame>,
  );
  const bulkCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/Bulk/')).map(([url, init]) => ({ url: String(url), body: JSON.parse(String(init.body)) as Record<string, unknown> }));
  return { bulkCalls };
}

const tick = async (name: string) => fireEvent.click(within((await screen.findByText(name)).closest('tr')!).getByRole('checkbox'));

beforeAll(stubMatchMedia);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('bulk actions on a list', () => {
  it('deletes the ticked rows after saying how many, and lists each refused with its reason', async () => {
    const { bulkCalls } = show({ delete: true }, { done: [1], refused: [{ id: 3, errorCode: 40009, reason: 'in-use' }] });
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
    await tick('Row 1');
    await tick('Row 3');
    const bar = await screen.findByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('2 selected')).toBeTruthy();
    fireEvent.click(within(bar).getByRole('button', { name: 'Delete selected' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Delete the 2 selected?').length).toBeGreaterThan(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(bulkCalls()).toHaveLength(1));
    expect(bulkCalls()[0]).toEqual({ url: '/api/Thing/Bulk/Delete', body: { ids: [1, 3] } });
    expect((await screen.findAllByText('1 could not be done')).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/#3: /)[0].textContent).toBe('#3: It is still in use; move or delete what uses it first.');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull());
  });

  it('chooses every row the list matches, not only the page, and moves them with a note', async () => {
    const { bulkCalls } = show({ statuses: [{ value: 1, label: 'New' }, { value: 2, label: 'Done' }] }, { done: Array.from({ length: TOTAL }, (_, i) => i + 1), refused: [] });
    await tick('Row 2');
    const bar = await screen.findByRole('region', { name: 'Bulk actions' });
    fireEvent.click(within(bar).getByRole('button', { name: `Select all ${TOTAL} matching the filters` }));
    expect(within(bar).getByText(`All ${TOTAL} matching the filters selected`)).toBeTruthy();
    fireEvent.click(within(bar).getByRole('button', { name: 'Change status' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Note (optional, kept in the history of each)'), { target: { value: 'handled together' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change status' }));
    await waitFor(() => expect(bulkCalls()).toHaveLength(1));
    expect(bulkCalls()[0]).toEqual({ url: '/api/Thing/Bulk/Status', body: { matching: { keyword: 'row' }, statusId: 1, note: 'handled together' } });
    expect(await screen.findByText(`${TOTAL} done`)).toBeTruthy();
  });

  it('speaks Chinese', async () => {
    show({ delete: true }, { done: [], refused: [] }, 'zh-CN');
    await tick('Row 1');
    const bar = await screen.findByRole('region', { name: '批量操作' });
    expect(within(bar).getByText('已选择 1 项')).toBeTruthy();
    expect(within(bar).getByRole('button', { name: '批量删除' })).toBeTruthy();
  });
});
