import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { advance, blur, byText, click, mount, query, settle, typeInto, unmountAll } from '../testing/dom.tsx';
import { RouterProvider } from '../ui/router.tsx';
import RegisterPage from './RegisterPage.tsx';

const field = (name: string) => query<HTMLInputElement>(document, `input[name="${name}"]`);
const errorOf = (name: string) =>
  field(name).closest('.account-field')?.querySelector('.account-field__error')?.textContent ?? null;
const submit = () => query<HTMLButtonElement>(document, 'button[type="submit"]');

function answer(status: number, body: unknown) {
  return vi.fn(
    async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
}

function render() {
  mount(
    <RouterProvider>
      <RegisterPage />
    </RouterProvider>,
  );
}

function fill(values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) {
    typeInto(field(name), value);
    blur(field(name));
  }
}

const VALID = { username: 'new_user', email: 'user@example.com', password: 'Secret123', confirmPassword: 'Secret123' };

beforeEach(() => {
  window.history.replaceState(null, '', '/register');
  window.scrollTo = vi.fn();
});
afterEach(() => {
  unmountAll();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('RegisterPage', () => {
  it('shows every required-field message on submit and focuses the first field', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    render();
    expect(errorOf('username')).toBeNull();
    click(submit());
    await settle();
    expect(errorOf('username')).toBe('用户名不能为空');
    expect(errorOf('email')).toBe('邮箱不能为空');
    expect(errorOf('password')).toBe('密码不能为空');
    expect(errorOf('confirmPassword')).toBe('请确认密码');
    expect(field('username').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('username'));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('checks each field when it loses focus, with the exact messages', () => {
    render();
    fill({ username: 'ab' });
    expect(errorOf('username')).toBe('用户名至少需要3个字符');
    expect(errorOf('email')).toBeNull();
    fill({ username: 'ab-c' });
    expect(errorOf('username')).toBe('用户名只能包含字母、数字和下划线');
    fill({ email: 'user@' });
    expect(errorOf('email')).toBe('请输入有效的邮箱地址');
    fill({ password: 'Short1' });
    expect(errorOf('password')).toBe('密码至少需要8个字符');
    fill({ password: 'alllowercase1' });
    expect(errorOf('password')).toBe('密码必须包含大小写字母和数字');
    fill({ password: 'Secret123', confirmPassword: 'Secret124' });
    expect(errorOf('confirmPassword')).toBe('两次输入的密码不一致');
    fill({ confirmPassword: 'Secret123' });
    expect(errorOf('confirmPassword')).toBeNull();
  });

  it('has the autocomplete hints password managers need', () => {
    render();
    expect(field('username').autocomplete).toBe('username');
    expect(field('email').autocomplete).toBe('email');
    expect(field('password').autocomplete).toBe('new-password');
    expect(field('confirmPassword').autocomplete).toBe('new-password');
    expect(byText(document, 'a', '立即登录').getAttribute('href')).toBe('/login');
  });

  it('registers, says so, and goes to the login page after 2 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const fetch = answer(201, { success: true, data: { username: 'new_user' }, message: '注册成功，请登录' });
    vi.stubGlobal('fetch', fetch);
    render();
    fill(VALID);
    click(submit());
    await settle();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/register');
    expect(JSON.parse(String(init.body))).toEqual({
      username: 'new_user',
      email: 'user@example.com',
      password: 'Secret123',
    });
    expect(query(document, '.account-form__success').textContent).toBe('注册成功，2秒后跳转到登录页');
    expect(submit().disabled).toBe(true);
    advance(1999);
    expect(window.location.pathname).toBe('/register');
    advance(1);
    expect(window.location.pathname).toBe('/login');
  });

  it("shows the server's message and the field it names", async () => {
    vi.stubGlobal(
      'fetch',
      answer(400, { success: false, message: '用户名至少需要3个字符', detail: '{"username":"用户名至少需要3个字符"}' }),
    );
    render();
    fill(VALID);
    click(submit());
    await settle();
    expect(query(document, '[role="alert"]').textContent).toBe('用户名至少需要3个字符');
    expect(errorOf('username')).toBe('用户名至少需要3个字符');
    fill({ username: 'other_user' });
    expect(errorOf('username')).toBeNull();
  });

  it('shows a conflict as the server words it', async () => {
    vi.stubGlobal(
      'fetch',
      answer(409, { success: false, message: '用户名已存在，请换一个', detail: '用户名已存在，请换一个' }),
    );
    render();
    fill(VALID);
    click(submit());
    await settle();
    expect(query(document, '[role="alert"]').textContent).toBe('用户名已存在，请换一个');
    expect(submit().textContent).toBe('注册');
  });

  it('falls back to the generic and network messages', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('oops', { status: 500 })),
    );
    render();
    fill(VALID);
    click(submit());
    await settle();
    expect(query(document, '[role="alert"]').textContent).toBe('注册失败，请重试');

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    click(submit());
    await settle();
    expect(query(document, '[role="alert"]').textContent).toBe('网络错误，请检查您的网络连接');
  });
});
