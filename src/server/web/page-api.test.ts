import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createPageApi, pageApiIn } from './page-api.js';

/** The in-process API a page's loaders read through speaks the page's language (docs/decisions/0053). */
describe('the page API in a page\'s language', () => {
  const app = Fastify();
  app.get('/api/Echo', async (request) => ({ isSuccess: true, errorCode: 0, message: '', data: request.headers['accept-language'] ?? null }));
  afterAll(() => app.close());

  it('sends the page\'s language as the call\'s Accept-Language, and none when it has no language', async () => {
    const api = createPageApi(app);
    expect((await api<string | null>('GET', 'Echo')).data).toBeNull();
    expect((await api<string | null>('GET', 'Echo', undefined, { locale: 'en-US' })).data).toBe('en-US');
  });

  it('binds every call of a page to its language, unless a call names another', async () => {
    const english = pageApiIn(createPageApi(app), 'en-US');
    expect((await english<string | null>('GET', 'Echo')).data).toBe('en-US');
    expect((await english<string | null>('GET', 'Echo', undefined, { locale: 'zh-CN' })).data).toBe('zh-CN');
  });
});
