import { rmSync } from 'node:fs';
import { signedInAnswer } from '@fcf/engine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatform } from '../bootstrap.ts';
import { answerOf, refusalOf } from '../testing/answers.ts';
import { startTestPlatform, TEST_ADMIN, type TestPlatform } from '../testing/test-platform.ts';

/** An admin-only call without side effects: 404 (no such menu) past the guard. */
const ADMIN_ROUTE = '/api/top_menus/999999';

const errorOf = refusalOf;

describe('POST /api/change-password', () => {
  let platform: TestPlatform;
  const account = { username: 'changer_1', email: 'changer@example.com', password: 'Original2026' };
  const change = (token: string | undefined, body: unknown) =>
    platform.call('POST', '/api/change-password', { body, ...(token ? { token } : {}) });

  beforeAll(async () => {
    platform = await startTestPlatform();
    expect((await platform.call('POST', '/api/register', { body: account })).status).toBe(201);
  });
  afterAll(() => platform.close());

  it('needs a signed-in user (401 without a token), not an admin', async () => {
    await errorOf(await change(undefined, { old_password: account.password, new_password: 'Another2026' }), 401);
  });

  it.each([
    [{ old_password: 'Wrong-2026x', new_password: 'Another2026' }, '原密码错误'],
    [{ old_password: 'Original2026', new_password: 'short1A' }, '密码至少需要8个字符'],
    [{ old_password: 'Original2026', new_password: 'alllower2026' }, '密码必须包含大小写字母和数字'],
    [{ old_password: 'Original2026', new_password: 'Original2026' }, '新密码不能与原密码相同'],
  ])('refuses %j with 400 %s and changes nothing', async (body, message) => {
    const token = await platform.login(account.username, account.password);
    expect((await errorOf(await change(token, body), 400)).message).toBe(message);
    expect((await platform.call('POST', '/api/login', { body: account })).status).toBe(200);
  });

  it('changes the password, answers a fresh token and revokes every older one', async () => {
    const older = await platform.login(account.username, account.password);
    const other = await platform.login(account.username, account.password);
    const response = await change(older, { old_password: account.password, new_password: 'Changed2026x' });
    const body = await answerOf(response, signedInAnswer);
    expect(body.user).toEqual({ username: account.username, is_admin: false });
    expect(body.message).toContain('密码已修改');

    // The fresh token works; both tokens issued before the change are refused on every request.
    const again = { old_password: 'Changed2026x', new_password: 'Changed2026y' };
    await errorOf(await change(older, again), 401);
    await errorOf(await change(other, again), 401);
    expect((await change(body.access_token, again)).status).toBe(200);

    await errorOf(await platform.call('POST', '/api/login', { body: account }), 401);
    expect((await platform.call('POST', '/api/login', { body: { ...account, password: 'Changed2026y' } })).status).toBe(
      200,
    );
  });

  it("an admin's change revokes the admin's older tokens on admin routes", async () => {
    const older = await platform.adminToken();
    expect((await platform.call('DELETE', ADMIN_ROUTE, { token: older })).status).toBe(404);
    const response = await change(older, { old_password: TEST_ADMIN.password, new_password: 'Admin-Changed-2026' });
    const fresh = (await answerOf(response, signedInAnswer)).access_token;
    await errorOf(await platform.call('DELETE', ADMIN_ROUTE, { token: older }), 401);
    expect((await platform.call('DELETE', ADMIN_ROUTE, { token: fresh })).status).toBe(404);
  });

  it('refuses a body that is not JSON (415)', async () => {
    const token = await platform.login(account.username, 'Changed2026y');
    const response = await platform.app.request('/api/change-password', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'text/plain' },
      body: JSON.stringify({ old_password: 'Changed2026y', new_password: 'Changed2026z' }),
    });
    await errorOf(response, 415);
  });

  it('wrong old passwords count as login failures: a stolen token cannot guess the password freely', async () => {
    const token = await platform.login(account.username, 'Changed2026y');
    for (let attempt = 1; attempt <= 10; attempt++) {
      await errorOf(await change(token, { old_password: `Guess-${attempt}-x`, new_password: 'Whatever2026' }), 400);
    }
    await errorOf(await change(token, { old_password: 'Changed2026y', new_password: 'Whatever2026' }), 429);
  });
});

describe('ADMIN_PASSWORD at start', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await startTestPlatform();
  });
  afterAll(() => {
    rmSync(platform.dir, { recursive: true, force: true });
  });

  it('the same password again keeps tokens valid; a new one revokes older admin tokens', async () => {
    const token = await platform.adminToken();
    platform.db.close();

    const same = await startPlatform(platform.config);
    try {
      expect((await same.app.request(ADMIN_ROUTE, adminRequest(token))).status).toBe(404);
    } finally {
      same.db.close();
    }

    const reset = await startPlatform({ ...platform.config, adminPassword: 'Reset-Admin-2026' });
    try {
      expect((await reset.app.request(ADMIN_ROUTE, adminRequest(token))).status).toBe(401);
      const login = await reset.app.request('/api/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: TEST_ADMIN.username, password: 'Reset-Admin-2026' }),
      });
      expect(login.status).toBe(200);
    } finally {
      reset.db.close();
    }
  });
});

function adminRequest(token: string): RequestInit {
  return { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } };
}
