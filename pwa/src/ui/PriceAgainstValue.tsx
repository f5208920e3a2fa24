import type { PriceAgainstValue as Market } from '@fcf/engine';
import {
  formatAmount,
  formatPercent,
  MARKET_ROWS,
  marginOfSafetyTone,
  marketFigureText,
  quoteDateText,
} from '@fcf/engine/report';
import './PriceAgainstValue.css';

const FORMATS = { amount: formatAmount, percent: formatPercent };

/** The test hook of the figures browser tests read. */
const TEST_IDS: Partial<Record<(typeof MARKET_ROWS)[number]['key'], string>> = {
  price: 'quote-price',
  margin_of_safety: 'margin-of-safety',
};

/**
 * Price against value (report header, custom page): 现价 with its date (过期 when older than 30 days),
 * 总市值, 每股价值, 安全边际 in the rise/fall colours, P/E, P/B, FCF yield, EV/EBIT on market EV. Without a
 * quote (or while the report loads) the same block shows dashes, so the page below never jumps when the
 * figures arrive.
 */
export function PriceAgainstValue({ market, pending = false }: { market: Market | null; pending?: boolean }) {
  const dateText = market ? quoteDateText(market) : pending ? '正在载入行情…' : '暂无行情';
  return (
    <dl className="price-value" aria-label="价格与价值" aria-busy={pending || undefined}>
      {MARKET_ROWS.map((row) => {
        const tone = market && row.key === 'margin_of_safety' ? marginOfSafetyTone(market.margin_of_safety) : 'neutral';
        return (
          <div key={row.key} className="price-value__item">
            <dt>{row.label}</dt>
            <dd className={`price-value__figure tone-${tone}`}>
              <span data-testid={market ? TEST_IDS[row.key] : undefined}>
                {market ? marketFigureText(row, market, FORMATS) : '-'}
              </span>
              {row.key === 'price' && (
                <small className={market?.stale ? 'price-value__date price-value__date--stale' : 'price-value__date'}>
                  {dateText}
                </small>
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
