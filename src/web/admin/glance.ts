import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ModuleKey } from '../../shared/modules.js';
import { GLANCE_KINDS } from '../../shared/schemas/overview.js';
import type { GlanceCounts, GlanceKind } from '../../shared/schemas/overview.js';
import { api } from '../api/client.js';

/**
 * The menu's badges (docs/decisions/0051): how many applications, contact messages and join-us
 * entries are new. Read when the back-office opens, every minute while it is open, when the window
 * comes back into view, when the user moves to another screen, and at once whenever a list of those
 * kinds is read again after a change (a status move, an erasure), so a badge never lags behind what
 * its user just did.
 */

export const GLANCE_QUERY_KEY = ['Overview', 'counts'] as const;
const REFRESH_MS = 60_000;
const KINDS = new Set<unknown>(GLANCE_KINDS.map(({ kind }) => kind));

/** Whether a user with these modules sees any badge (and the overview). */
export const seesGlance = (modules: readonly { key: ModuleKey }[]) => modules.some((m) => GLANCE_KINDS.some(({ module }) => module === m.key));

/** The menu entry each kind's badge sits on. */
export const GLANCE_MENUS: Record<string, GlanceKind> = { 'applications.list': 'JobApplication', 'contact.list': 'ContactInfo', 'joinus.list': 'JoinUs' };

export function useGlanceCounts(enabled: boolean, pathname: string): GlanceCounts | undefined {
  const queryClient = useQueryClient();
  const opened = useRef(false);
  const counts = useQuery({
    queryKey: GLANCE_QUERY_KEY,
    queryFn: () => api<GlanceCounts>('/api/Overview/Counts', { method: 'GET' }),
    enabled,
    refetchInterval: REFRESH_MS,
    refetchOnWindowFocus: true,
  });
  useEffect(() => {
    if (!enabled) return;
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'invalidate' && KINDS.has(event.query.queryKey[0])) {
        void queryClient.invalidateQueries({ queryKey: GLANCE_QUERY_KEY });
      }
    });
  }, [enabled, queryClient]);
  useEffect(() => {
    // Not on the first screen: the query has just been read for it.
    if (!opened.current) {
      opened.current = true;
      return;
    }
    if (enabled) void queryClient.invalidateQueries({ queryKey: GLANCE_QUERY_KEY });
  }, [pathname, enabled, queryClient]);
  return counts.data;
}
