import './Footer.css';
/** The footer (docs/requirements.md#navigation-and-layout): the copyright and placeholder links without targets. */
export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <p>© {year} 自由现金流估值平台 · 数据仅供研究参考，不构成投资建议</p>
      <nav className="site-footer__links" aria-label="页脚">
        <span>ICP备案号：待备案</span>
        <span>联系我们</span>
        <span>隐私政策</span>
        <span>服务条款</span>
      </nav>
    </footer>
  );
}
