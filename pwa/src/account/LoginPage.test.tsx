import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signOut } from '../api/session.ts';
import { byText, click, mount, query, settle, typeInto, unmountAll } from '../testing/dom.tsx';
import { RouterProvider } from '../ui/router.tsx';
import LoginPage from './LoginPage.tsx';

const field = (name: string) => query<HTMLInputElement>(document, `input[name="${name}"]`);
const submit = () => query<HTMLButtonElement>(document, 'button[type="submit"]');

function answer(status: number, body: unknown) {
  return vi.fn(
    async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
}

async function logIn(username: string, password: string) {
  mount(
    <RouterProvider>
      <LoginPage />
    </RouterProvider>,
  );
  typeInto(field('username'), username);
  typeInto(field('password'), password);
  click(submit());
  await settle();
}

beforeEach(() => {
  window.history.replaceState(null, '', '/login');
  window.scrollTo = vi.fn();
  signOut();
});
afterEach(() => {
  unmountAll();
  vi.unstubAllGlobals();
});

describe('LoginPage', () => {
  it('enables submit only when both fields are filled', () => {
    mount(
      <RouterProvider>
        <LoginPage />
      </RouterProvider>,
    );
    expect(field('username').autocomplete).toBe('username');
    expect(field('password').autocomplete).toBe('current-password');
    expect(field('password').type).toBe('password');
    expect(submit().disabled).toBe(true);
    typeInto(field('username'), 'alice');
    expect(submit().disabled).toBe(true);
    typeInto(field('password'), 'Secret123');
    expect(submit().disabled).toBe(false);
    typeInto(field('username'), '   ');
    expect(submit().disabled).toBe(true);
    expect(byText(document, 'a', '立即注册').getAttribute('href')).toBe('/register');
  });

  it('stores the raw token and the user, then goes home', async () => {
    const fetch = answer(200, {
      success: true,
      access_token: 'tok-123',
      token_type: 'bearer',
      user: { username: 'alice', is_admin: false },
      message: '登录成功',
    });
    vi.stubGlobal('fetch', fetch);
    await logIn(' alice ', 'Secret123');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/login');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ username: 'alice', password: 'Secret123' });
    expect(localStorage.getItem('token')).toBe('tok-123');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual({ username: 'alice', is_admin: false });
    expect(window.location.pathname).toBe('/');
  });

  it('shows 提交中… while the request is under way', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    await logIn('alice', 'Secret123');
    expect(submit().textContent).toBe('提交中…');
    expect(submit().disabled).toBe(true);
  });

  it("shows the server's detail and lets the user try again", async () => {
    vi.stubGlobal('fetch', answer(401, { success: false, message: '用户名或密码错误', detail: '用户名或密码错误' }));
    await logIn('alice', 'wrong');
    expect(query(document, '[role="alert"]').textContent).toBe('用户名或密码错误');
    expect(submit().disabled).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("shows the server's message when login is throttled", async () => {
    vi.stubGlobal('fetch', answer(429, { success: false, message: '登录失败次数过多，请15分钟后再试' }));
    await logIn('alice', 'wrong');
    expect(query(document, '[role="alert"]').textContent).toBe('登录失败次数过多，请15分钟后再试');
  });

  it('falls back to 登录失败 without a server message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('Bad Gateway', { status: 502 })),
    );
    await logIn('alice', 'Secret123');
    expect(query(document, '[role="alert"]').textContent).toBe('登录失败');
  });

  it('says so when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await logIn('alice', 'Secret123');
    expect(query(document, '[role="alert"]').textContent).toBe('无法连接服务器，请检查网络连接');
  });
});
