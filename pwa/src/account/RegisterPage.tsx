import {
  type RegistrationErrors,
  type RegistrationInput,
  registeredAnswer,
  registrationErrors,
} from '@fcf/engine/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { apiRequest } from '../api/http.ts';
import { Link, useRouter } from '../ui/router.tsx';
import { registerFailure } from './account-errors.ts';
import { FormField } from './FormField.tsx';
import './account.css';

type Field = keyof RegistrationInput;
type Values = Record<Field, string>;

const FIELD_ORDER: readonly Field[] = ['username', 'email', 'password', 'confirmPassword'];
const EMPTY: Values = { username: '', email: '', password: '', confirmPassword: '' };

/** After a successful registration, the login page follows after 2 s. */
const REDIRECT_DELAY_MS = 2000;
const REGISTERED_MESSAGE = '注册成功，2秒后跳转到登录页';

/** Register: each field is checked on blur and all of them on submit. */
export default function RegisterPage() {
  const { navigate } = useRouter();
  const [values, setValues] = useState<Values>(EMPTY);
  const [touched, setTouched] = useState<ReadonlySet<Field>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const [serverFields, setServerFields] = useState<RegistrationErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [registered, setRegistered] = useState(false);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  const problems = registrationErrors(values);
  const shownError = (field: Field) =>
    attempted || touched.has(field) ? (problems[field] ?? serverFields[field]) : serverFields[field];

  useEffect(() => {
    if (!registered) return;
    const timer = setTimeout(() => navigate('/login'), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [registered, navigate]);

  const change = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerFields((current) => ({ ...current, [field]: undefined }));
  };
  const blur = (field: Field) => () => setTouched((current) => new Set(current).add(field));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting || registered) return;
    setAttempted(true);
    setError(null);
    const firstInvalid = FIELD_ORDER.find((field) => problems[field]);
    if (firstInvalid) {
      inputs.current[firstInvalid]?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await apiRequest('/api/register', {
        method: 'POST',
        body: { username: values.username, email: values.email.trim(), password: values.password },
        schema: registeredAnswer,
      });
      setRegistered(true);
    } catch (failure) {
      const { message, fields } = registerFailure(failure);
      setError(message);
      setServerFields(fields);
    } finally {
      setSubmitting(false);
    }
  };

  const field = (name: Field) => ({
    name,
    value: values[name],
    onChange: change(name),
    onBlur: blur(name),
    error: shownError(name),
    readOnly: submitting || registered,
    inputRef: (element: HTMLInputElement | null) => {
      inputs.current[name] = element;
    },
  });

  return (
    <div className="account-page">
      <div className="account-card">
        <h1 className="account-card__title">注册</h1>
        <p className="account-card__subtitle">创建账号，使用FCF估值研究平台</p>
        <form className="account-form" onSubmit={onSubmit} noValidate aria-busy={submitting}>
          <FormField
            label="用户名"
            autoComplete="username"
            hint="至少3个字符，仅限字母、数字和下划线"
            {...field('username')}
          />
          <FormField label="邮箱" type="email" autoComplete="email" {...field('email')} />
          <FormField
            label="密码"
            type="password"
            autoComplete="new-password"
            hint="至少8个字符，需包含大小写字母和数字"
            {...field('password')}
          />
          <FormField label="确认密码" type="password" autoComplete="new-password" {...field('confirmPassword')} />
          {error && (
            <p className="account-form__error" role="alert">
              {error}
            </p>
          )}
          <p className="account-form__success" role="status">
            {registered ? REGISTERED_MESSAGE : ''}
          </p>
          <button type="submit" className="account-form__submit" disabled={submitting || registered}>
            {submitting ? '提交中…' : '注册'}
          </button>
        </form>
        <p className="account-card__switch">
          已有账号？<Link to="/login">立即登录</Link>
        </p>
      </div>
    </div>
  );
}
