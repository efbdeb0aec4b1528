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
  window.sessionStorage.removeItem(TOKEN_KEY);
  // All of localStorage, as the original product does. The language survives in the
  // `portico.locale` cookie, from which the server renders the sign-in page.
  window.localStorage.clear();
}
