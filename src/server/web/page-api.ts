import type { FastifyInstance } from 'fastify';
import type { ApiEnvelope } from '../../shared/api.js';

/**
 * How server-rendered pages read data: the same API the browser calls, answered in-process without
 * a network hop, so a page sees exactly what the contract promises.
 */
export type PageApi = <T>(method: 'GET' | 'POST', path: string, body?: unknown) => Promise<ApiEnvelope<T>>;

export function createPageApi(app: FastifyInstance): PageApi {
  return async <T>(method: 'GET' | 'POST', path: string, body?: unknown) => {
    const res = await app.inject({
      method,
      url: path.startsWith('/') ? path : `/api/${path}`,
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return res.json() as ApiEnvelope<T>;
  };
}

declare module 'react-router' {
  interface AppLoadContext {
    api: PageApi;
    /** `islandsScripts`: the module scripts public pages load, in order (none when unbuilt). */
    config: { publicUrl: string; islandsScripts: string[] };
  }
}
