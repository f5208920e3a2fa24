import { PARAMETER_RULES, valuationDate } from '@fcf/engine';
import type { DataDateSpec, WhatIf, WhatIfView } from '@fcf/engine/report';
import {
  dataDateSpec,
  EMPTY,
  formatAmount,
  formatLocalDate,
  formatPercent,
  warningSpecs,
  yearLabel,
} from '@fcf/engine/report';
import type { RangeSnapshot } from '../../valuation-editor/scenario-sheet.ts';
import { valuationParameterRows } from '../../valuation-editor/valuation-parameters.ts';
import { marginOfSafety, perShareDelta, shownPerShare } from '../result-figures.ts';

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
  /** '12.34', or '不适用' when the equity value is not positive (then `perShareNote` says why). */
  readonly perShare: string;
  readonly perShareNote: string | null;
  /** Against the automatic value, when the reader changed something. */
  readonly delta: string | null;
  readonly price: string | null;
  readonly marginOfSafety: string | null;
  readonly inputs: readonly ShareCardInput[];
  /** How many of the reader's inputs did not fit. */
  readonly moreInputs: number;
  /** '基于 2019 年报', amber when stale (the same rule as the page's badge). */
  readonly dataDate: DataDateSpec;
  /** The valuation's warnings, as the page lists them beside the value. */
  readonly warnings: readonly string[];
  readonly url: string;
  readonly date: string;
  /** The range and the verdict as the 价值区间 panel last showed them ('区间 … 元 · 合理（不确定性中）'), or null. */
  readonly range: string | null;
}

export interface ShareCardSource {
  readonly view: WhatIfView;
  readonly whatIf: WhatIf;
  readonly automaticPerShare: number | null;
  readonly price?: number | null;
  readonly url: string;
  readonly date: Date;
  readonly range?: RangeSnapshot | null;
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

/** The range in one line: P10–P90, the verdict and the rating. */
export function rangeLine(range: RangeSnapshot | null | undefined): string | null {
  if (!range) return null;
  const { p10, p90 } = range.simulation;
  const rated = range.rating ? `（不确定性${range.rating}）` : '';
  return `区间 ${formatAmount(p10)}–${formatAmount(p90)} 元 · ${range.verdict ?? '暂无结论'}${rated}`;
}

export function shareCard({ view, whatIf, automaticPerShare, price, url, date, range }: ShareCardSource): ShareCard {
  const { dcf, company } = view;
  const shown = shownPerShare(dcf);
  const delta = perShareDelta(shown.value, automaticPerShare);
  const safety = marginOfSafety(shown.value, price);
  const inputs = keyInputs(view, whatIf);
  const visible = inputs.slice(0, MAX_INPUT_LINES);
  return {
    company: `${company.name}${company.code ? `（${company.code}）` : ''}`,
    industry: company.industry ?? null,
    perShare: shown.text,
    perShareNote: shown.notApplicable,
    delta: delta && shown.value !== automaticPerShare ? delta : null,
    price: price && price > 0 ? formatAmount(price) : null,
    marginOfSafety: safety === null ? null : formatPercent(safety),
    inputs: visible,
    moreInputs: inputs.length - visible.length,
    dataDate: dataDateSpec(view.latestYear, dcf?.warnings ?? null, valuationDate(date), dcf?.meta.base_period ?? null),
    warnings: warningSpecs(dcf?.warnings ?? []).map((warning) => warning.text),
    url,
    date: formatLocalDate(date),
    range: rangeLine(range),
  };
}
