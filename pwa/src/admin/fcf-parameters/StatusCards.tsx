import type { WhatIfView } from '@fcf/engine/report';

/** The status cards (docs/requirements.md#back-office): historical, manual and auto forecast rows. */
export function StatusCards({ view }: { view: WhatIfView }) {
  const manual = view.financialData.forecast.filter((row) => row.data_status === 'manual').length;
  const cards = [
    { label: '历史数据', value: view.financialData.historical.length, unit: '年' },
    { label: '人工预测', value: manual, unit: '年' },
    { label: '自动预测', value: view.financialData.auto_forecast.length, unit: '年' },
  ];
  return (
    <div className="fp-cards">
      {cards.map((card) => (
        <div key={card.label} className="fp-card">
          <span className="fp-card__label">{card.label}</span>
          <span className="fp-card__value">
            {card.value}
            <small>{card.unit}</small>
          </span>
        </div>
      ))}
    </div>
  );
}
