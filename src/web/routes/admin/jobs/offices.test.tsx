import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Office } from '../../../../shared/schemas/office.js';
import { ADMIN_PATHS, jobEditPath } from '../../../../shared/paths.js';
import { AdminTestFrame, TestRouter, dataRows, spokenText, stubMatchMedia, testJob } from '../../../admin/test-setup.js';
import JobEdit from './edit.js';
import Offices from './offices.js';

const at = '2026-11-01T00:00:00.000Z';
const office = (fields: Partial<Office>): Office => ({
  id: 1,
  name: '上海',
  address: '',
  city: '上海',
  country: 'CN',
  sortOrder: 1,
  jobCount: 0,
  translations: {},
  createdAt: at,
  updatedAt: at,
  ...fields,
});
const OFFICES = [
  office({ id: 1, name: '上海', city: '上海', jobCount: 2, translations: { 'en-US': { name: 'Shanghai', city: 'Shanghai' } } }),
  office({ id: 2, name: '新加坡', city: '新加坡', country: 'SG', sortOrder: 2 }),
];

const envelope = (data: unknown, isSuccess = true, errorCode = 0) =>
  new Response(JSON.stringify({ isSuccess, errorCode, message: isSuccess ? '' : 'Office is still the office of some jobs', data }), { status: 200 });
const page = (items: unknown[]) => envelope({ items, meta: { page: 1, pageSize: 100, total: items.length } });

/** A screen at `path`, each call answered by `answer` (else an office list, else null); the calls made. */
function open(path: string, element: React.ReactNode, locale: 'en-US' | 'zh-CN', answer: (url: string, body: Record<string, unknown> | undefined) => Response | undefined = () => undefined) {
  const calls: { url: string; method?: string; body?: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const body = init.body === undefined ? undefined : (JSON.parse(String(init.body)) as Record<string, unknown>);
      calls.push({ url, method: init.method, body });
      return answer(url, body) ?? (url.endsWith('/api/Office/Query') ? page(OFFICES) : envelope(null));
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AdminTestFrame locale={locale}>
      <QueryClientProvider client={client}>
        <TestRouter at={path} routes={[{ path: path.split('?')[0], element }, { path: ADMIN_PATHS.jobs, element: <p>Job list</p> }]} />
      </QueryClientProvider>
    </AdminTestFrame>,
  );
  return calls;
}

async function choose(combobox: HTMLElement, option: string | RegExp) {
  fireEvent.mouseDown(combobox);
  const options = await screen.findAllByText(option, { selector: '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option-content' });
  fireEvent.click(options.at(-1)!);
}

beforeAll(stubMatchMedia);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the offices screen', () => {
  it('lists the offices with their countries by name and marks the ones without English', async () => {
    open(ADMIN_PATHS.offices, <Offices />, 'en-US');
    expect(await screen.findByRole('heading', { name: 'Offices' })).toBeTruthy();
    await screen.findAllByText('新加坡');
    const headers = screen.getAllByRole('columnheader').map(spokenText);
    expect(headers).toEqual(expect.arrayContaining(['Name', 'City', 'Country or region', 'Order', 'Jobs', 'Updated', 'Actions']));
    const rows = dataRows().map((tr) => tr.textContent);
    expect(rows[0]).toContain('CN · China');
    expect(rows[1]).toContain('SG · Singapore');
    expect(rows[1]).toContain('No English');
    expect(rows[0]).not.toContain('No English');
  });

  it('creates an office with its texts in both languages, its country chosen by name', async () => {
    const calls = open(ADMIN_PATHS.offices, <Offices />, 'en-US', (url, body) => (url.endsWith('/api/Office') ? envelope({ ...office({ id: 3 }), ...body }) : undefined));
    await screen.findAllByText('新加坡');
    fireEvent.click(screen.getByRole('button', { name: 'New office' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(dialog.getByLabelText('Name'), { target: { value: '北京' } });
    fireEvent.change(dialog.getByLabelText('City'), { target: { value: '北京' } });
    const country = dialog.getByLabelText('Country or region');
    fireEvent.mouseDown(country);
    fireEvent.change(country, { target: { value: 'china' } });
    await choose(country, 'CN · China');
    fireEvent.click(dialog.getByRole('tab', { name: /English/ }));
    fireEvent.change(dialog.getByLabelText('Name (English)'), { target: { value: 'Beijing' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.url.endsWith('/api/Office'))).toBe(true));
    expect(calls.find((call) => call.url.endsWith('/api/Office'))!.body).toEqual({
      name: '北京',
      address: '',
      city: '北京',
      country: 'CN',
      sortOrder: 0,
      translations: { 'en-US': { name: 'Beijing', address: null, city: null } },
    });
  });

  it('says in the reader\'s language why an office jobs name cannot be deleted, and how many name it', async () => {
    open(ADMIN_PATHS.offices, <Offices />, 'zh-CN', (url, _body) => {
      if (url.endsWith('/api/Office/1') && !_body) return envelope(office({ id: 1, jobCount: 3 }));
      return undefined;
    });
    await screen.findAllByText('新加坡');
    vi.mocked(fetch).mockImplementation(async (url: string | URL | Request, init?: RequestInit) => {
      const address = String(url);
      if (address.endsWith('/api/Office/1') && init?.method === 'DELETE') return envelope({ reason: 'office-in-use' }, false, 40009);
      if (address.endsWith('/api/Office/1')) return envelope(office({ id: 1, jobCount: 3 }));
      return page(OFFICES);
    });
    fireEvent.click(screen.getAllByRole('button', { name: /^删\s*除$/ })[0]);
    fireEvent.click(within(await waitFor(() => document.querySelector<HTMLElement>('.ant-popconfirm')!)).getByRole('button', { name: /^删\s*除$/ }));
    expect(await screen.findByText('还有 3 个职位（包括已归档的职位）使用这个办公地点，不能删除。请先为它们选择其他办公地点。')).toBeTruthy();
  });
});

describe('the job editor\'s office', () => {
  it('offers every office by its name in the staff member\'s language, and saves the one chosen with its name as the location', async () => {
    const saved: Record<string, unknown>[] = [];
    open(jobEditPath(3), <JobEdit />, 'en-US', (url, body) => {
      if (url.endsWith('/api/Job/3')) return envelope(testJob({ location: 'Ningbo' }));
      if (url.endsWith('/api/JobCategory/Query')) return page([{ id: 1, name: 'Marine', sortOrder: 0, itemCount: 1 }]);
      if (url.endsWith('/api/Job/Update')) {
        saved.push(body!);
        return envelope({ ...testJob(), ...body });
      }
      return undefined;
    });
    const select = await screen.findByLabelText('Office');
    fireEvent.mouseDown(select);
    await screen.findAllByText('新加坡', { selector: '.ant-select-item-option-content' });
    const offered = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option-content')];
    expect(offered.map((option) => option.textContent)).toEqual(['Shanghai', '新加坡']);
    // Searchable by what it shows.
    fireEvent.change(select, { target: { value: 'shang' } });
    fireEvent.click((await screen.findAllByText('Shanghai', { selector: '.ant-select-item-option-content' })).at(-1)!);
    expect(screen.getByLabelText<HTMLInputElement>('Location').value).toBe('上海');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ officeId: 1, location: '上海' });
  });

  it('keeps a job without an office to its free-text location', async () => {
    const saved: Record<string, unknown>[] = [];
    open(jobEditPath(3), <JobEdit />, 'zh-CN', (url, body) => {
      if (url.endsWith('/api/Job/3')) return envelope(testJob({ location: 'Remote' }));
      if (url.endsWith('/api/JobCategory/Query')) return page([{ id: 1, name: 'Marine', sortOrder: 0, itemCount: 1 }]);
      if (url.endsWith('/api/Job/Update')) {
        saved.push(body!);
        return envelope({ ...testJob(), ...body });
      }
      return undefined;
    });
    expect(await screen.findByLabelText('办公地点')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ officeId: null, location: 'Remote' });
  });
});
