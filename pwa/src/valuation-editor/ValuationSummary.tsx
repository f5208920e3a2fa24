import { TERMINAL_VALUE_WARNING_SHARE } from '@fcf/engine';
import type { DcfValuationView } from '@fcf/engine/report';
import { EMPTY, formatAmount, formatPercent } from '@fcf/engine/report';
import './ValuationSummary.css';

/**
 * The figures a reader watches while editing, above the tables (on a phone the DCF table's footer is a
 * long scroll away): value per share, equity and enterprise value, and how much of EV is terminal value.
 */
export function ValuationSummary({ dcf }: { dcf: DcfValuationView | null }) {
  // Without a valuation the figures show dashes rather than vanish, so the page does not jump.
  const valuation = dcf?.valuation;
  const share = dcf?.terminal_value_share ?? null;
  const warning = dcf?.terminal_value_warning ?? false;
  const figures = [
    {
      label: '每股价值',
      value: valuation && valuation.share_capital > 0 ? formatAmount(valuation.value_per_share) : EMPTY,
      unit: '元',
    },
    { label: '股权价值', value: formatAmount(valuation?.equity_value), unit: '亿元' },
    { label: '企业价值', value: formatAmount(valuation?.enterprise_value), unit: '亿元' },
    { label: '终值占企业价值', value: formatPercent(share), unit: '' },
  ];
  return (
    <section className="cv-summary" aria-label="估值摘要">
      <dl className="cv-figures">
        {figures.map((figure) => (
          <div
            key={figure.label}
            className={figure.label === '终值占企业价值' && warning ? 'cv-figure is-warning' : 'cv-figure'}
          >
            <dt>{figure.label}</dt>
            <dd>
              {figure.value}
              {figure.unit ? <span className="cv-figure__unit">{figure.unit}</span> : null}
            </dd>
          </div>
        ))}
      </dl>
      {warning ? (
        <p className="cv-warning">
          {share === null
            ? '企业价值不为正，估值结果不可靠。'
            : `终值占企业价值超过${formatPercent(TERMINAL_VALUE_WARNING_SHARE)}，估值高度依赖永续期假设（WACC 与 g），请谨慎参考。`}
        </p>
      ) : null}
    </section>
  );
}
