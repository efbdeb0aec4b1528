import { useState } from 'react';
import type { ReactNode } from 'react';
import { cleanup, fireEvent, render, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, RouterProvider, createMemoryRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { vi } from 'vitest';
import type { Job } from '../../shared/schemas/job.js';
import type { JobApplication } from '../../shared/schemas/job-application.js';
import type { CurrentUser } from '../../shared/schemas/user.js';
import { MODULE_KEYS, modulesOf } from '../../shared/modules.js';
import type { ModuleKey } from '../../shared/modules.js';
import { EARLY_CALLS_ID, EARLY_CALLS_SCRIPT, earlyCallsJson } from '../api/early-calls.js';
import type { EarlyCall } from '../api/early-calls.js';
import { TOKEN_KEY } from '../api/session.js';
import { createI18n } from '../i18n/i18n.js';
import { addAdminCatalogue } from '../i18n/admin-catalogue.js';
import { SessionContext } from './session-context.js';
import { NoticesProvider } from './ui/notices.js';

/** antd asks the browser about media queries and element sizes, which jsdom does not answer. */
export function stubMatchMedia() {
  const stubbed = window as unknown as Record<string, unknown>;
  if (!stubbed.ResizeObserver) {
    stubbed.ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
  if (stubbed.matchMedia) return;
  stubbed.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

/**
 * The signed-in user of a component test, unless the test gives its own: one who may change
 * everything, so that every screen shows its controls (`readOnlyUser` may only read).
 */
export const TEST_USER: CurrentUser = {
  id: 7,
  userName: 'editor',
  displayName: 'Editor',
  email: '',
  roles: ['admin'],
  isActive: true,
  lastLoginAt: null,
  mustChangePassword: false,
  twoFactorEnabled: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  modules: modulesOf(['admin']),
};

/** A user whose custom role may read every module and change nothing (docs/decisions/0059). */
export const readOnlyUser = (modules: readonly ModuleKey[] = MODULE_KEYS): CurrentUser => {
  const grants = Object.fromEntries(modules.map((key) => [key, 'read']));
  return { ...TEST_USER, roles: ['reader'], modules: modulesOf(['reader'], { reader: grants }) };
};

/**
 * A back-office screen's surroundings in a component test: the catalogues, the frame's notices, antd's App and a signed-in
 * user (the security layout's session). `texts` adds back-office texts for what only the test defines
 * (an entity of its own).
 */
export function AdminTestFrame({ children, locale = 'en-US', texts, user = TEST_USER }: { children: ReactNode; locale?: 'en-US' | 'zh-CN'; texts?: Record<string, unknown>; user?: CurrentUser }) {
  const i18n = createI18n(locale);
  addAdminCatalogue(i18n);
  if (texts) i18n.addResourceBundle(locale, 'admin', texts, true, true);
  const [session] = useState(() => ({ user, setUser: () => undefined }));
  return (
    <I18nextProvider i18n={i18n}>
      <SessionContext.Provider value={session}>
        <NoticesProvider>
          <AntApp>{children}</AntApp>
        </NoticesProvider>
      </SessionContext.Provider>
    </I18nextProvider>
  );
}

/**
 * Screens in a data router opened at `at` (reached from `from`, when given, as Back would show), as
 * the back-office runs them (React Router's framework mode): an editor's guard against leaving with
 * unsaved changes needs one (`useBlocker`), and so does antd's scope (`useLocale`).
 */
export function TestRouter({ routes, at, from }: { routes: RouteObject[]; at: string; from?: string }) {
  const [router] = useState(() => createMemoryRouter(routes, from === undefined ? { initialEntries: [at] } : { initialEntries: [from, at], initialIndex: 1 }));
  return <RouterProvider router={router} />;
}

/** What a reader hears of an element: its text without what is hidden from them (a sortable column's order marks, say). */
export function spokenText(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
  return copy.textContent ?? '';
}

/** The rows of a list's table that hold a record: not its header, nor the row saying it is empty. */
export const dataRows = (container: ParentNode = document) => [...container.querySelectorAll<HTMLElement>('tbody tr[data-row-key]')];

/**
 * Chooses the option showing `label` in a list's select: the browser's own, whose options' values
 * are their places in the list, not the values they stand for.
 */
export function chooseOption(select: HTMLElement, label: string) {
  const option = within(select).getByRole<HTMLOptionElement>('option', { name: label });
  fireEvent.change(select, { target: { value: option.value } });
}

/** Clears a list's select: its first option, its label, means no choice. */
export const clearChoice = (select: HTMLElement) => fireEvent.change(select, { target: { value: '' } });

/** The option a list's select shows chosen, or null when it shows its label (no choice). */
export function shownChoice(select: HTMLElement): string | null {
  const chosen = (select as HTMLSelectElement).selectedOptions[0];
  return chosen && chosen.value !== '' ? chosen.textContent : null;
}

/** A successful API answer carrying `data`, as the server wraps every one: for a stubbed `fetch`. */
export const envelope = (data: unknown) => new Response(JSON.stringify({ isSuccess: true, errorCode: 0, message: '', data }), { status: 200 });

/** One job application as the staff API answers it, for the list's and details' tests; `fields` changes some. */
export function testApplication(fields: Partial<JobApplication> = {}): JobApplication {
  const at = '2026-11-20T08:00:00.000Z';
  return {
    id: 7,
    jobId: 1,
    jobTitle: 'Test engineer',
    name: 'Li Lei',
    phone: '13900000000',
    email: 'li.lei@example.com',
    education: null,
    yearsOfExperience: null,
    coverLetter: '',
    resumeUrl: '/api/File/Download/1',
    resumeName: 'cv.pdf',
    statusId: 1,
    consentAt: at,
    note: '',
    anonymisedAt: null,
    privacyVersion: null,
    locale: 'zh-CN',
    createdAt: at,
    updatedAt: at,
    ...fields,
  };
}

/** One job as the staff API answers it, for the editors' and lists' tests; `fields` changes some. */
export function testJob(fields: Partial<Job> = {}): Job {
  return {
    id: 3,
    title: 'Harbour pilot',
    categoryId: 1,
    categoryName: 'Marine',
    department: '',
    location: 'Ningbo',
    officeId: null,
    officeAddress: null,
    officeCity: null,
    officeCountry: null,
    employmentType: 'full-time',
    headcount: 1,
    salaryMin: null,
    salaryMax: null,
    salaryCurrency: 'CNY',
    salaryPeriod: 'month',
    description: '<p>Bring ships in.</p>',
    requirements: '',
    status: 'open',
    publishedAt: '2026-11-01T00:00:00.000Z',
    closesAt: null,
    locale: 'en-US',
    translations: {},
    imageUrl: null,
    archived: false,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    updatedBy: null,
    ...fields,
  };
}

/** A back-office screen opened at `at`, signed in, with a query client of its own that does not retry. */
export function renderScreenAt(screen: ReactNode, at: string) {
  return render(
    <MemoryRouter initialEntries={[at]}>
      <AdminTestFrame>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{screen}</QueryClientProvider>
      </AdminTestFrame>
    </MemoryRouter>,
  );
}

/**
 * What a list screen opened at `at` sends first as `POST {entity}/Query` (its body's text), for the
 * test that holds a route's early call to it (api/early-calls.ts); every list is answered empty.
 * Stubs `fetch` (the caller's `vi.unstubAllGlobals` restores it) and unmounts the screen after.
 */
export async function firstListQuery(screen: ReactNode, entity: string, at: string): Promise<string> {
  const sent: string[] = [];
  const stub = async (url: string, init: RequestInit = {}) => {
    if (url.endsWith(`/api/${entity}/Query`)) sent.push(String(init.body));
    return url.endsWith('/Query') ? envelope({ items: [], meta: { page: 1, pageSize: 10, total: 0 } }) : envelope(null);
  };
  vi.stubGlobal('fetch', stub);
  renderScreenAt(screen, at);
  await waitFor(() => {
    if (!sent.length) throw new Error(`no ${entity}/Query sent`);
  });
  cleanup();
  return sent[0];
}

/**
 * A back-office page as the server sends it, loaded by a tab holding `token`: the calls it names
 * (api/early-calls.ts), and its script run with `fetch` answering through `answer` (restored by the
 * caller's `vi.unstubAllGlobals`). The tab's stored user, if a test needs one, is the caller's to set.
 */
export function loadPageWithEarlyCalls(calls: readonly EarlyCall[], token: string | null, answer: (url: string, init: RequestInit) => Promise<Response>) {
  document.head.innerHTML = '';
  sessionStorage.clear();
  if (token) sessionStorage.setItem(TOKEN_KEY, token);
  const data = document.createElement('script');
  data.type = 'application/json';
  data.id = EARLY_CALLS_ID;
  data.textContent = earlyCallsJson(calls);
  document.head.append(data);
  const fetchMock = vi.fn(answer);
  vi.stubGlobal('fetch', fetchMock);
  new Function(EARLY_CALLS_SCRIPT)();
  return fetchMock;
}
