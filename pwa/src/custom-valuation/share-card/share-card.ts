import { PARAMETER_RULES } from '@fcf/engine';
import type { WhatIf, WhatIfView } from '@fcf/engine/report';
import { EMPTY, formatAmount, formatLocalDate, formatPercent, yearLabel } from '@fcf/engine/report';
import { valuationParameterRows } from '../../valuation-editor/valuation-parameters.ts';
import { marginOfSafety, perShareDelta } from '../result-figures.ts';

/** What the portrait share card says: the content, apart from how it is drawn. Pure: no DOM. */

/** The card's key inputs: at most this many lines, the rest counted in one line. */
export const MAX_INPUT_LINES = 10;

interface ShareCardInput {
  readonly label: string;
  readonly value: string;
  /** Set by the reader (marked on the card). */
  readonly mine: boolean;
}

export interface ShareCard {
  readonly company: string;
  readonly industry: string | null;
  readonly perShare: string;
  /** Against the automatic value, when the reader changed something. */
  readonly delta: string | null;
  readonly price: string | null;
  readonly marginOfSafety: string | null;
  readonly inputs: readonly ShareCardInput[];
  /** How many of the reader's inputs did not fit. */
  readonly moreInputs: number;
  readonly dataDate: string;
  readonly warning: string | null;
  readonly url: string;
  readonly date: string;
}

export interface ShareCardSource {
  readonly view: WhatIfView;
  readonly whatIf: WhatIf;
  readonly automaticPerShare: number | null;
  readonly price?: number | null;
  readonly url: string;
  readonly date: Date;
}

/** WACC, g and shares, then every driver the reader set (by year), or the first year's growth if none. */
function keyInputs(view: WhatIfView, whatIf: WhatIf): ShareCardInput[] {
  const parameters = valuationParameterRows(view, whatIf).map((row) => ({
    label: row.label,
    value: row.value === null ? EMPTY : row.unit === '%' ? formatPercent(row.value) : `${formatAmount(row.value)} 亿股`,
    mine: row.userSet,
  }));
  const drivers = Object.entries(whatIf.overrides)
    .sort(([a], [b]) => Number(a) - Number(b))
    .flatMap(([year, values]) =>
      Object.entries(values).map(([key, value]) => ({
        label: `${yearLabel(Number(year), true)} ${PARAMETER_RULES[key as keyof typeof PARAMETER_RULES]?.label ?? key}`,
        value: formatPercent(value),
        mine: true,
      })),
    );
  if (drivers.length > 0) return [...parameters, ...drivers];
  const first = view.financialData.forecast[0];
  return first
    ? [
        ...parameters,
        {
          label: `${yearLabel(first.year, true)} ${PARAMETER_RULES.operating_revenue_yoy.label}`,
          value: formatPercent(first.operating_revenue_yoy),
          mine: false,
        },
      ]
    : parameters;
}

export function shareCard({ view, whatIf, automaticPerShare, price, url, date }: ShareCardSource): ShareCard {
  const { dcf, company } = view;
  const value = dcf && dcf.valuation.share_capital > 0 ? dcf.valuation.value_per_share : null;
  const delta = perShareDelta(value, automaticPerShare);
  const safety = marginOfSafety(value, price);
  const inputs = keyInputs(view, whatIf);
  const shown = inputs.slice(0, MAX_INPUT_LINES);
  return {
    company: `${company.name}${company.code ? `（${company.code}）` : ''}`,
    industry: company.industry ?? null,
    perShare: formatAmount(value),
    delta: delta && value !== automaticPerShare ? delta : null,
    price: price && price > 0 ? formatAmount(price) : null,
    marginOfSafety: safety === null ? null : formatPercent(safety),
    inputs: shown,
    moreInputs: inputs.length - shown.length,
    dataDate: `基于 ${view.latestYear} 年报`,
    warning: dcf?.terminal_value_warning
      ? `终值占企业价值 ${formatPercent(dcf.terminal_value_share)}，估值高度依赖永续期假设`
      : null,
    url,
    date: formatLocalDate(date),
  };
}
