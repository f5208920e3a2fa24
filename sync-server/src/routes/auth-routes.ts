import {
  changePasswordBody,
  loginBody,
  passwordError,
  registerBody,
  registeredAnswer,
  registrationErrors,
  signedInAnswer,
  signedOutAnswer,
} from '@fcf/engine/contract';
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { retryAfterSeconds } from '../auth/attempt-window.ts';
import {
  beginLoginAttempt,
  MAX_FAILURES_PER_ADDRESS,
  MAX_FAILURES_PER_USERNAME_AND_ADDRESS,
  recordLoginFailure,
  recordLoginSuccess,
} from '../auth/login-throttle.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { beginRegistration, cancelRegistration, REGISTRATION_LIMITS } from '../auth/registration-limit.ts';
import { issueToken, readToken } from '../auth/token.ts';
import { bearerToken } from '../http/auth-middleware.ts';
import { addressNetwork, clientAddress, throttledAddress } from '../http/client-address.ts';
import { ApiError, MESSAGES } from '../http/errors.ts';
import { documented } from '../http/openapi.ts';
import { jsonBody } from '../http/validate.ts';
import { revokeToken } from '../store/revoked-tokens.ts';
import { createUser, findUser, replacePassword, type UserRecord } from '../store/users.ts';

let dummy: Promise<string> | undefined;
function dummyHash(): Promise<string> {
  dummy ??= hashPassword('dummy-password-for-unknown-users');
  return dummy;
}

function tooManyAttempts(message: (minutes: number) => string, waitMs: number): ApiError {
  const seconds = retryAfterSeconds(waitMs);
  return new ApiError(429, message(Math.ceil(seconds / 60)), `请在 ${seconds} 秒后重试`, {
    'Retry-After': String(seconds),
  });
}

const NAME_TAKEN = '用户名已存在，请换一个';

const LOGIN_LOCKED = (minutes: number) => `登录失败次数过多，请${minutes}分钟后再试`;

/**
 * Applies the login throttle to a password check of `username` from this caller: the attempt is counted
 * first (429, unchecked, while its address or the (username, address) pair waits out its failures), then
 * the username's slow-down is waited, then the password is checked and the attempt settled.
 */
async function throttledPasswordCheck(
  c: Context<AppEnv>,
  username: string,
  check: () => Promise<boolean>,
): Promise<boolean> {
  const { db, pause } = c.var.services;
  const address = throttledAddress(clientAddress(c));
  const gate = beginLoginAttempt(db, username, address);
  if (!gate.allowed) throw tooManyAttempts(LOGIN_LOCKED, gate.retryAfterMs);
  if (gate.delayMs > 0) await pause(gate.delayMs);
  const valid = await check();
  if (valid) recordLoginSuccess(db, gate.attemptId, username, address);
  else recordLoginFailure(db, gate.attemptId);
  return valid;
}

/** The answer to a successful sign-in (and a password change): a token for the user's current version. */
async function signedIn(c: Context<AppEnv>, user: UserRecord, message: string) {
  const claims = { username: user.username, isAdmin: user.isAdmin, tokenVersion: user.tokenVersion };
  const access_token = await issueToken(claims, c.var.services.jwtSecret);
  return c.json({
    success: true,
    access_token,
    token_type: 'bearer',
    user: { username: user.username, is_admin: user.isAdmin },
    message,
  });
}

/** Login, registration, password change and sign-out. */
export const authRoutes = new Hono<AppEnv>()
  .post(
    '/login',
    documented({
      tag: 'accounts',
      summary: '登录：返回访问令牌（Bearer）',
      description: `每次尝试在核对密码之前计数：同一用户名在同一地址15分钟内失败${MAX_FAILURES_PER_USERNAME_AND_ADDRESS}次（或同一地址${MAX_FAILURES_PER_ADDRESS}次）后返回 429，直到时间窗过去。`,
      answers: { 200: signedInAnswer },
      errors: [401, 429],
    }),
    jsonBody(loginBody),
    async (c) => {
      const { db } = c.var.services;
      const { username, password } = c.req.valid('json');
      const user = findUser(db, username);
      // An unknown name costs the same scrypt as a wrong password, so timing tells nothing.
      const stored = user?.passwordHash ?? (await dummyHash());
      const valid = await throttledPasswordCheck(
        c,
        username,
        async () => (await verifyPassword(password, stored)) && user !== undefined,
      );
      if (!user || !valid) throw new ApiError(401, '用户名或密码错误');
      return signedIn(c, user, '登录成功');
    },
  )
  .post(
    '/register',
    documented({
      tag: 'accounts',
      summary: '注册普通用户',
      description: `同一网络（IPv4 /24、IPv6 /64）${REGISTRATION_LIMITS.map((limit) => `${limit.per}最多注册${limit.accounts}个账号`).join('、')}，超过返回 429。`,
      answers: { 201: registeredAnswer },
      errors: [409, 429],
    }),
    jsonBody(registerBody),
    async (c) => {
      const { db } = c.var.services;
      const body = c.req.valid('json');
      const errors = registrationErrors(body);
      const first = Object.values(errors)[0];
      if (first) throw new ApiError(400, first, JSON.stringify(errors));
      const address = clientAddress(c);
      const gate = beginRegistration(db, address, addressNetwork(address));
      if (!gate.allowed) {
        const { per, accounts } = gate.limit;
        const message = (minutes: number) =>
          `注册过于频繁：同一网络${per}最多注册${accounts}个账号，请${minutes}分钟后再试`;
        throw tooManyAttempts(message, gate.retryAfterMs);
      }
      try {
        if (findUser(db, body.username)) throw new ApiError(409, NAME_TAKEN);
        const passwordHash = await hashPassword(body.password);
        createUser(db, { username: body.username, email: body.email.trim(), passwordHash, isAdmin: false });
      } catch (error) {
        // No account was made: the registration does not count against the network.
        cancelRegistration(db, gate.registrationId);
        // Two registrations racing for one name: the UNIQUE constraint decides.
        if (!(error instanceof ApiError) && String(error).includes('UNIQUE')) throw new ApiError(409, NAME_TAKEN);
        throw error;
      }
      return c.json({ success: true, data: { username: body.username }, message: '注册成功，请登录' }, 201);
    },
  )
  .post(
    '/change-password',
    documented({
      tag: 'accounts',
      summary: '修改密码：其他设备上的登录随即失效，返回新令牌',
      answers: { 200: signedInAnswer },
      errors: [409, 429],
    }),
    jsonBody(changePasswordBody),
    async (c) => {
      const { db } = c.var.services;
      const caller = c.var.user;
      if (!caller) throw new ApiError(401, MESSAGES.unauthorized);
      const body = c.req.valid('json');
      const problem = passwordError(body.new_password);
      if (problem) throw new ApiError(400, problem);
      if (body.new_password === body.old_password) throw new ApiError(400, '新密码不能与原密码相同');
      const user = findUser(db, caller.username);
      if (!user) throw new ApiError(401, MESSAGES.unauthorized);
      // A stolen token must not be a way round the login throttle to guess the password.
      const valid = await throttledPasswordCheck(c, user.username, () =>
        verifyPassword(body.old_password, user.passwordHash),
      );
      if (!valid) throw new ApiError(400, '原密码错误');
      const updated = replacePassword(db, user.username, await hashPassword(body.new_password), user.passwordHash);
      if (!updated) throw new ApiError(409, '密码刚刚已被修改，请重新登录后再试');
      return signedIn(c, updated, '密码已修改，其他设备上的登录已失效');
    },
  )
  .post(
    '/logout',
    documented({
      tag: 'accounts',
      summary: '退出登录：本次登录的令牌随即失效（其他设备上的登录不受影响）',
      answers: { 200: signedOutAnswer },
    }),
    async (c) => {
      const { db, jwtSecret } = c.var.services;
      // The access policy let only a valid token through; it is read again for its expiry.
      const token = bearerToken(c.req.header('Authorization'));
      const claims = token ? await readToken(token, jwtSecret) : null;
      if (!token || !claims) throw new ApiError(401, MESSAGES.unauthorized);
      revokeToken(db, token, claims.expiresAtSeconds);
      return c.json({ success: true, message: '已退出登录' });
    },
  );
