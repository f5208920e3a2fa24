import { signedInAnswer, signedOutAnswer } from '@fcf/engine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf, refusalOf } from '../testing/answers.ts';
import { startTestPlatform, TEST_ADMIN, type TestPlatform } from '../testing/test-platform.ts';

/** A signed-in read that shows whether a token still signs its user in. */
const WATCHLIST = '/api/user/watchlist';

describe('POST /api/logout', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await startTestPlatform();
  });
  afterAll(() => platform.close());

  const signIn = async () => {
    const response = await platform.call('POST', '/api/login', { body: TEST_ADMIN });
    return (await answerOf(response, signedInAnswer)).access_token;
  };
  const logout = (token?: string) => platform.call('POST', '/api/logout', token ? { token } : {});

  it('ends the token it is sent with at once, and only that one: other devices stay signed in', async () => {
    const laptop = await signIn();
    const phone = await signIn();
    // Two sign-ins in the same second still get two tokens.
    expect(phone).not.toBe(laptop);
    expect((await platform.call('GET', WATCHLIST, { token: laptop })).status).toBe(200);

    const answer = await answerOf(await logout(laptop), signedOutAnswer);
    expect(answer).toEqual({ success: true, message: '已退出登录' });
    const refused = await refusalOf(await platform.call('GET', WATCHLIST, { token: laptop }), 401);
    expect(refused.message).toContain('登录');
    // A signed-out token cannot sign out again, nor do anything else.
    await refusalOf(await logout(laptop), 401);
    expect((await platform.call('GET', WATCHLIST, { token: phone })).status).toBe(200);
  });

  it('needs a valid token', async () => {
    await refusalOf(await logout(), 401);
    await refusalOf(await logout('not-a-token'), 401);
  });

  it('keeps a signed-out token only until it would have expired', async () => {
    platform.db.prepare('DELETE FROM revoked_tokens').run([]);
    const token = await signIn();
    expect((await logout(token)).status).toBe(200);
    const [row] = platform.db.prepare('SELECT expires_ms FROM revoked_tokens').all([]) as { expires_ms: number }[];
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { exp: number };
    expect(row?.expires_ms).toBe(claims.exp * 1000);
    // Rows of tokens past their expiry are dropped with the next sign-out.
    platform.db.prepare('UPDATE revoked_tokens SET expires_ms = 1').run([]);
    expect((await logout(await signIn())).status).toBe(200);
    expect(platform.db.prepare('SELECT count(*) AS n FROM revoked_tokens').all([])).toEqual([{ n: 1 }]);
  });
});
