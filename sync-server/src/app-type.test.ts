import { hc } from 'hono/client';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import type { App } from './app.ts';
import { startTestPlatform, TEST_ADMIN, type TestPlatform } from './testing/test-platform.ts';

/** `export type App` carries the routes: a client typed from it alone knows every endpoint and its body. */

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

const client = (app?: TestPlatform['app']) =>
  hc<App>(
    'http://localhost',
    app ? { fetch: (input: string | URL | Request, init?: RequestInit) => app.request(input, init) } : {},
  );

describe('hc<App>', () => {
  it('infers the routes, their path parameters and bodies (checked by the compiler)', () => {
    const api = client().api;
    expectTypeOf(api.data['available-companies'].$get).toBeFunction();
    expectTypeOf(api.home.dcf_valuation[':company'].$get).parameter(0).toEqualTypeOf<{ param: { company: string } }>();
    expectTypeOf(api.login.$post).parameter(0).toExtend<{ json: { username: string; password: string } }>();
    expectTypeOf(api.sync.pull.$get).toBeFunction();
    expectTypeOf(api['pdf-menu-categories'].sort.$post).toBeFunction();
  });

  it('calls the app with the inferred types', async () => {
    const api = client(platform.app).api;
    const response = await api.login.$post({ json: { username: TEST_ADMIN.username, password: TEST_ADMIN.password } });
    const body = await response.json();
    expect(body.user.is_admin).toBe(true);
    expect(body.access_token.length).toBeGreaterThan(20);
  });
});
