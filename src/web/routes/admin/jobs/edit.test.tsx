import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Job } from '../../../../shared/schemas/job.js';
import { ADMIN_PATHS, jobEditPath } from '../../../../shared/paths.js';
import { AdminTestFrame, TestRouter, envelope, stubMatchMedia, testJob } from '../../../admin/test-setup.js';
import JobEdit from './edit.js';

const REFERENCE = '/api/File/Download/8#w=1600&h=900&t=jpeg';

const job = (imageUrl: string | null): Job => testJob({ imageUrl });

const libraryImage = {
  id: 9,
  name: 'crane.jpg',
  mimeType: 'image/jpeg',
  size: 1234,
  width: 1200,
  height: 800,
  alt: { 'zh-CN': '', 'en-US': '' },
  url: '/api/File/Download/9',
  reference: '/api/File/Download/9#w=1200&h=800&t=jpeg',
  variants: [],
  createdAt: '2026-11-01T00:00:00.000Z',
};


/** The job editor for job 3, whose stored image is `imageUrl`; answers each call and keeps what was saved. */
function edit(imageUrl: string | null, locale: 'en-US' | 'zh-CN' = 'en-US') {
  const saved: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url.endsWith('/api/Job/3')) return envelope(job(imageUrl));
      if (url.endsWith('/api/JobCategory/Query')) return envelope({ items: [{ id: 1, name: 'Marine', sortOrder: 0, itemCount: 1 }], meta: { page: 1, pageSize: 100, total: 1 } });
      if (url.endsWith('/api/Media/Query')) return envelope({ items: [libraryImage], meta: { page: 1, pageSize: 12, total: 1 } });
      if (url.endsWith('/api/Job/Update')) {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        saved.push(body);
        return envelope({ ...job(null), ...body });
      }
      return envelope(null);
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AdminTestFrame locale={locale}>
      <QueryClientProvider client={client}>
        <TestRouter
          at={jobEditPath(3)}
          routes={[
            { path: ADMIN_PATHS.jobEdit, element: <JobEdit /> },
            { path: ADMIN_PATHS.jobs, element: <p>Job list</p> },
          ]}
        />
      </QueryClientProvider>
    </AdminTestFrame>,
  );
  return saved;
}

const save = async (saved: unknown[]) => {
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(saved).toHaveLength(1));
};

describe('the job editor’s image', () => {
  beforeAll(stubMatchMedia);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the stored image, with its label and help in both languages', async () => {
    edit(REFERENCE);
    expect((await screen.findByAltText('Chosen image')).getAttribute('src')).toBe('/api/Media/8/320.webp');
    expect(screen.getByText('Job image')).toBeTruthy();
    expect(screen.getByText(/as the picture when the page is shared/)).toBeTruthy();
    cleanup();
    edit(null, 'zh-CN');
    expect(await screen.findByText('职位图片')).toBeTruthy();
    expect(screen.getByText(/分享这个页面时也用作分享图片/)).toBeTruthy();
  });

  it('saves an image chosen from the library as its reference', async () => {
    const saved = edit(null);
    fireEvent.click(await screen.findByRole('button', { name: 'Choose from library' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Use this image: crane.jpg' }));
    await save(saved);
    expect(saved[0]).toMatchObject({ id: 3, title: 'Harbour pilot', imageUrl: '/api/File/Download/9#w=1200&h=800&t=jpeg' });
  });

  it('clears a removed image with null, and keeps one left alone', async () => {
    let saved = edit(REFERENCE);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove image' }));
    await save(saved);
    expect(saved[0].imageUrl).toBeNull();
    cleanup();
    saved = edit(REFERENCE);
    await screen.findByAltText('Chosen image');
    await save(saved);
    expect(saved[0].imageUrl).toBe(REFERENCE);
  });
});
