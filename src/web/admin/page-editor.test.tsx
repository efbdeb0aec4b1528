import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Form } from 'antd';
import type { FormInstance } from 'antd';
import { PAGE_BLOCK_TYPES, emptyBlock, pageContent } from '../../shared/schemas/page.js';
import type { PageContent } from '../../shared/schemas/page.js';
import admin from '../i18n/catalogues/admin.js';
import { addAdminCatalogue } from '../i18n/admin-catalogue.js';
import { createI18n } from '../i18n/i18n.js';
import { BLOCK_FIELDS, PageEditor, formPathOf, showIssues } from './page-editor.js';
import { AdminTestFrame, envelope, stubMatchMedia } from './test-setup.js';

const i18n = createI18n('en-US');
addAdminCatalogue(i18n);
const t = i18n.getFixedT('en-US', 'admin');

const text = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });

const initial: PageContent = {
  title: text('首页', 'Home'),
  description: text('', ''),
  blocks: [
    { ...emptyBlock('hero'), title: text('欢迎', 'Welcome') } as PageContent['blocks'][number],
    { type: 'figures', title: text('数据', 'Figures'), items: [] },
  ],
};

let form: FormInstance<PageContent>;
function Editor() {
  [form] = Form.useForm<PageContent>();
  return <PageEditor form={form} initialValues={initial} />;
}


function show() {
  // The image fields' pickers list the media library.
  vi.stubGlobal('fetch', vi.fn(async () => envelope({ items: [], meta: { page: 1, pageSize: 12, total: 0 } })));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AdminTestFrame>
      <QueryClientProvider client={client}>
        <Editor />
      </QueryClientProvider>
    </AdminTestFrame>,
  );
}

const blockTypes = () => [...document.querySelectorAll('[data-block-type]')].map((card) => card.getAttribute('data-block-type'));

beforeAll(stubMatchMedia);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the page editor', () => {
  it('names every kind of block and every field in both languages', () => {
    for (const catalogue of [admin['zh-CN'], admin['en-US']]) {
      expect(Object.keys(catalogue.pages.blockTypes).sort()).toEqual([...PAGE_BLOCK_TYPES].sort());
      for (const type of PAGE_BLOCK_TYPES) {
        for (const field of [...BLOCK_FIELDS[type].fields, ...(BLOCK_FIELDS[type].list?.fields ?? [])]) expect(catalogue.pages.fields, `${type}.${field.name}`).toHaveProperty(field.name);
      }
    }
  });

  it('writes every field of every kind of block, and nothing the schema refuses', () => {
    for (const type of PAGE_BLOCK_TYPES) {
      const block = emptyBlock(type) as Record<string, unknown>;
      const written = ['type', ...BLOCK_FIELDS[type].fields.map((field) => field.name), ...(BLOCK_FIELDS[type].list ? [BLOCK_FIELDS[type].list!.name] : [])];
      expect(written.sort(), type).toEqual(Object.keys(block).sort());
      const list = BLOCK_FIELDS[type].list;
      // A gallery's image is required; every other new item is valid as it is added.
      if (list) block[list.name] = [type === 'gallery' ? { ...(list.empty() as object), src: '/a.png' } : list.empty()];
      expect(pageContent.shape.blocks.element.safeParse(block).success, type).toBe(true);
    }
  });

  it('shows each text in both languages side by side, and adds, moves and removes blocks', async () => {
    show();
    const hero = document.querySelector('[data-block-type="hero"]') as HTMLElement;
    expect(within(hero).getByLabelText('Title · 中文')).toHaveProperty('value', '欢迎');
    expect(within(hero).getByLabelText('Title · English')).toHaveProperty('value', 'Welcome');
    expect(blockTypes()).toEqual(['hero', 'figures']);

    fireEvent.click(screen.getByRole('button', { name: /Add block/ }));
    await screen.findByText('Block 3: Rich text');
    expect(blockTypes()).toEqual(['hero', 'figures', 'richText']);

    fireEvent.click(screen.getByRole('button', { name: 'Move up: Block 3: Rich text' }));
    await screen.findByText('Block 2: Rich text');
    expect(blockTypes()).toEqual(['hero', 'richText', 'figures']);

    fireEvent.click(screen.getByRole('button', { name: 'Remove: Block 1: Hero banner' }));
    await screen.findByText('Block 1: Rich text');
    expect(blockTypes()).toEqual(['richText', 'figures']);
    expect((form.getFieldsValue(true) as PageContent).blocks.map((block) => block.type)).toEqual(['richText', 'figures']);

    // A figure added to the figures block, written in both languages.
    const figures = document.querySelector('[data-block-type="figures"]') as HTMLElement;
    fireEvent.click(within(figures).getByRole('button', { name: /Add one/ }));
    fireEvent.change(await within(figures).findByLabelText('Value · English'), { target: { value: '42' } });
    expect((form.getFieldsValue(true) as PageContent).blocks[1]).toMatchObject({ type: 'figures', items: [{ value: { 'zh-CN': '', 'en-US': '42' } }] });
  });

  it('refuses what the server would refuse, with the limit named, and shows the server\'s refusals on their fields', async () => {
    show();
    const hero = document.querySelector('[data-block-type="hero"]') as HTMLElement;
    fireEvent.change(within(hero).getByLabelText('Title · English'), { target: { value: 'x'.repeat(201) } });
    await expect(form.validateFields()).rejects.toBeTruthy();
    await screen.findByText('At most 200 characters');

    expect(formPathOf('blocks.1.items.0.title.zh-CN')).toEqual(['blocks', 1, 'items', 0, 'title', 'zh-CN']);
    let shown = false;
    act(() => {
      shown = showIssues(form, [{ path: 'blocks.0.image', code: 'invalid_url', message: 'The server says this in English' }], t);
    });
    expect(shown).toBe(true);
    // Said by its code, in the screen's language; the server's English sentence is not shown.
    await screen.findByText(admin['en-US'].errors.issues.invalid_url);
    expect(document.body.textContent).not.toContain('The server says this in English');
  });
});
