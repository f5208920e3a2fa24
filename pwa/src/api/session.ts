import { useSyncExternalStore } from 'react';

/** The logged-in user as the app stores it (docs/requirements.md#screens-and-routes): local storage keys `user` (JSON) and `token` (raw string). */
export interface SessionUser {
  readonly username: string;
  readonly is_admin: boolean;
}

const USER_KEY = 'user';
const TOKEN_KEY = 'token';
const listeners = new Set<() => void>();

function readUser(): SessionUser | null {
  try {
    const raw = localStorage.getItem(USER_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<SessionUser>;
    return typeof parsed.username === 'string'
      ? { username: parsed.username, is_admin: parsed.is_admin === true }
      : null;
  } catch {
    return null;
  }
}

let snapshot = readUser();

function changed() {
  snapshot = readUser();
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === USER_KEY || event.key === TOKEN_KEY || event.key === null) changed();
  });
}

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function signIn(token: string, user: SessionUser): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  changed();
}

export function signOut(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
  changed();
}

export function useSessionUser(): SessionUser | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => snapshot,
    // Markup rendered ahead of the browser (first-screen.tsx) is a first visit's: no one signed in.
    () => null,
  );
}

/** The signed-in user (with a token), or null. */
export function currentUser(): SessionUser | null {
  return getToken() ? readUser() : null;
}

export function isAdminSession(): boolean {
  return !!getToken() && readUser()?.is_admin === true;
}
