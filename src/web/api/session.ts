import type { CurrentUser } from '../../shared/schemas/user.js';

/** Where the back-office keeps its session: the token per tab, the user across tabs. */
export const TOKEN_KEY = 'portico.token';
export const USER_KEY = 'portico.user';

const hasWindow = () => typeof window !== 'undefined';

export function getToken(): string | null {
  return hasWindow() ? window.sessionStorage.getItem(TOKEN_KEY) : null;
}

export function getStoredUser(): CurrentUser | null {
  if (!hasWindow()) return null;
  try {
    const raw = window.localStorage.getItem(USER_KEY);
    return raw ? (JSON.parse(raw) as CurrentUser) : null;
  } catch {
    return null;
  }
}

export function saveToken(token: string) {
  window.sessionStorage.setItem(TOKEN_KEY, token);
}

export function saveSession(token: string, user: CurrentUser) {
  saveToken(token);
  window.localStorage.setItem(USER_KEY, JSON.stringify(user));
}

export function saveUser(user: CurrentUser) {
  window.localStorage.setItem(USER_KEY, JSON.stringify(user));
}

/**
 * Ends the session in this browser: the token and local storage go. The language choice is kept,
 * because it is the visitor's preference, not session data (docs/decisions/0008).
 */
export function clearSession() {
  if (!hasWindow()) return;
  const token = getToken();
  window.sessionStorage.removeItem(TOKEN_KEY);
  if (token) tellOtherTabs({ type: 'signed-out', token });
  // All of localStorage, as the original product does. The language survives in the
  // `portico.locale` cookie, from which the server renders the sign-in page.
  window.localStorage.clear();
}

/**
 * Tabs share a session over a BroadcastChannel (docs/decisions/0040): a new tab asks, and a tab
 * holding the token answers it. The token never goes to localStorage or a cookie, as the seed wants;
 * the channel reaches this origin's own tabs only. A sign-out is told to every tab holding the same
 * token, which the server has just revoked.
 */
export const SESSION_CHANNEL = 'portico.session';
/** How long a new tab waits for another tab's answer before it asks the user to sign in. */
export const ASK_TABS_MS = 400;

type TabMessage = { type: 'ask'; id: string } | { type: 'token'; id: string; token: string } | { type: 'signed-out'; token: string };

const channelOf = (): BroadcastChannel | null => (hasWindow() && typeof BroadcastChannel === 'function' ? new BroadcastChannel(SESSION_CHANNEL) : null);

function tellOtherTabs(message: TabMessage) {
  const channel = channelOf();
  if (!channel) return;
  channel.postMessage(message);
  channel.close();
}

/**
 * A token from another signed-in tab of this browser, or null when none answers in time. Only asked
 * when some tab signed in (the user is kept across tabs): a first visit does not wait.
 */
export function askOtherTabsForToken(waitMs = ASK_TABS_MS): Promise<string | null> {
  const channel = channelOf();
  if (!channel || !getStoredUser()) {
    channel?.close();
    return Promise.resolve(null);
  }
  const id = Math.random().toString(36).slice(2);
  return new Promise((resolve) => {
    const done = (token: string | null) => {
      clearTimeout(timer);
      channel.close();
      resolve(token);
    };
    const timer = setTimeout(() => done(null), waitMs);
    channel.onmessage = (event: MessageEvent<TabMessage>) => {
      const message = event.data;
      if (message?.type === 'token' && message.id === id && typeof message.token === 'string') {
        saveToken(message.token);
        done(message.token);
      }
    };
    channel.postMessage({ type: 'ask', id } satisfies TabMessage);
  });
}

/**
 * While this tab is signed in, answers other tabs that ask for the session, and ends this tab's
 * session when another tab signs out of the same one (`onSignedOut`). Returns the function that stops.
 */
export function shareSessionWithOtherTabs(onSignedOut: () => void): () => void {
  const channel = channelOf();
  if (!channel) return () => undefined;
  channel.onmessage = (event: MessageEvent<TabMessage>) => {
    const message = event.data;
    const token = getToken();
    if (!token) return;
    if (message?.type === 'ask') channel.postMessage({ type: 'token', id: message.id, token } satisfies TabMessage);
    else if (message?.type === 'signed-out' && message.token === token) {
      window.sessionStorage.removeItem(TOKEN_KEY);
      onSignedOut();
    }
  };
  return () => channel.close();
}
