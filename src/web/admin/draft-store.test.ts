import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { draftKey, readDraft, removeDraft, writeDraft } from './draft-store.js';

/** jsdom has no IndexedDB: each test gets an empty one of its own, as a browser profile would. */
beforeEach(() => vi.stubGlobal('indexedDB', new IDBFactory()));
afterEach(() => vi.unstubAllGlobals());

const draft = (key: string, title: string) => ({ key, savedAt: '2026-11-24T09:30:00.000Z', basedOn: '2026-11-20T00:00:00.000Z', values: { title, headcount: 2, closesAt: null } });

describe('the local draft store', () => {
  it('keeps a draft, gives it back as written, and forgets it', async () => {
    const key = draftKey(7, 'Job', 3);
    expect(await readDraft(key)).toBeNull();
    expect(await writeDraft(draft(key, 'Harbour pilot'))).toBe(true);
    expect(await readDraft(key)).toEqual(draft(key, 'Harbour pilot'));
    // A later write replaces it.
    await writeDraft(draft(key, 'Harbour pilot, nights'));
    expect((await readDraft<{ title: string }>(key))?.values.title).toBe('Harbour pilot, nights');
    await removeDraft(key);
    expect(await readDraft(key)).toBeNull();
  });

  it('keys a draft by user, entity and record, a new record being "new"', async () => {
    expect(draftKey(7, 'Job', null)).toBe('7/Job/new');
    await writeDraft(draft(draftKey(7, 'Job', 3), 'mine'));
    for (const other of [draftKey(8, 'Job', 3), draftKey(7, 'News', 3), draftKey(7, 'Job', 4), draftKey(7, 'Job', null)]) {
      expect(await readDraft(other), other).toBeNull();
    }
  });

  it('never lets a removal be overtaken by a write started before it', async () => {
    const key = draftKey(7, 'News', 5);
    const written = writeDraft(draft(key, 'typed'));
    const removed = removeDraft(key);
    await Promise.all([written, removed]);
    expect(await readDraft(key)).toBeNull();
  });

  it('fails soft where there is no IndexedDB (some private modes): nothing kept, nothing thrown', async () => {
    vi.stubGlobal('indexedDB', undefined);
    const key = draftKey(7, 'Job', 3);
    expect(await writeDraft(draft(key, 'lost'))).toBe(false);
    expect(await readDraft(key)).toBeNull();
    await expect(removeDraft(key)).resolves.toBeUndefined();
  });

  it('fails soft where the browser refuses to open it', async () => {
    const refusing = {
      open() {
        const request = { result: undefined, error: new DOMException('refused', 'InvalidStateError') } as unknown as IDBOpenDBRequest;
        setTimeout(() => request.onerror?.(new Event('error')));
        return request;
      },
    };
    vi.stubGlobal('indexedDB', refusing);
    const key = draftKey(7, 'Job', 3);
    expect(await writeDraft(draft(key, 'lost'))).toBe(false);
    expect(await readDraft(key)).toBeNull();
    vi.stubGlobal('indexedDB', {
      open() {
        throw new DOMException('refused', 'SecurityError');
      },
    });
    expect(await writeDraft(draft(key, 'lost'))).toBe(false);
    expect(await readDraft(key)).toBeNull();
  });
});
