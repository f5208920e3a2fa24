import { Link } from '../ui/router.tsx';
import './PlaceholderPage.css';

/** The under-development pages (US/HK valuation, models; docs/requirements.md#screens-and-routes). */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <div className="placeholder-page">
      <h1>{title}</h1>
      <p>该功能正在开发中，敬请期待。</p>
      <Link to="/" className="button button--primary">
        返回首页
      </Link>
    </div>
  );
}
