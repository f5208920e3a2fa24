import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusalOf } from '../testing/answers.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';
import { accessFor } from './access-policy.ts';

/**
 * The guard, route by route: every mutating route and every /api/admin route that the access policy
 * does not list as public answers 401 without a token and 403 to an ordinary user, so a newly added
 * route cannot slip by unguarded.
 */

interface Route {
  method: string;
  path: string;
}

const DUMMY_PARAMS: Record<string, string> = {
  company: encodeURIComponent('安琪酵母'),
  id: '1',
  childId: '1',
  filename: 'x.pdf',
  asset: 'start.js',
  year: '2024',
};

/** A concrete URL for a route pattern: each `:param` filled with a dummy value. */
function concrete(pattern: string): string {
  return pattern.replace(/:([A-Za-z_]+)(\{[^}]*\})?/g, (_, name: string) => {
    const value = DUMMY_PARAMS[name];
    if (value === undefined) throw new Error(`no dummy value for :${name} in ${pattern}; add one to DUMMY_PARAMS`);
    return value;
  });
}

let platform: TestPlatform;
let routes: Route[];
let guarded: Route[];
let signedIn: Route[];
let userToken: string;
let adminToken: string;

beforeAll(async () => {
  platform = await startTestPlatform();
  // One entry per route: Hono lists a route once per handler (its documentation and validators too).
  const names = new Set(
    platform.app.routes
      .filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/'))
      .map(({ method, path }) => `${method} ${path}`),
  );
  routes = [...names].map((name) => {
    const [method = '', path = ''] = name.split(' ');
    return { method, path };
  });
  guarded = routes.filter((route) => accessFor(route.method, concrete(route.path)) === 'admin');
  signedIn = routes.filter((route) => accessFor(route.method, concrete(route.path)) === 'signed-in');
  userToken = await platform.userToken();
  adminToken = await platform.adminToken();
});
afterAll(() => platform.close());

function call(route: Route, token?: string): Promise<Response> {
  const body = route.method === 'GET' || route.method === 'HEAD' ? {} : { body: {} };
  return platform.call(route.method, concrete(route.path), { ...(token ? { token } : {}), ...body });
}

async function expectRefused(response: Response, status: 401 | 403, label: string): Promise<void> {
  expect(response.status, label).toBe(status);
  expect(response.headers.get('content-type'), label).toContain('application/json');
  await refusalOf(response, status);
}

describe('the route table', () => {
  it('is read from the app, so every route is covered', () => {
    expect(routes.length).toBeGreaterThan(20);
    const names = routes.map((route) => `${route.method} ${route.path}`);
    expect(names).toContain('POST /api/top_menus');
    expect(names).toContain('DELETE /api/core_menus/:id');
    expect(names).toContain('GET /api/home/dcf_valuation/:company');
  });

  it('guards every write except the public ones', () => {
    const writes = routes.filter((route) => !['GET', 'HEAD'].includes(route.method));
    const publicWrites = writes
      .filter((route) => !guarded.includes(route) && !signedIn.includes(route))
      .map((route) => `${route.method} ${route.path}`);
    // Only the public writes of docs/api.md may be open; anything else must be in `guarded`.
    const allowed = [
      'POST /api/login',
      'POST /api/register',
      'POST /api/user/calculate-with-valuation/:company',
      'POST /api/pdf/generate',
      'POST /api/valuation/story',
    ];
    for (const name of publicWrites) expect(allowed, name).toContain(name);
    expect(publicWrites).toEqual(expect.arrayContaining(allowed.slice(0, 3)));
    expect(guarded.length).toBeGreaterThanOrEqual(9);
    expect(signedIn.map((route) => `${route.method} ${route.path}`).sort()).toEqual([
      'GET /api/user/watchlist',
      'POST /api/change-password',
      'POST /api/logout',
      'POST /api/sync/push',
    ]);
  });

  it('guards every /api/admin route except GET valuation-params', () => {
    const open = routes
      .filter((route) => route.path.startsWith('/api/admin/') && !guarded.includes(route))
      .map((route) => `${route.method} ${route.path}`);
    expect(open).toEqual(['GET /api/admin/valuation-params/:company']);
  });
});

describe('guarded routes', () => {
  it('answer 401 JSON without a token', async () => {
    for (const route of guarded) {
      await expectRefused(await call(route), 401, `${route.method} ${route.path}`);
    }
  });

  it('answer 401 JSON with an invalid token', async () => {
    for (const route of guarded) {
      await expectRefused(await call(route, 'not-a-token'), 401, `${route.method} ${route.path}`);
    }
  });

  it('answer 403 JSON to an ordinary user', async () => {
    for (const route of guarded) {
      await expectRefused(await call(route, userToken), 403, `${route.method} ${route.path}`);
    }
  });

  it('let an admin through the guard', async () => {
    // Destructive routes get an unknown company or id: a 404 still shows the guard let the admin through.
    for (const route of guarded) {
      const path = concrete(route.path).replace(encodeURIComponent('安琪酵母'), encodeURIComponent('不存在的公司'));
      const response = await platform.call(route.method, route.method === 'DELETE' ? `${path}999` : path, {
        token: adminToken,
        ...(route.method === 'GET' ? {} : { body: {} }),
      });
      expect([401, 403], `${route.method} ${route.path}`).not.toContain(response.status);
    }
  });

  it('stay guarded when the path is spelled with escapes', async () => {
    const response = await platform.call('POST', '/api/%74op_menus', { body: { name: 'x', link: '/' } });
    await expectRefused(response, 401, 'POST /api/%74op_menus');
    const dotted = await platform.call('DELETE', '/api/x/../core_menus/1');
    await expectRefused(dotted, 401, 'DELETE /api/x/../core_menus/1');
  });
});

describe('routes for any signed-in user', () => {
  it('answer 401 JSON without a token or with an invalid one', async () => {
    for (const route of signedIn) {
      await expectRefused(await call(route), 401, `${route.method} ${route.path}`);
      await expectRefused(await call(route, 'not-a-token'), 401, `${route.method} ${route.path}`);
    }
  });

  it('let an ordinary user through the guard', async () => {
    for (const route of signedIn) {
      // Signing out ends the token it is sent with: it gets one of its own.
      const token = route.path === '/api/logout' ? await platform.login('investor_1', 'Investor2026') : userToken;
      const response = await call(route, token);
      expect([401, 403], `${route.method} ${route.path}`).not.toContain(response.status);
    }
  });
});

describe('public routes', () => {
  it('every public GET answers without a token', async () => {
    const reads = routes.filter(
      (route) => route.method === 'GET' && !guarded.includes(route) && !signedIn.includes(route),
    );
    expect(reads.length).toBeGreaterThan(10);
    for (const route of reads) {
      const response = await platform.call('GET', concrete(route.path));
      expect([401, 403], route.path).not.toContain(response.status);
      expect(response.status, route.path).toBeLessThan(500);
    }
  });

  it.each([
    '/api/home/financial_analysis/600298',
    '/api/home/dcf_valuation/600298',
    '/api/home/fcf_structure/600298',
    '/api/home/fcf_ratio/600298',
    '/api/admin/valuation-params/600298',
  ])('GET %s needs no token', async (path) => {
    expect((await platform.call('GET', path)).status).toBe(200);
  });

  it('POST /api/user/calculate-with-valuation needs no token', async () => {
    const response = await platform.call('POST', '/api/user/calculate-with-valuation/600298', {
      body: { wacc_manual: 0.09 },
    });
    expect(response.status).toBe(200);
  });

  it('POST /api/login and /api/register are reached without a token (their own 4xx, not the guard)', async () => {
    const login = await platform.call('POST', '/api/login', { body: {} });
    expect(login.status).toBe(400);
    const register = await platform.call('POST', '/api/register', { body: { username: 'x' } });
    expect(register.status).toBe(400);
    const wrong = await platform.call('POST', '/api/login', {
      body: { username: 'nobody_at_all', password: 'Nope12345' },
    });
    expect((await refusalOf(wrong, 401)).message).toBe('用户名或密码错误');
  });
});
