import { type ReactNode, useEffect } from 'react';
import { isAdminSession } from '../api/session.ts';
import { useRouter } from '../ui/router.tsx';

const ADMIN_ONLY_MESSAGE = '无权限访问，请以管理员身份登录';

/** The admin area needs a token and an admin user in local storage; anyone else is sent to /login. */
export function AdminGate({ children }: { children: ReactNode }) {
  const { navigate } = useRouter();
  const allowed = isAdminSession();
  useEffect(() => {
    if (!allowed) {
      alert(ADMIN_ONLY_MESSAGE);
      navigate('/login', { replace: true });
    }
  }, [allowed, navigate]);
  return allowed ? children : null;
}
