import { Link } from '../ui/router.tsx';
import './PlaceholderPage.css';

/** The spec's under-development pages (WACC tool, comparison, US/HK valuation, models). */
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
