import { registeredAnswer, signedInAnswer } from '@fcf/engine/contract';
import { sign } from 'hono/jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginDelayMs, MAX_LOGIN_DELAY_MS } from '../auth/login-throttle.ts';
import { issueToken, TOKEN_LIFETIME_SECONDS } from '../auth/token.ts';
import { readMeta } from '../store/meta.ts';
import { answerOf, refusalOf } from '../testing/answers.ts';
import { startTestPlatform, TEST_ADMIN, type TestPlatform } from '../testing/test-platform.ts';

/** An admin-only call without side effects: 404 (no such menu) past the guard, 401 without a valid token. */
const ADMIN_ROUTE = '/api/top_menus/999999';
const ADMIN_METHOD = 'DELETE';

const GOOD = { username: 'new_investor', email: 'new@example.com', password: 'Valuation2026' };

const errorOf = refusalOf;

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

describe('registration and login', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await startTestPlatform();
  });
  afterAll(() => platform.close());

  const register = (body: unknown) => platform.call('POST', '/api/register', { body });

  it.each([
    [{ ...GOOD, username: '' }, '用户名不能为空'],
    [{ ...GOOD, username: '   ' }, '用户名不能为空'],
    [{ ...GOOD, username: 'ab' }, '用户名至少需要3个字符'],
    [{ ...GOOD, username: 'bad name' }, '用户名只能包含字母、数字和下划线'],
    [{ ...GOOD, username: '投资者一号' }, '用户名只能包含字母、数字和下划线'],
    [{ ...GOOD, username: 'a-b-c' }, '用户名只能包含字母、数字和下划线'],
    [{ ...GOOD, email: '' }, '邮箱不能为空'],
    [{ ...GOOD, email: 'not-an-email' }, '请输入有效的邮箱地址'],
    [{ ...GOOD, email: 'a@b' }, '请输入有效的邮箱地址'],
    [{ ...GOOD, password: '' }, '密码不能为空'],
    [{ ...GOOD, password: 'Ab1' }, '密码至少需要8个字符'],
    [{ ...GOOD, password: 'alllower123' }, '密码必须包含大小写字母和数字'],
    [{ ...GOOD, password: 'ALLUPPER123' }, '密码必须包含大小写字母和数字'],
    [{ ...GOOD, password: 'NoDigitsHere' }, '密码必须包含大小写字母和数字'],
  ])('refuses %j with 400 %s', async (body, message) => {
    const error = await errorOf(await register(body), 400);
    expect(error.message).toBe(message);
  });

  it.each([
    ['username', '用户名不能为空'],
    ['email', '邮箱不能为空'],
    ['password', '密码不能为空'],
  ] as const)('a missing %s is a 400 with %s', async (field, message) => {
    const { [field]: _left, ...body } = GOOD;
    const error = await errorOf(await register(body), 400);
    expect(error.message).toContain(message);
  });

  it('refuses malformed JSON with 400', async () => {
    await errorOf(await register('{"username":'), 400);
  });

  it('registers with 201, then a duplicate username (any case) is a 409', async () => {
    const response = await register(GOOD);
    const body = await answerOf(response, registeredAnswer, 201);
    expect(body).toMatchObject({ success: true, data: { username: GOOD.username } });

    const again = await errorOf(await register({ ...GOOD, email: 'other@example.com' }), 409);
    expect(again.message).toContain('用户名已存在');
    await errorOf(await register({ ...GOOD, username: GOOD.username.toUpperCase() }), 409);
    await errorOf(await register({ ...GOOD, username: TEST_ADMIN.username }), 409);
  });

  it('stores the password hashed with scrypt, never as typed', () => {
    const rows = platform.db
      .prepare('SELECT password_hash, is_admin, email FROM users WHERE username = ?')
      .all([GOOD.username]) as { password_hash: string; is_admin: number; email: string }[];
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row?.password_hash.startsWith('scrypt$')).toBe(true);
    expect(row?.password_hash).not.toContain(GOOD.password);
    expect(row?.is_admin).toBe(0);
    expect(row?.email).toBe(GOOD.email);
  });

  it('logs in with {access_token, user:{username, is_admin}}', async () => {
    const response = await platform.call('POST', '/api/login', {
      body: { username: GOOD.username, password: GOOD.password },
    });
    const body = await answerOf(response, signedInAnswer);
    expect(body.success).toBe(true);
    expect(body.access_token.split('.')).toHaveLength(3);
    expect(body.user).toEqual({ username: GOOD.username, is_admin: false });
    // An ordinary user is no admin.
    await errorOf(await platform.call(ADMIN_METHOD, ADMIN_ROUTE, { token: body.access_token }), 403);
  });

  it('the admin logs in as an admin', async () => {
    const response = await platform.call('POST', '/api/login', { body: TEST_ADMIN });
    const body = await answerOf(response, signedInAnswer);
    expect(body.user).toEqual({ username: TEST_ADMIN.username, is_admin: true });
    // Past the guard: the menu does not exist.
    expect((await platform.call(ADMIN_METHOD, ADMIN_ROUTE, { token: body.access_token })).status).toBe(404);
  });

  it('a wrong password or an unknown user is a 401 with one message', async () => {
    const wrong = await errorOf(
      await platform.call('POST', '/api/login', { body: { username: GOOD.username, password: 'Wrong-2026x' } }),
      401,
    );
    expect(wrong.message).toBe('用户名或密码错误');
    const unknown = await errorOf(
      await platform.call('POST', '/api/login', { body: { username: 'nobody_here', password: 'Whatever2026' } }),
      401,
    );
    expect(unknown.message).toBe('用户名或密码错误');
  });

  it('a login without username or password is a 400', async () => {
    await errorOf(await platform.call('POST', '/api/login', { body: { username: GOOD.username } }), 400);
    await errorOf(await platform.call('POST', '/api/login', { body: { username: '', password: 'x' } }), 400);
    await errorOf(await platform.call('POST', '/api/login', { body: 'not json' }), 400);
  });
});

describe('tokens', () => {
  let platform: TestPlatform;
  let secret: string;

  beforeAll(async () => {
    platform = await startTestPlatform();
    const stored = readMeta(platform.db, 'jwt_secret');
    if (!stored) throw new Error('no jwt secret');
    secret = stored;
  });
  afterAll(() => platform.close());

  it('a valid admin token passes the guard', async () => {
    const token = await issueToken({ username: TEST_ADMIN.username, isAdmin: true, tokenVersion: 0 }, secret);
    expect((await platform.call(ADMIN_METHOD, ADMIN_ROUTE, { token })).status).toBe(404);
  });

  it('an expired admin token is treated as no token (401)', async () => {
    const issued = Math.floor(Date.now() / 1000) - TOKEN_LIFETIME_SECONDS - 60;
    const token = await issueToken({ username: TEST_ADMIN.username, isAdmin: true, tokenVersion: 0 }, secret, issued);
    const error = await errorOf(await platform.call(ADMIN_METHOD, ADMIN_ROUTE, { token }), 401);
    expect(error.message).toContain('登录');
  });

  it('a user token whose payload was edited to claim admin is a 401', async () => {
    const token = await issueToken({ username: 'investor_1', isAdmin: false, tokenVersion: 0 }, secret);
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
    const forged = [header, base64url({ ...claims, adm: true }), signature].join('.');
    await errorOf(await platform.call(ADMIN_METHOD, ADMIN_ROUTE, { token: forged }), 401);
  });

  it('a token signed with another secret is a 401', async () => {
    const token = await issueToken(
      { username: TEST_ADMIN.username, isAdmin: true, tokenVersion: 0 },
      'not-the-server-secret',
    );
    await errorOf(await platform.call(ADMIN_METHOD, ADMIN_ROUTE, { token }), 401);
  });

  it('an unsigned (alg none) token is a 401', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ sub: 'admin', adm: true, exp: now + 600 })}.`;
    await errorOf(await platform.call(ADMIN_METHOD, ADMIN_ROUTE, { token }), 401);
  });

  it('an HS512 token with the right secret is refused (only HS256 is accepted)', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = await sign({ sub: 'admin', adm: true, iat: now, exp: now + 600 }, secret, 'HS512');
    await errorOf(await platform.call(ADMIN_METHOD, ADMIN_ROUTE, { token }), 401);
  });

  it('garbage and a missing scheme are no token', async () => {
    await errorOf(await platform.call(ADMIN_METHOD, ADMIN_ROUTE, { token: 'garbage' }), 401);
    const valid = await issueToken({ username: TEST_ADMIN.username, isAdmin: true, tokenVersion: 0 }, secret);
    const response = await platform.app.request(ADMIN_ROUTE, {
      method: ADMIN_METHOD,
      headers: { Authorization: valid },
    });
    await errorOf(response, 401);
  });

  it('a token without a token version (issued before versions existed) is a 401', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = await sign({ sub: TEST_ADMIN.username, adm: true, iat: now, exp: now + 600 }, secret, 'HS256');
    await errorOf(await platform.call(ADMIN_METHOD, ADMIN_ROUTE, { token }), 401);
  });

  it('a validly signed token for an account that does not exist is a 401', async () => {
    const token = await issueToken({ username: 'ghost_admin', isAdmin: true, tokenVersion: 0 }, secret);
    await errorOf(await platform.call(ADMIN_METHOD, ADMIN_ROUTE, { token }), 401);
  });

  it('admin rights come from the account, not the token: a signed admin claim for a user is a 403', async () => {
    await platform.userToken();
    const token = await issueToken({ username: 'investor_1', isAdmin: true, tokenVersion: 0 }, secret);
    await errorOf(await platform.call(ADMIN_METHOD, ADMIN_ROUTE, { token }), 403);
  });

  it('a bad token on a public route is ignored, not refused', async () => {
    const response = await platform.call('GET', '/api/data/health', { token: 'garbage' });
    expect(response.status).toBe(200);
  });
});

describe('login throttling', () => {
  let platform: TestPlatform;
  const account = { username: 'throttled_user', email: 'throttle@example.com', password: 'Throttle2026' };
  const from = (address: string) => ({ 'X-Forwarded-For': address });
  const login = (body: unknown, address: string) =>
    platform.call('POST', '/api/login', { body, headers: from(address) });

  beforeAll(async () => {
    // Addresses come from X-Forwarded-For, as behind one reverse proxy.
    platform = await startTestPlatform({ trustProxy: 1 });
    const response = await platform.call('POST', '/api/register', { body: account });
    expect(response.status).toBe(201);
  });
  afterAll(() => platform.close());

  it('after 10 failures for one username from one address, that address waits (429 with Retry-After)', async () => {
    for (let attempt = 1; attempt <= 10; attempt++) {
      const response = await login({ username: account.username, password: `Wrong-${attempt}-Pass` }, '203.0.113.7');
      expect(response.status, `attempt ${attempt}`).toBe(401);
    }
    const blocked = await login({ username: account.username, password: account.password }, '203.0.113.7');
    const body = await errorOf(blocked, 429);
    expect(body.message).toContain('15分钟');
    const retryAfter = Number(blocked.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // The name is matched without case, so another spelling does not get around it.
    await errorOf(
      await login({ username: account.username.toUpperCase(), password: account.password }, '203.0.113.7'),
      429,
    );
    const rows = platform.db
      .prepare('SELECT count(*) AS n FROM login_attempts WHERE username = ?')
      .all([account.username]) as { n: number }[];
    expect(rows[0]?.n).toBe(10);
  });

  it('the right password from another address still logs in: only slowed, never locked out', async () => {
    platform.pauses.length = 0;
    const response = await login({ username: account.username, password: account.password }, '198.51.100.20');
    expect(response.status).toBe(200);
    // Ten recent failures for the name: the answer was held back, by at most a few seconds.
    expect(platform.pauses).toHaveLength(1);
    expect(platform.pauses[0]).toBeGreaterThan(0);
    expect(platform.pauses[0]).toBeLessThanOrEqual(MAX_LOGIN_DELAY_MS);
  });

  it('an attack on the admin from many addresses never locks the admin out', async () => {
    for (let attacker = 1; attacker <= 3; attacker++) {
      for (let attempt = 1; attempt <= 10; attempt++) {
        await login({ username: TEST_ADMIN.username, password: `Guess-${attempt}-x` }, `192.0.2.${attacker}`);
      }
      await errorOf(await login(TEST_ADMIN, `192.0.2.${attacker}`), 429);
    }
    platform.pauses.length = 0;
    const owner = await login(TEST_ADMIN, '198.51.100.99');
    expect(owner.status).toBe(200);
    expect(platform.pauses).toEqual([MAX_LOGIN_DELAY_MS]);
    // 31 password checks, each a deliberately slow hash: more than the default time on a busy machine.
  }, 120_000);

  it('the slow-down grows with the failures for a username', () => {
    expect(loginDelayMs(0)).toBe(0);
    expect(loginDelayMs(4)).toBe(0);
    expect(loginDelayMs(5)).toBe(250);
    expect(loginDelayMs(6)).toBe(500);
    expect(loginDelayMs(7)).toBe(1000);
    expect(loginDelayMs(1000)).toBe(MAX_LOGIN_DELAY_MS);
  });

  it('other usernames can still log in from the blocked address until it reaches 30 failures', async () => {
    const response = await login(TEST_ADMIN, '203.0.113.7');
    expect(response.status).toBe(200);
  });

  it('after 30 failures from one address, its logins are a 429 but for names signed in from it lately', async () => {
    const newcomer = { username: 'newcomer', email: 'newcomer@example.com', password: 'Newcomer2026' };
    expect((await platform.call('POST', '/api/register', { body: newcomer })).status).toBe(201);
    // 10 failures so far from this address; 20 more under names that do not exist.
    for (let attempt = 1; attempt <= 20; attempt++) {
      const response = await login({ username: `nobody_${attempt}`, password: 'Whatever2026' }, '203.0.113.7');
      expect(response.status, `attempt ${attempt}`).toBe(401);
    }
    const blocked = await login({ username: newcomer.username, password: newcomer.password }, '203.0.113.7');
    await errorOf(blocked, 429);
    expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(0);
    // The admin signed in from this address in the test before: strangers' failures there do not lock them out.
    expect((await login(TEST_ADMIN, '203.0.113.7')).status).toBe(200);
    expect((await login({ username: newcomer.username, password: newcomer.password }, '198.51.100.30')).status).toBe(
      200,
    );
  });

  it('without TRUST_PROXY a forged X-Forwarded-For changes nothing: the socket address counts', async () => {
    const direct = await startTestPlatform();
    try {
      for (let attempt = 1; attempt <= 10; attempt++) {
        await direct.call('POST', '/api/login', {
          body: { username: TEST_ADMIN.username, password: `Guess-${attempt}-x` },
          headers: from(`10.0.0.${attempt}`),
        });
      }
      const blocked = await direct.call('POST', '/api/login', { body: TEST_ADMIN, headers: from('10.9.9.9') });
      await errorOf(blocked, 429);
    } finally {
      direct.close();
    }
  });
});

describe('registration limit', () => {
  let platform: TestPlatform;
  const register = (index: number, address: string) =>
    platform.call('POST', '/api/register', {
      body: { username: `investor_${index}`, email: `i${index}@example.com`, password: 'Investor2026' },
      headers: { 'X-Forwarded-For': address },
    });

  beforeAll(async () => {
    platform = await startTestPlatform({ trustProxy: 1 });
  });
  afterAll(() => platform.close());

  it('allows 5 accounts per network per hour, then 429 with Retry-After; other networks may go on', async () => {
    for (let index = 1; index <= 5; index++) expect((await register(index, '203.0.113.50')).status).toBe(201);
    const sixth = await register(6, '203.0.113.50');
    const body = await errorOf(sixth, 429);
    expect(body.message).toContain('每小时最多注册5个账号');
    const retryAfter = Number(sixth.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(59 * 60);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
    const users = platform.db.prepare("SELECT count(*) AS n FROM users WHERE username LIKE 'investor_%'").all([]);
    expect((users[0] as { n: number }).n).toBe(5);
    // Another address of the same /24 is the same network.
    await errorOf(await register(6, '203.0.113.51'), 429);
    expect((await register(6, '198.51.100.51')).status).toBe(201);
  });

  it('concurrent registrations from one address cannot pass the limit together', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, (_, index) => register(100 + index, '192.0.2.60')));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(3);
  });
});
