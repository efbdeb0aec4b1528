import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { CandidateEmailScreen } from './candidate-email-screen.js';
import { History, StatusChange } from './status.js';
import { AdminTestFrame, envelope, stubMatchMedia } from './test-setup.js';

const text = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });
const TEMPLATES = [1, 2, 3, 4, 5, 6].map((statusId) => ({
  id: statusId + 10,
  statusId,
  enabled: statusId === 3,
  subject: statusId === 3 ? text('面试邀请：{job}', 'Interview invitation: {job}') : text('', ''),
  body: statusId === 3 ? text('{name}，您好', 'Dear {name},') : text('', ''),
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: `2026-11-0${statusId}T00:00:00.000Z`,
  updatedBy: null,
}));
const PREVIEW = { statusId: 3, locale: 'en-US', to: 'jane.doe@example.com', subject: 'Interview invitation: Backend engineer', body: 'Dear Jane Doe,\n\nSee you soon.\n\nExample Works' };

function show(children: ReactNode, locale: 'en-US' | 'zh-CN' = 'en-US') {
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    if (url.includes('/EmailPreview')) return envelope(PREVIEW);
    if (url.endsWith('/CandidateEmailTemplate/Query')) return envelope({ items: TEMPLATES, meta: { page: 1, pageSize: 100, total: 6 } });
    if (url.endsWith('/CandidateEmailTemplate/Update')) return envelope({ ...TEMPLATES[0], ...(JSON.parse(String(init.body)) as object) });
    return envelope({ id: 5, statusId: 3, history: [] });
  });
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter>
      <AdminTestFrame locale={locale}>
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
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

describe('the candidate e-mail templates screen', () => {
  it('shows every status with its switch and both languages side by side, and lists the placeholders', async () => {
    show(<CandidateEmailScreen />);
    const interview = await screen.findByRole('form', { name: 'Interview' });
    expect(within(interview).getByRole('switch', { name: 'Send an e-mail for this status' }).getAttribute('aria-checked')).toBe('true');
    expect((within(interview).getByLabelText('Subject · English') as HTMLInputElement).value).toBe('Interview invitation: {job}');
    expect((within(interview).getByLabelText('Subject · 中文') as HTMLInputElement).value).toBe('面试邀请：{job}');
    expect((within(interview).getByLabelText('Body · English') as HTMLTextAreaElement).value).toBe('Dear {name},');
    expect(screen.getAllByRole('form')).toHaveLength(6);
    expect(within(screen.getByRole('form', { name: 'New' })).getByRole('switch').getAttribute('aria-checked')).toBe('false');
    for (const placeholder of ['{name}', '{job}', '{company}']) expect(screen.getByText(placeholder)).toBeTruthy();
    expect(screen.getByText('the company\'s name, from the site settings, in the applicant\'s language')).toBeTruthy();
  });

  it('speaks Chinese too', async () => {
    show(<CandidateEmailScreen />, 'zh-CN');
    const interview = await screen.findByRole('form', { name: '面试' });
    expect(within(interview).getByLabelText('主题 · English')).toBeTruthy();
    expect(within(interview).getByRole('switch', { name: '此状态发送邮件' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '候选人邮件' })).toBeTruthy();
  });

  it('refuses an unknown placeholder before sending, then saves the whole template with the version it read', async () => {
    const { calls } = show(<CandidateEmailScreen />);
    const interview = await screen.findByRole('form', { name: 'Interview' });
    const subject = within(interview).getByLabelText('Subject · English');
    fireEvent.change(subject, { target: { value: 'Interview at {company} on {date}' } });
    fireEvent.click(within(interview).getByRole('button', { name: 'Save this template' }));
    expect(await within(interview).findByText('Unknown placeholder {date}: use {name}, {job} or {company}')).toBeTruthy();
    expect(calls().some((c) => c.url.endsWith('/CandidateEmailTemplate/Update'))).toBe(false);

    fireEvent.change(subject, { target: { value: 'Interview at {company}' } });
    fireEvent.click(within(interview).getByRole('button', { name: 'Save this template' }));
    await waitFor(() => expect(calls().some((c) => c.url.endsWith('/CandidateEmailTemplate/Update'))).toBe(true));
    expect(calls().find((c) => c.url.endsWith('/CandidateEmailTemplate/Update'))?.body).toEqual({
      id: 13,
      enabled: true,
      subject: text('面试邀请：{job}', 'Interview at {company}'),
      body: text('{name}，您好', 'Dear {name},'),
      updatedAt: '2026-11-03T00:00:00.000Z',
    });
  });

  it('asks for both languages before a template is switched on', async () => {
    const { calls } = show(<CandidateEmailScreen />);
    const offer = await screen.findByRole('form', { name: 'Offer' });
    fireEvent.click(within(offer).getByRole('switch'));
    fireEvent.click(within(offer).getByRole('button', { name: 'Save this template' }));
    await waitFor(() => expect(within(offer).getAllByText('While it is on, both languages are required')).toHaveLength(4));
    expect(calls().some((c) => c.url.endsWith('/CandidateEmailTemplate/Update'))).toBe(false);
  });
});

describe('the status move of an application', () => {
  const move = (statusId: number) => (
    <StatusChange entity="JobApplication" kind="applications" id={5} statusId={statusId} onClose={() => undefined} />
  );

  const choose = async (status: string) => {
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    const options = await screen.findAllByTitle(status);
    fireEvent.click(options[options.length - 1]);
  };

  it('offers the e-mail only for a target status with one switched on', async () => {
    show(move(1));
    await choose('Interview');
    expect(await screen.findByRole('checkbox', { name: 'Send an e-mail to the applicant' })).toBeTruthy();
    await choose('New');
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'Send an e-mail to the applicant' })).toBeNull());
    await choose('Offer');
    expect(screen.queryByRole('checkbox', { name: 'Send an e-mail to the applicant' })).toBeNull();
  });

  it('shows exactly what will be sent once the box is ticked, and asks the server to send it', async () => {
    const { calls } = show(move(3));
    const box = await screen.findByRole('checkbox', { name: 'Send an e-mail to the applicant' });
    expect(calls().some((c) => c.url.includes('/EmailPreview'))).toBe(false);
    fireEvent.click(box);
    const preview = await screen.findByRole('region', { name: 'The e-mail to be sent' });
    expect(calls().find((c) => c.url.includes('/EmailPreview'))).toMatchObject({ url: expect.stringMatching(/\/api\/JobApplication\/5\/EmailPreview\?statusId=3$/), method: 'GET' });
    expect(within(preview).getByText('jane.doe@example.com')).toBeTruthy();
    expect(within(preview).getByText('Interview invitation: Backend engineer')).toBeTruthy();
    expect(within(preview).getByText(/Dear Jane Doe,\s+See you soon\.\s+Example Works/)).toBeTruthy();
    expect(within(preview).getByText('English')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls().some((c) => c.url.endsWith('/api/JobApplication/5'))).toBe(true));
    expect(calls().find((c) => c.url.endsWith('/api/JobApplication/5'))?.body).toEqual({ statusId: 3, sendEmail: true });
  });

  it('sends no e-mail when the box is left alone', async () => {
    const { calls } = show(move(3));
    await screen.findByRole('checkbox', { name: 'Send an e-mail to the applicant' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls().some((c) => c.url.endsWith('/api/JobApplication/5'))).toBe(true));
    expect(calls().find((c) => c.url.endsWith('/api/JobApplication/5'))?.body).toEqual({ statusId: 3 });
  });

  it('shows the e-mail a move sent in the history, and only that one was sent once anonymised', () => {
    show(
      <History
        kind="applications"
        history={[
          { statusId: 1, note: '', byUserName: null, at: '2026-11-01T00:00:00.000Z' },
          { statusId: 3, note: '', byUserName: 'hr', at: '2026-11-02T00:00:00.000Z', email: { to: 'jane.doe@example.com', subject: 'Interview <soon> & more' } },
          { statusId: 6, note: '', byUserName: 'hr', at: '2026-11-03T00:00:00.000Z', email: { to: '', subject: '' } },
        ]}
      />,
    );
    expect(screen.getByText('E-mail sent to jane.doe@example.com: Interview <soon> & more')).toBeTruthy();
    expect(screen.getByText('E-mail sent (its address and subject were removed with the anonymisation)')).toBeTruthy();
  });
});
