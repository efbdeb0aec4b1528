import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { z } from 'zod';
import { defineEntity, filter } from '../../shared/entity.js';
import { MESSAGE_MAX, TITLE_MAX, id, isoDateTime, isoTimestamp, optionalText, password, recordId, requiredText } from '../../shared/fields.js';
import { jobCategoryEntity, newsCategoryEntity } from '../../shared/schemas/category.js';
import { contactInfoEntity, joinUsEntity } from '../../shared/schemas/inquiry.js';
import { userEntity } from '../../shared/schemas/user.js';
import { auditEventEntity } from '../../shared/schemas/audit.js';
import admin from '../i18n/catalogues/admin.js';
import { formFieldsOf } from './entity-fields.js';
import { ResourceScreen } from './resource-screen.js';
import type { ResourceScreenProps } from './resource-screen.js';
import { formatTime } from './status.js';
import { AdminTestFrame, chooseOption, dataRows, spokenText, stubMatchMedia } from './test-setup.js';

/** An entity only this test knows, with a field of every kind the screen reads. */
const KINDS = ['pump', 'valve'] as const;
const gadgetEntity = defineEntity({
  name: 'Gadget',
  record: z.object({
    id: recordId,
    title: z.string(),
    kind: z.string(),
    tags: z.array(z.string()),
    active: z.boolean(),
    serial: z.string(),
    createdAt: isoTimestamp,
  }),
  create: z.strictObject({
    title: requiredText(TITLE_MAX),
    notes: optionalText(MESSAGE_MAX).default(''),
    count: z.number().int().min(0).max(10).default(1),
    kind: z.enum(KINDS),
    tags: z.array(z.enum(KINDS)).min(1).default(['pump']),
    active: z.boolean().default(true),
    serial: requiredText(20),
    secret: password,
  }),
  update: z.strictObject({ id, title: requiredText(TITLE_MAX).optional(), kind: z.enum(KINDS).optional(), archived: z.boolean().optional() }),
  filters: {
    kind: filter(z.enum(KINDS)),
    active: filter(z.boolean()),
    level: filter(z.number().int().min(1).max(2)),
    note: filter(z.string()),
    createdFrom: filter(isoDateTime, { field: 'createdAt', op: '>=' }),
    createdTo: filter(isoDateTime, { field: 'createdAt', op: '<=' }),
  },
  sort: ['title', 'createdAt', 'id'] as const,
  search: ['title'],
});

const texts = {
  fields: {
    Gadget: { title: 'Title', notes: 'Notes', count: 'Count', kind: 'Kind', tags: 'Tags', active: 'Active', serial: 'Serial', secret: 'Secret', level: 'Level', note: 'Note', createdAt: 'Created', archived: 'Archived' },
  },
  gadgetKinds: { pump: 'Pump', valve: 'Valve' },
};

const CREATED = '2026-01-02T03:04:05.000Z';
const row = { id: 1, title: 'First gadget', kind: 'pump', tags: ['pump', 'valve'], active: true, serial: 'S-1', createdAt: CREATED };
const envelope = (data: unknown, isSuccess = true, errorCode = 0) => new Response(JSON.stringify({ isSuccess, errorCode, message: isSuccess ? '' : 'refused', data }), { status: 200 });

function show(props: Partial<ResourceScreenProps<typeof gadgetEntity>> = {}, answer: (url: string, init: RequestInit) => Response | undefined = () => undefined) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => answer(url, init) ?? (url.endsWith('/Query') ? envelope({ items: [row], meta: { page: 1, pageSize: 10, total: 1 } }) : envelope(null)));
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter>
      <AdminTestFrame texts={texts}>
        <QueryClientProvider client={client}>
          <ResourceScreen
            entity={gadgetEntity}
            module="news"
            title="Gadgets"
            columns={['title', 'kind', 'tags', 'active', 'createdAt']}
            values={{ kind: 'gadgetKinds', tags: 'gadgetKinds' }}
            defaultSort={{ field: 'createdAt', order: 'desc' }}
            form={{ createTitle: 'New gadget', editTitle: 'Edit gadget' }}
            {...props}
          />
        </QueryClientProvider>
      </AdminTestFrame>
    </MemoryRouter>,
  );
  const calls = () => fetchMock.mock.calls.map(([url, init]) => ({ url, method: init.method, body: init.body === undefined ? undefined : (JSON.parse(String(init.body)) as Record<string, unknown>) }));
  return { calls, queries: () => calls().filter((call) => call.url.endsWith('/Query')).map((call) => call.body!) };
}

const dialog = () => within(document.querySelector<HTMLElement>('.ant-modal')!);
const labels = () => [...document.querySelectorAll('.ant-modal .ant-form-item-label label')].map((label) => label.textContent);
const requiredLabels = () => [...document.querySelectorAll('.ant-modal .ant-form-item-label label.ant-form-item-required')].map((label) => label.textContent);
const itemOf = (label: string) => screen.getByText(label, { selector: '.ant-modal label' }).closest<HTMLElement>('.ant-form-item')!;
const helpOf = async (label: string) => waitFor(() => itemOf(label).querySelector('.ant-form-item-explain-error')!.textContent);

async function choose(combobox: HTMLElement, option: string) {
  fireEvent.mouseDown(combobox);
  // jsdom runs no closing animation, so earlier dropdowns stay in the page: the newest is the last.
  const options = await screen.findAllByText(option, { selector: '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option-content' });
  fireEvent.click(options.at(-1)!);
}

beforeAll(stubMatchMedia);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a resource screen read from an entity definition', () => {
  it('shows the chosen fields as columns, sortable where the definition sorts, each shown by its kind', async () => {
    const { queries } = show();
    await screen.findByText('First gadget');
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map(spokenText)).toEqual(['Title', 'Kind', 'Tags', 'Active', 'Created', 'Actions']);
    const sortable = headers.filter((th) => th.hasAttribute('aria-sort')).map(spokenText);
    expect(sortable).toEqual(['Title', 'Created']);
    const cells = dataRows().flatMap((tr) => [...tr.querySelectorAll('td')]).map((td) => td.textContent);
    expect(cells.slice(0, 5)).toEqual(['First gadget', 'Pump', 'PumpValve', 'Yes', formatTime(CREATED)]);
    expect(queries()[0]).toEqual({ page: 1, pageSize: 10, sort: { field: 'createdAt', order: 'desc' } });
  });

  it('offers a select for each enum and flag filter, a date range for a From/To pair, and other filters only when given choices', async () => {
    const { queries } = show({ filterChoices: { level: [{ value: 2, label: 'High' }] } });
    await screen.findByText('First gadget');
    const toolbar = within(document.querySelector<HTMLElement>('.admin-toolbar')!);
    expect(toolbar.getAllByRole('combobox').map((box) => box.getAttribute('aria-label'))).toEqual(['Kind', 'Active', 'Level']);
    expect(document.querySelectorAll('.admin-toolbar .date-range')).toHaveLength(1);
    chooseOption(toolbar.getByRole('combobox', { name: 'Kind' }), 'Valve');
    await waitFor(() => expect(queries().at(-1)).toMatchObject({ filters: { kind: 'valve' } }));
    chooseOption(toolbar.getByRole('combobox', { name: 'Active' }), 'No');
    await waitFor(() => expect(queries().at(-1)).toMatchObject({ filters: { kind: 'valve', active: false } }));
    chooseOption(toolbar.getByRole('combobox', { name: 'Level' }), 'High');
    await waitFor(() => expect(queries().at(-1)).toMatchObject({ filters: { level: 2 } }));
  });

  it('builds the create dialog from the create body: a control per field kind, defaults, required marks, the schema\'s messages', async () => {
    const { calls } = show();
    await screen.findByText('First gadget');
    fireEvent.click(screen.getByRole('button', { name: 'New gadget' }));
    await screen.findByText('New gadget', { selector: '.ant-modal-title' });
    expect(labels()).toEqual(['Title', 'Notes', 'Count', 'Kind', 'Tags', 'Active', 'Serial', 'Secret']);
    expect(requiredLabels()).toEqual(['Title', 'Kind', 'Tags', 'Serial', 'Secret']);
    expect(itemOf('Title').querySelector('input')!.type).toBe('text');
    expect(itemOf('Notes').querySelector('textarea')).not.toBeNull();
    expect(itemOf('Count').querySelector<HTMLInputElement>('.ant-input-number input')!.value).toBe('1');
    expect(itemOf('Kind').querySelector('.ant-select:not(.ant-select-multiple)')).not.toBeNull();
    expect(itemOf('Tags').querySelector('.ant-select-multiple')).not.toBeNull();
    expect(within(itemOf('Active')).getByRole('switch').getAttribute('aria-checked')).toBe('true');
    expect(itemOf('Secret').querySelector('input')!.type).toBe('password');

    fireEvent.change(within(itemOf('Title')).getByRole('textbox'), { target: { value: 'x'.repeat(201) } });
    expect(await helpOf('Title')).toBe('At most 200 characters');
    fireEvent.change(itemOf('Count').querySelector('input')!, { target: { value: '11' } });
    expect(await helpOf('Count')).toBe('Must be at most 10');
    fireEvent.change(itemOf('Secret').querySelector('input')!, { target: { value: 'short' } });
    expect(await helpOf('Secret')).toBe('At least 8 characters');

    fireEvent.change(within(itemOf('Title')).getByRole('textbox'), { target: { value: 'Second gadget' } });
    fireEvent.change(itemOf('Count').querySelector('input')!, { target: { value: '3' } });
    await choose(within(itemOf('Kind')).getByRole('combobox'), 'Valve');
    await choose(within(itemOf('Tags')).getByRole('combobox'), 'Valve');
    fireEvent.change(within(itemOf('Serial')).getByRole('textbox'), { target: { value: 'S-2' } });
    fireEvent.change(itemOf('Secret').querySelector('input')!, { target: { value: 'long-enough-1' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls().find((call) => call.url === '/api/Gadget')?.body).toEqual({ title: 'Second gadget', notes: '', count: 3, kind: 'valve', tags: ['pump', 'valve'], active: true, serial: 'S-2', secret: 'long-enough-1' }));
  });

  it('builds the edit dialog from the update body, showing what was set at creation read-only', async () => {
    const { calls } = show();
    await screen.findByText('First gadget');
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await screen.findByText('Edit gadget', { selector: '.ant-modal-title' });
    expect(labels()).toEqual(['Title', 'Kind', 'Tags', 'Active', 'Serial', 'Archived']);
    // Left out, a field keeps its value; emptied, a required one is refused all the same.
    expect(requiredLabels()).toEqual(['Title']);
    expect(within(itemOf('Serial')).getByRole<HTMLInputElement>('textbox').value).toBe('S-1');
    expect(within(itemOf('Serial')).getByRole<HTMLInputElement>('textbox').disabled).toBe(true);
    fireEvent.change(within(itemOf('Title')).getByRole('textbox'), { target: { value: '' } });
    expect(await helpOf('Title')).toBe('Please fill this in');
    fireEvent.change(within(itemOf('Title')).getByRole('textbox'), { target: { value: 'Renamed' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls().find((call) => call.url === '/api/Gadget/Update')?.body).toEqual({ id: 1, title: 'Renamed', kind: 'pump' }));
  });

  it('asks for its columns and what its row actions read alone, unless a form opens the rows it holds', async () => {
    const { queries } = show({ form: undefined, rowFields: ['serial', 'title'] });
    await screen.findByText('First gadget');
    expect(queries()[0].fields).toEqual(['title', 'kind', 'tags', 'active', 'createdAt', 'serial']);
    cleanup();
    // The edit dialog edits the row the list holds: the list asks for whole records.
    const withForm = show({ rowFields: ['serial'] });
    await screen.findByText('First gadget');
    expect(withForm.queries()[0]).not.toHaveProperty('fields');
  });

  it('deletes with the call the screen names, lets the screen explain a refusal, and keeps a blocked row', async () => {
    const refused = vi.fn(async () => true);
    const { calls } = show({ remove: { method: 'DELETE', onRefused: refused } }, (url, init) => (init.method === 'DELETE' ? envelope({ reason: 'in-use' }, false, 40009) : undefined));
    await screen.findByText('First gadget');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(document.querySelector<HTMLElement>('.ant-popconfirm')!).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(refused).toHaveBeenCalledWith(expect.objectContaining({ errorCode: 40009 }), expect.objectContaining({ id: 1 })));
    expect(calls().find((call) => call.method === 'DELETE')?.url).toBe('/api/Gadget/1');
    cleanup();
    show({ remove: { method: 'POST', blockedBy: () => 'Not this one' } });
    await screen.findByText('First gadget');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Delete' }).disabled).toBe(true);
  });
});

describe('the screens built on it', () => {
  it('name every field their dialogs and filters show, in both languages', () => {
    const withDialogs = [newsCategoryEntity, jobCategoryEntity, userEntity];
    const fieldPaths = [
      ...withDialogs.flatMap((entity) => [...formFieldsOf(entity, 'create'), ...formFieldsOf(entity, 'update')].map((field) => [entity.name, field.name])),
      ...[...withDialogs, contactInfoEntity, joinUsEntity, auditEventEntity].flatMap((entity) => Object.entries(entity.filters).map(([name, spec]) => [entity.name, spec.field ?? name])),
    ];
    for (const locale of ['zh-CN', 'en-US'] as const) {
      const labels = admin[locale].fields as Record<string, Record<string, string> | undefined>;
      expect(fieldPaths.filter(([entity, field]) => !labels[entity!]?.[field!]).map((path) => path.join('.')), locale).toEqual([]);
    }
  });
});
