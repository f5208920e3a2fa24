import { type MouseEvent, useId } from 'react';
import { openInNewTab } from '../lib/open-in-new-tab.ts';
import { DASHBOARD_CARDS } from './dashboard-cards.ts';
import { DashboardIcon } from './dashboard-icons.tsx';
import './HomeDashboard.css';

function onCardClick(event: MouseEvent<HTMLAnchorElement>, url: string) {
  // Modified and middle clicks keep the browser's own behaviour (background tab, new window).
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  openInNewTab(url);
}

/** The home dashboard (public-side §1, §2): the title and eight cards, each opening in a new tab. */
export function HomeDashboard() {
  const titleId = useId();
  return (
    <section className="home-dashboard" aria-labelledby={titleId}>
      <header className="home-dashboard__header">
        <h1 id={titleId} className="home-dashboard__title">
          FCF估值研究平台
        </h1>
        <p className="home-dashboard__subtitle">基于自由现金流的A股上市公司估值与研究，离线也能查阅</p>
      </header>
      <ul className="home-dashboard__grid">
        {DASHBOARD_CARDS.map((card) => (
          <li key={card.url}>
            <a
              className="home-card"
              href={card.url}
              target="_blank"
              rel="noopener"
              onClick={(event) => onCardClick(event, card.url)}
            >
              <span className="home-card__icon-box">
                <DashboardIcon name={card.icon} />
              </span>
              <span className="home-card__text">
                <span className="home-card__title">
                  {card.title}
                  {card.comingSoon && <span className="home-card__badge">开发中</span>}
                </span>
                <span className="home-card__description">{card.description}</span>
              </span>
              <span className="visually-hidden">（在新标签页打开）</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
