/**
 * Registration and login rules (docs/requirements.md#accounts) with their exact messages. Pure, so the login and
 * register pages and the server check the same things.
 */
export interface RegistrationInput {
  readonly username: string;
  readonly email: string;
  readonly password: string;
  /** Only the page has a confirmation field; the server passes none. */
  readonly confirmPassword?: string;
}

export type RegistrationErrors = Partial<Record<keyof RegistrationInput, string>>;

export const USERNAME_MAX_LENGTH = 32;
export const PASSWORD_MAX_LENGTH = 128;
/** The longest address SMTP can carry (RFC 5321: a 256-octet path less its angle brackets). */
export const EMAIL_MAX_LENGTH = 254;

export function usernameError(username: string): string | undefined {
  if (!username.trim()) return '用户名不能为空';
  if (username.length < 3) return '用户名至少需要3个字符';
  if (!/^[A-Za-z0-9_]+$/.test(username)) return '用户名只能包含字母、数字和下划线';
  if (username.length > USERNAME_MAX_LENGTH) return `用户名不能超过${USERNAME_MAX_LENGTH}个字符`;
  return undefined;
}

/**
 * `local@domain.tld`: one '@', no whitespace, something before the '@', and a dot inside the domain with
 * something on both sides. Checked by scanning, never by a backtracking pattern, so any input costs time
 * linear in its length (a regular expression for this shape went quadratic on '.'-runs).
 *
 * @example
 * isPlausibleEmail('ann@example.com'); // true
 * isPlausibleEmail('a@b');             // false
 */
export function isPlausibleEmail(email: string): boolean {
  if (email.length > EMAIL_MAX_LENGTH) return false;
  const at = email.indexOf('@');
  if (at <= 0 || at !== email.lastIndexOf('@')) return false;
  if (/\s/.test(email)) return false;
  const domain = email.slice(at + 1);
  const dot = domain.indexOf('.', 1);
  return dot !== -1 && dot <= domain.length - 2;
}

export function emailError(email: string): string | undefined {
  const trimmed = email.trim();
  if (!trimmed) return '邮箱不能为空';
  if (trimmed.length > EMAIL_MAX_LENGTH) return `邮箱不能超过${EMAIL_MAX_LENGTH}个字符`;
  if (!isPlausibleEmail(trimmed)) return '请输入有效的邮箱地址';
  return undefined;
}

export function passwordError(password: string): string | undefined {
  if (!password) return '密码不能为空';
  if (password.length < 8) return '密码至少需要8个字符';
  if (!/[a-z]/.test(password) || !/[A-Z]/.test(password) || !/\d/.test(password)) return '密码必须包含大小写字母和数字';
  if (password.length > PASSWORD_MAX_LENGTH) return `密码不能超过${PASSWORD_MAX_LENGTH}个字符`;
  return undefined;
}

/** Every problem of a registration, by field; empty when it may be sent. */
export function registrationErrors(input: RegistrationInput): RegistrationErrors {
  const errors: RegistrationErrors = {};
  const username = usernameError(input.username);
  if (username) errors.username = username;
  const email = emailError(input.email);
  if (email) errors.email = email;
  const password = passwordError(input.password);
  if (password) errors.password = password;
  if (input.confirmPassword !== undefined) {
    if (!input.confirmPassword) errors.confirmPassword = '请确认密码';
    else if (input.confirmPassword !== input.password) errors.confirmPassword = '两次输入的密码不一致';
  }
  return errors;
}
