import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { NEUTRAL_SITE_SETTINGS, siteSettingsFields } from '../../shared/schemas/site.js';
import type { SiteSettings } from '../../shared/schemas/site.js';
import admin from '../i18n/catalogues/admin.js';
import SiteSettingsScreen from '../routes/admin/site/settings.js';
import { AdminTestFrame, TestRouter, envelope, stubMatchMedia } from './test-setup.js';

const record: SiteSettings = { id: 1, ...NEUTRAL_SITE_SETTINGS, sameAs: ['https://example.com/a'], updatedAt: null, updatedBy: null };

function show(locale: 'en-US' | 'zh-CN' = 'en-US') {
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    if (url.endsWith('/Site/Edit')) return envelope(record);
    // The image fields' pickers list the media library.
    if (url.endsWith('/Media/Query')) return envelope({ items: [], meta: { page: 1, pageSize: 12, total: 0 } });
    return envelope({ ...record, ...JSON.parse(String(init.body)), updatedAt: '2026-11-25T00:00:00.000Z' });
  });
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AdminTestFrame locale={locale}>
      <QueryClientProvider client={client}>
        <TestRouter at="/" routes={[{ path: '/', element: <SiteSettingsScreen /> }]} />
      </QueryClientProvider>
    </AdminTestFrame>,
  );
  const updates = () => fetchMock.mock.calls.filter(([url]) => url.endsWith('/Site/Update')).map(([, init]) => JSON.parse(String(init.body)) as Record<string, unknown>);
  return { updates };
}

beforeAll(stubMatchMedia);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the site settings screen', () => {
  it('names every field and section in both languages', () => {
    for (const catalogue of [admin['zh-CN'], admin['en-US']]) {
      for (const field of Object.keys(siteSettingsFields)) expect(catalogue.siteSettings.fields, field).toHaveProperty(field);
      expect(Object.keys(catalogue.siteSettings.sections)).toEqual(['brand', 'contact', 'social', 'compliance', 'seo', 'analytics']);
    }
  });

  it('shows each text in Chinese and English side by side, and saves the changed record', async () => {
    const { updates } = show();
    const english = await screen.findByLabelText('Company name · English');
    expect(screen.getByLabelText('Company name · 中文')).toHaveProperty('value', 'Portico');
    fireEvent.change(english, { target: { value: 'Example Works' } });
    fireEvent.change(screen.getByLabelText('Primary colour'), { target: { value: '#123abc' } });
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    await screen.findByText('Site settings saved; the public site shows them now');
    expect(updates()).toHaveLength(1);
    expect(updates()[0]).toMatchObject({ companyName: { 'zh-CN': 'Portico', 'en-US': 'Example Works' }, primaryColor: '#123abc', sameAs: ['https://example.com/a'] });
  });

  it('refuses what the server would refuse, before sending anything', async () => {
    const { updates } = show('zh-CN');
    fireEvent.change(await screen.findByLabelText('主色'), { target: { value: 'red' } });
    fireEvent.change(screen.getByLabelText('微博'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.change(screen.getByLabelText('统计脚本地址'), { target: { value: 'http://stats.example/s.js' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await screen.findByText('请写作 #rrggbb，例如 #0b5cad');
    await screen.findByText('请填写以 http:// 或 https:// 开头的地址');
    await screen.findByText('请填写以 https:// 开头的地址');
    expect(updates()).toHaveLength(0);
  });
});
