import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import admin from '../i18n/catalogues/admin.js';
import { ErasureActions } from './erasure-actions.js';
import type { ErasableEntity } from './erasure-actions.js';
import { AdminTestFrame, envelope, stubMatchMedia } from './test-setup.js';


function show(entity: ErasableEntity, anonymised = false, locale: 'en-US' | 'zh-CN' = 'en-US') {
  const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => envelope({ id: 5 }));
  vi.stubGlobal('fetch', fetchMock);
  const onDeleted = vi.fn();
  render(
    <AdminTestFrame locale={locale}>
      <QueryClientProvider client={new QueryClient()}>
        <ErasureActions entity={entity} id={5} anonymised={anonymised} onDeleted={onDeleted} />
      </QueryClientProvider>
    </AdminTestFrame>,
  );
  const calls = () => fetchMock.mock.calls.map(([url, init]) => ({ url, method: init.method }));
  return { calls, onDeleted };
}

const confirmButton = (label: string) => within(screen.getByRole('alertdialog')).getByRole('button', { name: label });

beforeAll(stubMatchMedia);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('delete and anonymise, each behind a confirmation that says what happens', () => {
  it('deletes an application only after the confirmation naming the résumé and mail that go', async () => {
    const { calls, onDeleted } = show('JobApplication');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await screen.findByText(admin['en-US'].erasure.confirmDelete.JobApplication);
    expect(calls()).toEqual([]);
    fireEvent.click(confirmButton('Delete'));
    await waitFor(() => expect(calls()).toEqual([{ url: '/api/JobApplication/5', method: 'DELETE' }]));
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
  });

  it('anonymises a contact message after saying what is cleared and what is kept', async () => {
    const { calls, onDeleted } = show('ContactInfo');
    fireEvent.click(screen.getByRole('button', { name: 'Anonymise' }));
    await screen.findByText(admin['en-US'].erasure.confirmAnonymise.ContactInfo);
    fireEvent.click(confirmButton('Anonymise'));
    await waitFor(() => expect(calls()).toEqual([{ url: '/api/ContactInfo/5/Anonymise', method: 'POST' }]));
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('asks in Chinese too, and offers only Delete once a record is anonymised', async () => {
    show('JoinUs', true, 'zh-CN');
    expect(screen.queryByRole('button', { name: admin['zh-CN'].erasure.anonymise })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: admin['zh-CN'].erasure.delete }));
    await screen.findByText(admin['zh-CN'].erasure.confirmDelete.JoinUs);
  });

  it('has every confirmation in both languages', () => {
    for (const locale of ['zh-CN', 'en-US'] as const) {
      for (const kind of ['JobApplication', 'ContactInfo', 'JoinUs'] as const) {
        expect(admin[locale].erasure.confirmDelete[kind]).toBeTruthy();
        expect(admin[locale].erasure.confirmAnonymise[kind]).toBeTruthy();
      }
      expect(admin[locale].errors.conflicts['has-applications']).toMatch(locale === 'zh-CN' ? /归档/ : /archive/);
    }
  });
});
