import type { WatchlistEntry } from '@fcf/engine';
import {
  formatAmount,
  formatPercent,
  MARKET_ROWS,
  type MarketRowKey,
  marginOfSafetyTone,
  marketFigureText,
  quoteDateText,
  ratedVerdictText,
} from '@fcf/engine/report';
import { useId, useMemo } from 'react';
import { readRecentCompanies } from '../ui/company-picker/recent-companies.ts';
import { Link } from '../ui/router.tsx';
import { useWatchlist } from '../ui/watchlist/use-watchlist.ts';
import './HomeWatchlist.css';
import { useHydrated } from '../ui/use-hydrated.ts';

const FORMATS = { amount: formatAmount, percent: formatPercent };
const ROW = new Map(MARKET_ROWS.map((row) => [row.key, row]));

const reportUrl = (name: string) => `/valuation-home?company=${encodeURIComponent(name)}`;

function Figure({ entry, field }: { readonly entry: WatchlistEntry; readonly field: MarketRowKey }) {
  const row = ROW.get(field);
  if (!row) return null;
  const tone = field === 'margin_of_safety' ? marginOfSafetyTone(entry.margin_of_safety) : 'neutral';
  return (
    <span className="home-watchlist__figure">
      <span className="home-watchlist__label">{row.label}</span>
      <span className={`home-watchlist__value tone-${tone}`}>{marketFigureText(row, entry, FORMATS)}</span>
    </span>
  );
}

function WatchedRow({ entry }: { readonly entry: WatchlistEntry }) {
  return (
    <li data-company={entry.code}>
      <Link className="home-watchlist__item" to={reportUrl(entry.name)}>
        <span className="home-watchlist__company">
          <span className="home-watchlist__name">{entry.name}</span>
          <span className="home-watchlist__code">{entry.code}</span>
        </span>
        <span className="home-watchlist__figures">
          <span className="home-watchlist__figure">
            <span className="home-watchlist__label">现价</span>
            <span className="home-watchlist__value">
              {entry.price === null ? '暂无行情' : `${formatAmount(entry.price)} 元`}
              {entry.date && (
                <small className={entry.stale ? 'home-watchlist__date is-stale' : 'home-watchlist__date'}>
                  {quoteDateText({ date: entry.date, stale: entry.stale })}
                </small>
              )}
            </span>
          </span>
          <Figure entry={entry} field="value_per_share" />
          <Figure entry={entry} field="margin_of_safety" />
          <span className="home-watchlist__figure">
            <span className="home-watchlist__label">结论</span>
            <span className="home-watchlist__value" data-testid="watchlist-verdict">
              {ratedVerdictText(entry.verdict, entry.uncertainty_rating, '暂无结论')}
            </span>
          </span>
        </span>
        {entry.warnings.length > 0 && <span className="home-watchlist__warning">估值有警示，安全边际仅供参考</span>}
      </Link>
    </li>
  );
}

function Watched() {
  const { user, entries, error } = useWatchlist();
  if (!user) {
    return (
      <p className="home-watchlist__hint">
        <Link to="/login">登录</Link>后可在报告页点 ☆ 加入自选，自选会同步到你的每台设备。
      </p>
    );
  }
  if (entries === null) {
    return (
      <p className="home-watchlist__hint" role="status">
        正在读取自选…
      </p>
    );
  }
  return (
    <>
      {error && (
        <p className="home-watchlist__hint" role="alert">
          {error}
        </p>
      )}
      {entries.length === 0 ? (
        <p className="home-watchlist__hint">还没有自选公司：打开一家公司的估值报告，点标题旁的 ☆ 加自选。</p>
      ) : (
        <ul className="home-watchlist__list">
          {entries.map((entry) => (
            <WatchedRow key={entry.code} entry={entry} />
          ))}
        </ul>
      )}
    </>
  );
}

/** The companies this browser opened last (local), one tap back to each report. */
function Recent() {
  // This browser's own list: drawn once React took over the first screen rendered at build time.
  const hydrated = useHydrated();
  const recent = useMemo(() => (hydrated ? readRecentCompanies() : []), [hydrated]);
  if (recent.length === 0) return null;
  return (
    <div className="home-watchlist__recent">
      <h3 className="home-watchlist__subtitle">最近查看</h3>
      <ul className="home-watchlist__chips" data-testid="recent-companies">
        {recent.map((company) => (
          <li key={company.code}>
            <Link className="home-watchlist__chip" to={reportUrl(company.name)}>
              {company.name}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Home's 自选 (the app icon's 自选 shortcut lands here, /#watchlist): each watched company's price with its
 * date, value per share and margin of safety in the rise/fall colours, read from the browser's copy so it
 * shows offline; then the companies this browser opened last.
 */
export function HomeWatchlist() {
  const titleId = useId();
  return (
    <section id="watchlist" className="home-watchlist" data-testid="watchlist" aria-labelledby={titleId}>
      <h2 id={titleId} className="home-watchlist__title">
        我的自选
      </h2>
      <Watched />
      <Recent />
    </section>
  );
}
