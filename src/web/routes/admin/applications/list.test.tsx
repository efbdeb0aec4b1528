import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { pickFields } from '../../../../shared/query.js';
import type { JobApplication } from '../../../../shared/schemas/job-application.js';
import { AdminTestFrame, dataRows, envelope, firstListQuery, stubMatchMedia, testApplication } from '../../../admin/test-setup.js';
import Applications, { handle } from './list.js';

/** The applications list asks only for what it shows and its row actions read (issue 22's lighter lists). */

const application = (fields: Partial<JobApplication>): JobApplication =>
  testApplication({
    id: 11,
    jobId: 3,
    jobTitle: 'Harbour pilot',
    name: 'Wang Fang',
    phone: '13900000011',
    email: 'wang.fang@example.com',
    education: 'master',
    yearsOfExperience: 6,
    coverLetter: 'I have guided ships into Ningbo for six years.',
    resumeUrl: '/api/File/Download/71',
    resumeName: 'wang-fang.pdf',
    statusId: 2,
    note: 'Called back on Monday',
    privacyVersion: 3,
    ...fields,
  });
const APPLICATIONS = [
  application({}),
  application({ id: 12, name: '', phone: '', email: '', jobTitle: 'Crane operator', resumeUrl: '', resumeName: '', anonymisedAt: '2026-11-20T08:00:00.000Z' }),
];

beforeAll(stubMatchMedia);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show() {
  const queries: Record<string, unknown>[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    if (url.endsWith('/api/JobApplication/Query')) {
      const body = JSON.parse(String(init.body)) as { page: number; pageSize: number; fields?: string[] };
      queries.push(body);
      // As the server answers: only the fields asked for, and the id.
      return envelope({ items: APPLICATIONS.map((row) => pickFields(row, body.fields)), meta: { page: body.page, pageSize: body.pageSize, total: APPLICATIONS.length } });
    }
    if (url.endsWith('/api/Job/Query')) return envelope({ items: [], meta: { page: 1, pageSize: 100, total: 0 } });
    if (url.endsWith('/api/File/Download/71')) return new Response(new Blob(['%PDF-1.4']), { status: 200, headers: { 'content-type': 'application/pdf' } });
    return envelope(null);
  });
  vi.stubGlobal('fetch', fetchMock);
  render(
    <MemoryRouter initialEntries={['/JobApplicationManagement']}>
      <AdminTestFrame>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <Applications />
        </QueryClientProvider>
      </AdminTestFrame>
    </MemoryRouter>,
  );
  return { queries, fetchMock };
}

describe('the applications list', () => {
  it('asks for the fields it shows and its row actions read, not whole applications', async () => {
    const { queries } = show();
    await waitFor(() => expect(dataRows()).toHaveLength(2));
    expect(queries[0].fields).toEqual(['name', 'jobTitle', 'phone', 'email', 'statusId', 'createdAt', 'anonymisedAt', 'resumeUrl', 'resumeName']);
    for (const unshown of ['coverLetter', 'note', 'education', 'consentAt', 'updatedAt']) expect(queries[0].fields).not.toContain(unshown);
  });

  it('shows every column and row action from those fields alone', async () => {
    const { fetchMock } = show();
    await waitFor(() => expect(dataRows()).toHaveLength(2));
    const [kept, anonymised] = dataRows();
    expect(within(kept).getByRole('link', { name: 'Wang Fang' }).getAttribute('href')).toMatch(/11$/);
    for (const text of ['Harbour pilot', '13900000011', 'wang.fang@example.com']) expect(within(kept).getByText(text)).toBeTruthy();
    // An anonymised application is marked so, and has no résumé to download.
    expect(within(anonymised).queryByRole('link', { name: 'Wang Fang' })).toBeNull();
    expect(within(anonymised).getByText('Crane operator')).toBeTruthy();
    expect(within(anonymised).queryByRole('button', { name: /download/i })).toBeNull();
    // The résumé's link and name come with the list: a download fetches the row's own file.
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:resume', revokeObjectURL: () => undefined }));
    fireEvent.click(within(kept).getByRole('button', { name: /download/i }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/File/Download/71'))).toBe(true));
    expect(screen.queryByText(/HTTP|error/i)).toBeNull();
  });
});

/** The page sends the list's query while it loads (docs/decisions/0070): the call the route names is the list's own. */
describe('the applications list\'s early call', () => {
  it.each([
    '/ApplyInfoManagement',
    '/ApplyInfoManagement?page=4&pageSize=100&sort=name&order=asc',
    '/ApplyInfoManagement?statusId=3&jobId=12&createdFrom=2026-01-01T00%3A00%3A00.000Z&keyword=pilot',
    '/ApplyInfoManagement?sort=email&statusId=x',
  ])('is the call the list makes at %s', async (at) => {
    const [named] = handle.earlyCalls!(new URL(at, 'http://portico.test'));
    expect(named).toMatchObject({ method: 'POST', url: '/api/JobApplication/Query', module: 'applications' });
    expect(await firstListQuery(<Applications />, 'JobApplication', at)).toBe(named.body);
  });
});
