import { STORAGE_KEYS } from '@/config/storage-keys';

/**
 * The browser side of the session: the stored access token and ids, and a signal that the session
 * ended (a 401, or an expired token found by the socket). Shared by the API client, the socket and
 * the auth provider, so none of them imports another.
 */

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode, quota); the session then lives for this page only.
  }
}

/** The raw access token, or null. The key holds a JSON string; a bare string is accepted too. */
export function getToken(): string | null {
  const stored = readStorage(STORAGE_KEYS.token);
  if (!stored) return null;
  try {
    const parsed: unknown = JSON.parse(stored);
    return typeof parsed === 'string' && parsed.length > 0 ? parsed : null;
  } catch {
    return stored;
  }
}

export function setToken(token: string): void {
  writeStorage(STORAGE_KEYS.token, JSON.stringify(token));
}

export type StoredSession = {
  token: string;
  companyId: number | string;
  userId: number | string;
  companyDueDate?: string | null;
};

export function storeSession(session: StoredSession): void {
  setToken(session.token);
  writeStorage(STORAGE_KEYS.companyId, String(session.companyId));
  writeStorage(STORAGE_KEYS.userId, String(session.userId));
  writeStorage(STORAGE_KEYS.companyDueDate, session.companyDueDate ?? null);
}

export function getStoredCompanyId(): string | null {
  return readStorage(STORAGE_KEYS.companyId);
}

/** What a 401 clears (spec section 4): the token and the company id. */
export function clearToken(): void {
  writeStorage(STORAGE_KEYS.token, null);
  writeStorage(STORAGE_KEYS.companyId, null);
}

/** What a logout clears: everything tied to the signed-in user (theme and language stay). */
export function clearSession(): void {
  clearToken();
  writeStorage(STORAGE_KEYS.userId, null);
  writeStorage(STORAGE_KEYS.companyDueDate, null);
}

type SessionEndedListener = () => void;
const sessionEndedListeners = new Set<SessionEndedListener>();

/** Subscribe to "the session is over" (a 401 or an expired token). Returns the unsubscribe. */
export function onSessionEnded(listener: SessionEndedListener): () => void {
  sessionEndedListeners.add(listener);
  return () => {
    sessionEndedListeners.delete(listener);
  };
}

/** Clears the token and company id and tells the listeners (the auth provider logs the user out). */
export function endSession(): void {
  clearToken();
  for (const listener of [...sessionEndedListeners]) listener();
}
