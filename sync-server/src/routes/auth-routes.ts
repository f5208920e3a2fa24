import { registrationErrors } from '@fcf/engine';
import { Hono } from 'hono';
import { z } from 'zod';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { clearLoginFailures, isLoginThrottled, recordLoginFailure } from '../auth/throttle.ts';
import { issueToken } from '../auth/token.ts';
import type { AppEnv } from '../http/app-env.ts';
import { clientAddress } from '../http/client-address.ts';
import { ApiError } from '../http/errors.ts';
import { jsonBody } from '../http/validate.ts';
import { createUser, findUser } from '../store/users.ts';

const loginBody = z.object({
  username: z.string({ error: '请输入用户名' }).trim().min(1, '请输入用户名').max(64),
  password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(256),
});

const registerBody = z.object({
  username: z.string({ error: '用户名不能为空' }),
  email: z.string({ error: '邮箱不能为空' }),
  password: z.string({ error: '密码不能为空' }),
});

let dummy: Promise<string> | undefined;
function dummyHash(): Promise<string> {
  dummy ??= hashPassword('dummy-password-for-unknown-users');
  return dummy;
}

/** Login and registration (public-side §3, §5). */
export const authRoutes = new Hono<AppEnv>()
  .post('/login', async (c) => {
    const { db, jwtSecret } = c.var.services;
    const { username, password } = await jsonBody(c, loginBody);
    const address = clientAddress(c);
    if (isLoginThrottled(db, username, address)) {
      throw new ApiError(429, '登录失败次数过多，请15分钟后再试');
    }
    const user = findUser(db, username);
    // An unknown name costs the same scrypt as a wrong password, so timing tells nothing.
    const valid = await verifyPassword(password, user?.passwordHash ?? (await dummyHash()));
    if (!user || !valid) {
      recordLoginFailure(db, username, address);
      throw new ApiError(401, '用户名或密码错误');
    }
    clearLoginFailures(db, username);
    const access_token = await issueToken({ username: user.username, isAdmin: user.isAdmin }, jwtSecret);
    return c.json({
      success: true,
      access_token,
      token_type: 'bearer',
      user: { username: user.username, is_admin: user.isAdmin },
      message: '登录成功',
    });
  })
  .post('/register', async (c) => {
    const { db } = c.var.services;
    const body = await jsonBody(c, registerBody);
    const errors = registrationErrors(body);
    const first = Object.values(errors)[0];
    if (first) throw new ApiError(400, first, JSON.stringify(errors));
    if (findUser(db, body.username)) throw new ApiError(409, '用户名已存在，请换一个');
    const passwordHash = await hashPassword(body.password);
    try {
      createUser(db, { username: body.username, email: body.email.trim(), passwordHash, isAdmin: false });
    } catch (error) {
      // Two registrations racing for one name: the UNIQUE constraint decides.
      if (String(error).includes('UNIQUE')) throw new ApiError(409, '用户名已存在，请换一个');
      throw error;
    }
    return c.json({ success: true, data: { username: body.username }, message: '注册成功，请登录' }, 201);
  });
