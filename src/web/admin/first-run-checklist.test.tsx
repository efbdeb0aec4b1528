import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { SiteChecklist } from '../../shared/schemas/checklist.js';
import { CHECKLIST_ITEMS } from '../../shared/schemas/checklist.js';
import { FirstRunChecklist } from './first-run-checklist.js';
import { AdminTestFrame, envelope, stubMatchMedia } from './test-setup.js';

const checklist = (left: number): SiteChecklist => {
  const items = CHECKLIST_ITEMS.map((key, i) => ({ key, done: i >= left }));
  return { items, done: left === 0 };
};

describe('the first-run checklist', () => {
  beforeAll(stubMatchMedia);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('stays in place while the next screen reads it again, so the screen below it does not move, and goes once all is done', async () => {
    const answers: ((response: Response) => void)[] = [];
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => answers.push(resolve))));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const frame = (path: string) => (
      <AdminTestFrame>
        <MemoryRouter>
          <QueryClientProvider client={client}>
            <FirstRunChecklist path={path} />
          </QueryClientProvider>
        </MemoryRouter>
      </AdminTestFrame>
    );
    const view = render(frame('/NewsManagement/list-news'));
    await waitFor(() => expect(answers).toHaveLength(1));
    await act(async () => answers[0](envelope(checklist(2))));
    const region = await screen.findByRole('region', { name: /2 of 5/ });
    // The next screen: read again, and drawn as it was until the answer comes.
    view.rerender(frame('/JobManagement'));
    await waitFor(() => expect(answers).toHaveLength(2));
    expect(screen.getByRole('region', { name: /2 of 5/ })).toBe(region);
    await act(async () => answers[1](envelope(checklist(0))));
    await waitFor(() => expect(screen.queryByRole('region')).toBeNull());
  });

  it('is drawn with the first screen from the checklist that came with the user, before its own answer', async () => {
    const answers: ((response: Response) => void)[] = [];
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => answers.push(resolve))));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <AdminTestFrame>
        <MemoryRouter>
          <QueryClientProvider client={client}>
            <FirstRunChecklist path="/NewsManagement/list-news" initial={checklist(3)} />
          </QueryClientProvider>
        </MemoryRouter>
      </AdminTestFrame>,
    );
    const region = screen.getByRole('region', { name: /3 of 5/ });
    // Still read again, and the fresh answer replaces the one from the sign-in in place.
    await waitFor(() => expect(answers).toHaveLength(1));
    await act(async () => answers[0](envelope(checklist(2))));
    await waitFor(() => expect(screen.getByRole('region', { name: /2 of 5/ })).toBe(region));
  });
});
