import * as z from 'zod/mini';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, USERNAME_MAX_LENGTH } from './account-rules.ts';
import { doneAnswer, envelope } from './envelope.ts';

/**
 * Login, registration, password change and sign-out. The bodies cap each field; the account rules (with the required
 * messages) run after, on the server and on the pages.
 */

export const loginBody = z.object({
  username: z
    .string({ error: '请输入用户名' })
    .check(z.trim(), z.minLength(1, '请输入用户名'), z.maxLength(64, '用户名过长')),
  password: z.string({ error: '请输入密码' }).check(z.minLength(1, '请输入密码'), z.maxLength(256, '密码过长')),
});

export const registerBody = z.object({
  username: z
    .string({ error: '用户名不能为空' })
    .check(z.maxLength(USERNAME_MAX_LENGTH, `用户名不能超过${USERNAME_MAX_LENGTH}个字符`)),
  email: z
    .string({ error: '邮箱不能为空' })
    .check(z.maxLength(EMAIL_MAX_LENGTH, `邮箱不能超过${EMAIL_MAX_LENGTH}个字符`)),
  password: z
    .string({ error: '密码不能为空' })
    .check(z.maxLength(PASSWORD_MAX_LENGTH, `密码不能超过${PASSWORD_MAX_LENGTH}个字符`)),
});

export const changePasswordBody = z.object({
  old_password: z
    .string({ error: '请输入原密码' })
    .check(z.minLength(1, '请输入原密码'), z.maxLength(256, '原密码过长')),
  new_password: z
    .string({ error: '请输入新密码' })
    .check(z.maxLength(PASSWORD_MAX_LENGTH, `密码不能超过${PASSWORD_MAX_LENGTH}个字符`)),
});

/** A sign-in (and a password change): the token for `Authorization: Bearer …` and who it speaks for. */
export const signedInAnswer = z.object({
  success: z.boolean(),
  access_token: z.string(),
  token_type: z.literal('bearer'),
  user: z.object({ username: z.string(), is_admin: z.boolean() }),
  message: z.string(),
});

export const registeredAnswer = envelope(z.object({ username: z.string() }));

/** A sign-out: the token it was sent with no longer signs anything in. */
export const signedOutAnswer = doneAnswer;
