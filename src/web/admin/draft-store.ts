/**
 * Editors' local drafts, in this browser's IndexedDB (docs/decisions/0050). Not localStorage: the
 * back-office clears that when a session ends (`api/session.ts`), which is when a draft matters most.
 *
 * Every call fails soft: where IndexedDB is missing or refused (some private modes), a write does
 * nothing and a read finds nothing, and editing goes on without a draft. Each call opens the database
 * and closes it again: calls are few (a write per pause in typing), and no connection is left open to
 * go stale.
 */

const DATABASE = 'portico-drafts';
const STORE = 'drafts';

export interface Draft<T = unknown> {
  /** Whose, of what, and which record: `draftKey`. */
  key: string;
  /** When the draft was written, by this browser's clock (ISO). */
  savedAt: string;
  /** The record's `updatedAt` the draft started from; null for a new record. */
  basedOn: string | null;
  /** What the editor held, as the editor keeps it (plain values, no class instances). */
  values: T;
}

/** A draft's key: the user, the entity and the record's id, or `new` for one not yet saved. */
export const draftKey = (userId: number, entity: string, recordId: number | null) => `${userId}/${entity}/${recordId ?? 'new'}`;

function open(): Promise<IDBDatabase | null> {
  return new Promise((resolve) => {
    try {
      const request = indexedDB.open(DATABASE, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'key' });
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
    } catch {
      // No IndexedDB at all (a ReferenceError), or one that refuses this page.
      resolve(null);
    }
  });
}

/**
 * Runs one request in its own transaction; its result once committed, undefined on any failure.
 * Calls keep their order without a queue of our own: a browser opens a database's connections in the
 * order asked, and runs read-write transactions on one store in the order they were created, so a
 * removal never overtakes a write started before it.
 */
async function inStore<R>(mode: IDBTransactionMode, request: (store: IDBObjectStore) => IDBRequest<R>): Promise<R | undefined> {
  const db = await open();
  if (!db) return undefined;
  return new Promise<R | undefined>((resolve) => {
    try {
      const transaction = db.transaction(STORE, mode);
      const pending = request(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(pending.result);
      transaction.onerror = () => resolve(undefined);
      transaction.onabort = () => resolve(undefined);
    } catch {
      resolve(undefined);
    }
  }).finally(() => db.close());
}

export async function readDraft<T>(key: string): Promise<Draft<T> | null> {
  return ((await inStore('readonly', (store) => store.get(key))) as Draft<T> | undefined) ?? null;
}

/** Answers whether the draft was kept. */
export async function writeDraft<T>(draft: Draft<T>): Promise<boolean> {
  return (await inStore('readwrite', (store) => store.put(draft))) !== undefined;
}

export async function removeDraft(key: string): Promise<void> {
  await inStore('readwrite', (store) => store.delete(key));
}
