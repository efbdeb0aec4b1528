import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { contactInfoEntity, joinUsEntity } from '../../shared/schemas/inquiry.js';
import ApplicationDetails from '../routes/admin/applications/details.js';
import { InquiryScreen } from './inquiry-screen.js';
import { AdminTestFrame, stubMatchMedia, testApplication } from './test-setup.js';

/**
 * The version of the privacy notice a record's sender agreed to, on the application's page and in
 * the contact and join-us details, with that version's text a click away (docs/decisions/0048).
 */

const envelope = (data: unknown, status = 200) =>
  new Response(JSON.stringify({ isSuccess: status === 200, errorCode: status === 200 ? 0 : 40004, message: status === 200 ? '' : 'Privacy notice version not found', data }), { status });

const VERSION_3 = {
  version: 3,
  text: { 'zh-CN': '## 我们收集的信息\n\n第三版的中文正文。', 'en-US': '## What we collect\n\nThe third version in English.' },
  publishedAt: '2026-11-03T08:00:00.000Z',
  publishedBy: 'marketing.li',
};

const at = '2026-11-20T08:00:00.000Z';
const application = (privacyVersion: number | null) => testApplication({ privacyVersion, history: [] });
const inquiry = (privacyVersion: number | null) => ({
  id: 5,
  name: 'Han Meimei',
  company: 'Example Works',
  email: 'han@example.com',
  phone: '',
  message: 'Hello',
  subject: 'A question',
  region: 'Shanghai',
  cooperationType: 'other',
  statusId: 1,
  note: '',
  anonymisedAt: null,
  privacyVersion,
  createdAt: at,
  updatedAt: at,
  history: [],
});

/** The API as these screens call it; the privacy notice keeps versions 1 to 3, not 0. */
function stubApi(record: object) {
  const fetchMock = vi.fn(async (url: string) => {
    if (url === '/api/PrivacyNotice/3') return envelope(VERSION_3);
    if (url.startsWith('/api/PrivacyNotice/')) return envelope(null, 404);
    if (url.endsWith('/Query')) return envelope({ items: [record], meta: { page: 1, pageSize: 10, total: 1 } });
    return envelope(record);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { asked: () => fetchMock.mock.calls.map(([url]) => url) };
}

function renderIn(node: React.ReactNode, locale: 'en-US' | 'zh-CN', entry = '/') {
  render(
    <MemoryRouter initialEntries={[entry]}>
      <AdminTestFrame locale={locale}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{node}</QueryClientProvider>
      </AdminTestFrame>
    </MemoryRouter>,
  );
}

const showApplication = (privacyVersion: number | null, locale: 'en-US' | 'zh-CN' = 'en-US') => {
  const api = stubApi(application(privacyVersion));
  renderIn(<ApplicationDetails />, locale, '/ApplyInfoManagement/ContactDetails?id=7');
  return api;
};

async function openInquiry(entity: typeof contactInfoEntity | typeof joinUsEntity, privacyVersion: number | null, locale: 'en-US' | 'zh-CN' = 'en-US') {
  const api = stubApi(inquiry(privacyVersion));
  renderIn(<InquiryScreen entity={entity} title="Inquiries" columns={['name', 'statusId']} ownFields={[]} />, locale);
  await screen.findByText('Han Meimei');
  fireEvent.click(screen.getByRole('button', { name: locale === 'zh-CN' ? /^查\s?看$/ : 'View' }));
  const drawer = await screen.findByRole('dialog');
  // The details are read when the drawer opens.
  await within(drawer).findByText('han@example.com');
  return { api, drawer };
}

const rowLabelled = (label: string) => screen.getByText(label, { selector: 'th, th *' }).closest('tr') as HTMLElement;

beforeAll(stubMatchMedia);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the privacy notice version on a record', () => {
  it('shows the version an applicant agreed to, and opens its text in both languages', async () => {
    const { asked } = showApplication(3);
    await screen.findByText('Li Lei', { exact: false });
    const row = rowLabelled('Privacy notice agreed to');
    expect(within(row).getByText('Version 3')).toBeTruthy();
    // The text is read only when asked for.
    expect(asked()).not.toContain('/api/PrivacyNotice/3');
    fireEvent.click(within(row).getByRole('button', { name: 'Read this version' }));
    const modal = await screen.findByRole('dialog');
    expect(await within(modal).findByText('The third version in English.')).toBeTruthy();
    expect(within(modal).getByText('第三版的中文正文。')).toBeTruthy();
    expect(within(modal).getByRole('heading', { name: 'What we collect' })).toBeTruthy();
    expect(within(modal).getByText(`${new Date(VERSION_3.publishedAt).toLocaleString()} · marketing.li`)).toBeTruthy();
    // The footer's button (the corner's cross is named Close too).
    fireEvent.click(within(modal).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByText('The third version in English.')).toBeNull());
  });

  it('says "not recorded" for an application from before versions were kept, and asks for no text', async () => {
    const { asked } = showApplication(null);
    await screen.findByText('Li Lei', { exact: false });
    expect(within(rowLabelled('Privacy notice agreed to')).getByText('Not recorded (sent before versions were kept)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Read this version' })).toBeNull();
    expect(asked().some((url) => url.includes('PrivacyNotice'))).toBe(false);
  });

  it('speaks Chinese on the application\'s page', async () => {
    showApplication(3, 'zh-CN');
    await screen.findByText('Li Lei', { exact: false });
    const row = rowLabelled('同意的隐私声明');
    expect(within(row).getByText('第 3 版')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: '查看此版本' }));
    const modal = await screen.findByRole('dialog');
    expect(await within(modal).findByText('第三版的中文正文。')).toBeTruthy();
    expect(within(modal).getByRole('heading', { name: '中文' })).toBeTruthy();
    expect(within(modal).getByRole('button', { name: /^关\s?闭$/ })).toBeTruthy();
  });

  it('shows it in a contact message\'s details, and says when a version\'s text was not kept', async () => {
    const { drawer } = await openInquiry(contactInfoEntity, 0);
    const row = within(drawer).getByText('Privacy notice agreed to').closest('tr') as HTMLElement;
    expect(within(row).getByText('Version 0')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Read this version' }));
    expect(await screen.findByText("This version's text was not kept.")).toBeTruthy();
  });

  it('shows it in a join-us entry\'s details, in Chinese, "not recorded" before versions', async () => {
    const { drawer } = await openInquiry(joinUsEntity, null, 'zh-CN');
    const row = within(drawer).getByText('同意的隐私声明').closest('tr') as HTMLElement;
    expect(within(row).getByText('未记录（提交于启用版本记录之前）')).toBeTruthy();
  });

  it('opens a version from a join-us entry too', async () => {
    const { drawer, api } = await openInquiry(joinUsEntity, 3);
    fireEvent.click(within(drawer).getByRole('button', { name: 'Read this version' }));
    expect(await screen.findByText('The third version in English.')).toBeTruthy();
    expect(api.asked()).toContain('/api/PrivacyNotice/3');
  });
});
