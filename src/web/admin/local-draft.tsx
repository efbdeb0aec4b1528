import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, App as AntApp, Button, Space } from 'antd';
import dayjs from 'dayjs';
import { useSession } from './session-context.js';
import { draftKey, readDraft, removeDraft, writeDraft } from './draft-store.js';
import type { Draft } from './draft-store.js';

/** How long typing pauses before the draft is written. */
export const DRAFT_DELAY_MS = 500;

export interface LocalDraftOptions {
  /** The entity's name, as the API calls it (`News`, `Job`). */
  entity: string;
  /** The record's id; null for a new one. */
  recordId: number | null;
  /** The record's last save; null for a new record, undefined while it loads. */
  updatedAt: string | null | undefined;
}

export interface LocalDraft<T> {
  /** The draft to offer: found when the editor opened, newer than the record, not yet restored or discarded. */
  offered: Draft<T> | null;
  /** Keeps what the editor holds now, once typing pauses. */
  keep: (values: T) => void;
  /** The offered draft is in the form now: it is no longer offered, and stays kept until a save. */
  restored: () => void;
  /** Forgets the draft: discarded, or saved. */
  remove: () => void;
}

/**
 * Worth offering: newer than the record, or started from the record as it is now (so newer, whatever
 * this browser's clock says against the server's).
 */
const worthOffering = (draft: Draft, updatedAt: string | null) => updatedAt === null || draft.basedOn === updatedAt || Date.parse(draft.savedAt) > Date.parse(updatedAt);

/**
 * An editor's local draft (docs/decisions/0050): what the form holds, written to this browser as the
 * user types, keyed by user, entity and record; offered when the editor opens again after a crash, a
 * reload or a new sign-in; removed on a save or a discard.
 */
export function useLocalDraft<T>({ entity, recordId, updatedAt }: LocalDraftOptions): LocalDraft<T> {
  const { user } = useSession();
  const key = draftKey(user.id, entity, recordId);
  const [found, setFound] = useState<Draft<T> | null>(null);
  const basedOn = useRef<string | null>(null);
  basedOn.current = updatedAt ?? null;
  const pending = useRef<{ values: T; timer: ReturnType<typeof setTimeout> } | null>(null);

  useEffect(() => {
    let live = true;
    void readDraft<T>(key).then((draft) => live && setFound(draft));
    return () => {
      live = false;
    };
  }, [key]);

  const flush = useCallback(() => {
    const waiting = pending.current;
    if (!waiting) return;
    clearTimeout(waiting.timer);
    pending.current = null;
    void writeDraft<T>({ key, savedAt: new Date().toISOString(), basedOn: basedOn.current, values: waiting.values });
  }, [key]);

  // Written at once when the tab goes away or the editor closes: the last words typed are kept too.
  useEffect(() => {
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [flush]);

  const keep = useCallback(
    (values: T) => {
      if (pending.current) clearTimeout(pending.current.timer);
      pending.current = { values, timer: setTimeout(flush, DRAFT_DELAY_MS) };
    },
    [flush],
  );

  const remove = useCallback(() => {
    if (pending.current) clearTimeout(pending.current.timer);
    pending.current = null;
    setFound(null);
    void removeDraft(key);
  }, [key]);

  const restored = useCallback(() => setFound(null), []);

  // Another record opened in the same editor: the previous record's draft is not this one's.
  const offered = found && found.key === key && updatedAt !== undefined && worthOffering(found, updatedAt) ? found : null;
  return { offered, keep, restored, remove };
}

/** Offers a kept draft above the form: when it was written, restore it or discard it. */
export function LocalDraftOffer<T>({ draft, onRestore }: { draft: LocalDraft<T>; onRestore: (values: T) => void }) {
  const { t } = useTranslation('admin');
  const { message } = AntApp.useApp();
  if (!draft.offered) return null;
  const { values, savedAt } = draft.offered;
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      title={t('localDraft.found', { time: dayjs(savedAt).format('YYYY-MM-DD HH:mm') })}
      action={
        <Space wrap>
          <Button
            size="small"
            type="primary"
            onClick={() => {
              onRestore(values);
              draft.restored();
              message.success(t('localDraft.restored'));
            }}
          >
            {t('localDraft.restore')}
          </Button>
          <Button
            size="small"
            onClick={() => {
              draft.remove();
              message.info(t('localDraft.discarded'));
            }}
          >
            {t('localDraft.discard')}
          </Button>
        </Space>
      }
    />
  );
}
