import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_CHANNEL, askOtherTabsForToken, clearSession, getToken, shareSessionWithOtherTabs } from './session.js';

/**
 * Tabs of one browser share a sessionStorage here (one jsdom window), so "another tab" is another
 * BroadcastChannel on the same name: what one posts, every other one receives, as between tabs.
 */
const stops: Array<() => void> = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  sessionStorage.clear();
  localStorage.clear();
});

const signedInElsewhere = (token: string) => {
  sessionStorage.setItem('portico.token', token);
  localStorage.setItem('portico.user', '{"userName":"admin"}');
};

describe('a session shared between tabs', () => {
  it('gives a new tab the token of a signed-in tab', async () => {
    signedInElsewhere('tab-a-token');
    stops.push(shareSessionWithOtherTabs(() => undefined));
    await expect(askOtherTabsForToken(2_000)).resolves.toBe('tab-a-token');
    expect(getToken()).toBe('tab-a-token');
  });

  it('does not wait when no tab ever signed in, and gives up when none answers', async () => {
    const started = Date.now();
    await expect(askOtherTabsForToken(2_000)).resolves.toBeNull();
    expect(Date.now() - started).toBeLessThan(1_000);
    localStorage.setItem('portico.user', '{"userName":"admin"}');
    await expect(askOtherTabsForToken(50)).resolves.toBeNull();
    expect(getToken()).toBeNull();
  });

  it('answers nothing from a tab that is not signed in', async () => {
    localStorage.setItem('portico.user', '{"userName":"admin"}');
    stops.push(shareSessionWithOtherTabs(() => undefined));
    await expect(askOtherTabsForToken(100)).resolves.toBeNull();
  });

  it('signs out every tab of the same session, and no other', async () => {
    signedInElsewhere('shared-token');
    const signedOut = vi.fn();
    stops.push(shareSessionWithOtherTabs(signedOut));
    const other = new BroadcastChannel(SESSION_CHANNEL);
    other.postMessage({ type: 'signed-out', token: 'another-session' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(signedOut).not.toHaveBeenCalled();
    expect(getToken()).toBe('shared-token');
    other.postMessage({ type: 'signed-out', token: 'shared-token' });
    await vi.waitFor(() => expect(signedOut).toHaveBeenCalledOnce());
    expect(getToken()).toBeNull();
    other.close();
  });

  it('tells the other tabs when this one signs out', async () => {
    signedInElsewhere('leaving-token');
    const heard = new Promise<unknown>((resolve) => {
      const listener = new BroadcastChannel(SESSION_CHANNEL);
      listener.onmessage = (event) => {
        listener.close();
        resolve(event.data);
      };
    });
    clearSession();
    await expect(heard).resolves.toEqual({ type: 'signed-out', token: 'leaving-token' });
  });
});
