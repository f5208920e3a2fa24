import { type ReactNode, useId } from 'react';
import { PageLink } from '../ui/open-page.tsx';
import { DASHBOARD_CARDS } from './dashboard-cards.ts';
import { DashboardIcon } from './dashboard-icons.tsx';
import './HomeDashboard.css';

const LIVE_CARDS = DASHBOARD_CARDS.filter((card) => !card.comingSoon);
const COMING_SOON = DASHBOARD_CARDS.filter((card) => card.comingSoon);

/**
 * The home dashboard: the title, the reader's watchlist when there is one, the
 * destinations that work, and the placeholders collapsed into one 即将推出 row, so on a phone the search
 * and the report of the last company follow within the first screen. Cards open in a new tab in a
 * browser, in the app when installed.
 */
export function HomeDashboard({ watchlist }: { readonly watchlist?: ReactNode }) {
  const titleId = useId();
  return (
    <section className="home-dashboard" aria-labelledby={titleId}>
      <header className="home-dashboard__header">
        <h1 id={titleId} className="home-dashboard__title">
          FCF估值研究平台
        </h1>
        <p className="home-dashboard__subtitle">基于自由现金流的A股上市公司估值与研究，离线也能查阅</p>
      </header>
      {watchlist}
      <ul className="home-dashboard__grid">
        {LIVE_CARDS.map((card) => (
          <li key={card.url}>
            <PageLink className="home-card" to={card.url}>
              <span className="home-card__icon-box">
                <DashboardIcon name={card.icon} />
              </span>
              <span className="home-card__text">
                <span className="home-card__title">{card.title}</span>
                <span className="home-card__description">{card.description}</span>
              </span>
            </PageLink>
          </li>
        ))}
      </ul>
      {COMING_SOON.length > 0 ? (
        <p className="home-dashboard__soon">
          <span className="home-dashboard__soon-label">即将推出</span>
          {COMING_SOON.map((card) => card.title).join(' · ')}
        </p>
      ) : null}
    </section>
  );
}
