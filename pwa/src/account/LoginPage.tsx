import { signedInAnswer } from '@fcf/engine/contract';
import { type FormEvent, useState } from 'react';
import { apiRequest } from '../api/http.ts';
import { signIn, useSessionUser } from '../api/session.ts';
import { Link, useRouter } from '../ui/router.tsx';
import { loginErrorMessage } from './account-errors.ts';
import { FormField } from './FormField.tsx';
import './account.css';

/** Login: submit is enabled once both fields are filled; success goes to /. */
export default function LoginPage() {
  const { navigate } = useRouter();
  const user = useSessionUser();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const filled = username.trim() !== '' && password !== '';

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!filled || submitting) return;
    setSubmitting(true);
    setError(null);
    try {
      const answer = await apiRequest('/api/login', {
        method: 'POST',
        // Phone keyboards append a space after an autocompleted word; a name never contains one.
        body: { username: username.trim(), password },
        schema: signedInAnswer,
      });
      signIn(answer.access_token, answer.user);
      navigate('/');
    } catch (failure) {
      setError(loginErrorMessage(failure));
      setSubmitting(false);
    }
  };

  return (
    <div className="account-page">
      <div className="account-card">
        <h1 className="account-card__title">登录</h1>
        <p className="account-card__subtitle">登录FCF估值研究平台</p>
        {user && (
          <p className="account-card__notice">
            当前已登录为 <strong>{user.username}</strong>，<Link to="/">返回首页</Link>
          </p>
        )}
        <form className="account-form" onSubmit={onSubmit} noValidate aria-busy={submitting}>
          <FormField
            label="用户名"
            name="username"
            value={username}
            onChange={setUsername}
            autoComplete="username"
            readOnly={submitting}
          />
          <FormField
            label="密码"
            name="password"
            type="password"
            value={password}
            onChange={setPassword}
            autoComplete="current-password"
            readOnly={submitting}
          />
          {error && (
            <p className="account-form__error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="account-form__submit" disabled={!filled || submitting}>
            {submitting ? '提交中…' : '登录'}
          </button>
        </form>
        <p className="account-card__switch">
          还没有账号？<Link to="/register">立即注册</Link>
        </p>
      </div>
    </div>
  );
}
