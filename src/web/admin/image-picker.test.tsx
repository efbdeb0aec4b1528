import { useState } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ImagePicker } from './image-picker.js';
import { AdminTestFrame, envelope, stubMatchMedia } from './test-setup.js';

const image = (id: number, name: string) => ({
  id,
  name,
  mimeType: 'image/jpeg',
  size: 1234,
  width: 1200,
  height: 800,
  alt: { 'zh-CN': '港口', 'en-US': `Harbour ${id}` },
  url: `/api/File/Download/${id}`,
  reference: `/api/File/Download/${id}#w=1200&h=800&t=jpeg`,
  variants: [],
  createdAt: '2026-11-01T00:00:00.000Z',
});


/** The picker inside a form-like holder that keeps its value, as antd's Form.Item does. */
function Holder({ initial, onChange }: { initial?: string; onChange: (url: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <ImagePicker
      value={value}
      onChange={(url) => {
        setValue(url);
        onChange(url);
      }}
    />
  );
}

/** Where the router is, for the test to read. */
function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

/** The picker, in a router at `address` when given, as on the editor it serves. */
function show(initial?: string, address?: string) {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      bodies.push(JSON.parse(String(init.body ?? 'null')));
      if (url.endsWith('/api/Media/Query')) {
        const page = (bodies.at(-1) as { page: number }).page;
        const items = page === 1 ? Array.from({ length: 12 }, (_, i) => image(30 - i, `photo-${30 - i}.jpg`)) : [image(5, 'last-page.jpg')];
        return envelope({ items, meta: { page, pageSize: 12, total: 13 } });
      }
      return envelope(null);
    }),
  );
  const onChange = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const picker = (
    <AdminTestFrame>
      <QueryClientProvider client={client}>
        <Holder initial={initial} onChange={onChange} />
      </QueryClientProvider>
    </AdminTestFrame>
  );
  render(
    address === undefined ? (
      picker
    ) : (
      <MemoryRouter initialEntries={[address]}>
        <Where />
        {picker}
      </MemoryRouter>
    ),
  );
  return { onChange, bodies };
}

describe('ImagePicker', () => {
  beforeAll(stubMatchMedia);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('chooses an image from the library, a page at a time, and stores its reference', async () => {
    const { onChange, bodies } = show();
    expect(screen.getByText('No image chosen')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Choose from library' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('button', { name: 'Use this image: photo-30.jpg' });
    expect(bodies[0]).toEqual({ page: 1, pageSize: 12 });
    // The second page holds the thirteenth image.
    fireEvent.click(within(dialog).getByTitle('2'));
    const last = await within(dialog).findByRole('button', { name: 'Use this image: last-page.jpg' });
    expect(bodies.at(-1)).toEqual({ page: 2, pageSize: 12 });
    expect(within(last).getByRole('img').getAttribute('alt')).toBe('Harbour 5');
    fireEvent.click(last);
    expect(onChange).toHaveBeenCalledWith('/api/File/Download/5#w=1200&h=800&t=jpeg');
    // The chosen image shows as its smallest WebP variant.
    await waitFor(() => expect(screen.getByAltText('Chosen image').getAttribute('src')).toBe('/api/Media/5/320.webp'));
  });

  it('searches the library by keyword, leaving the address to the screen the dialog opens on', async () => {
    // An editor's address, with what a list there would read: the dialog's list neither reads nor writes it.
    const address = '/NewsManagement/modify-news?id=5&page=2&keyword=pier';
    const { bodies } = show(undefined, address);
    fireEvent.click(screen.getByRole('button', { name: 'Choose from library' }));
    const dialog = await screen.findByRole('dialog');
    const search = within(dialog).getByRole('searchbox', { name: 'Search names or alt text' });
    fireEvent.change(search, { target: { value: 'harbour' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(bodies.at(-1)).toEqual({ page: 1, pageSize: 12, keyword: 'harbour' }));
    expect(bodies[0]).toEqual({ page: 1, pageSize: 12 });
    expect(screen.getByTestId('where').textContent).toBe(address);
  });

  it('shows an image from elsewhere as it is, and removes the chosen one', async () => {
    const { onChange } = show('https://example.com/cover.png');
    expect(screen.getByAltText('Chosen image').getAttribute('src')).toBe('https://example.com/cover.png');
    fireEvent.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(onChange).toHaveBeenCalledWith('');
    expect(screen.getByText('No image chosen')).toBeTruthy();
  });
});
