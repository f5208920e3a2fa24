import { signedOutAnswer } from '@fcf/engine/contract';
import { apiRequest } from './http.ts';
import { getToken, signOut } from './session.ts';

/**
 * Signs out on this device at once, then asks the server to end the token (`POST /api/logout`), so a copy
 * of it is worth nothing. Best effort: offline, or when the token has already lapsed, the request fails
 * quietly and the token simply runs out (12 h at most); the token is not kept to try again, since a
 * signed-out browser should hold none. Resolves when the server has answered or the attempt is given up.
 */
export async function signOutAndRevoke(): Promise<void> {
  const token = getToken();
  signOut();
  if (token) await revokeToken(token);
}

/** Asks the server to end a token this browser no longer holds; fails quietly (see signOutAndRevoke). */
export async function revokeToken(token: string): Promise<void> {
  try {
    await apiRequest('/api/logout', { method: 'POST', schema: signedOutAnswer, token });
  } catch {
    // Signed out here already; the server's copy ends with its expiry.
  }
}
