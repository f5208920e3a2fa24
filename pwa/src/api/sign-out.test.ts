import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentUser, getToken, signIn, signOut } from './session.ts';
import { signOutAndRevoke } from './sign-out.ts';

const USER = { username: 'investor_1', is_admin: false };

beforeEach(() => signIn('token-of-this-device', USER));
afterEach(() => vi.unstubAllGlobals());

describe('signOutAndRevoke', () => {
  it('signs out here at once and sends the forgotten token to POST /api/logout', async () => {
    let signedInWhileSending: unknown = 'not called';
    const fetch = vi.fn(async () => {
      signedInWhileSending = currentUser();
      return new Response(JSON.stringify({ success: true, message: '已退出登录' }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', fetch);
    await signOutAndRevoke();
    expect(signedInWhileSending).toBeNull();
    expect(getToken()).toBeNull();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/logout');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer token-of-this-device');
  });

  it('offline, still signs out and keeps no token to try again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(signOutAndRevoke()).resolves.toBeUndefined();
    expect(currentUser()).toBeNull();
    expect(Object.keys(localStorage)).not.toContain('token');
  });

  it('a token the server no longer accepts (401) is no error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ success: false, message: '未登录' }), { status: 401 })),
    );
    await expect(signOutAndRevoke()).resolves.toBeUndefined();
    expect(currentUser()).toBeNull();
  });

  it('signed out already, sends nothing', async () => {
    signOut();
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    await signOutAndRevoke();
    expect(fetch).not.toHaveBeenCalled();
  });
});
