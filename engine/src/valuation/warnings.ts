import { ValuationError } from '../errors.ts';
import type { LineGap } from '../history/continuity.ts';
import type { HistoryAnalysis } from '../history/historical-rows.ts';
import { amountText, percentText, yearsText } from '../message-format.ts';
import type { StatementYear } from '../statements/items.ts';
import { bridgeWarnings } from './bridge-warnings.ts';
import type { CompanyClassification } from './company-kind.ts';
import { type DcfResult, TERMINAL_VALUE_WARNING_SHARE } from './dcf.ts';
import type { EffectiveParameters } from './parameters.ts';

/** The one vocabulary of what a reader must know beside a value. */
export const WARNING_CODES = [
  'negative_equity_value',
  'negative_enterprise_value',
  'terminal_value_dominates',
  'terminal_ronic_below_wacc',
  // No longer given (terminal_reinvestment_inconsistent replaced it); kept so stored answers still read.
  'terminal_reinvestment_negative',
  'shares_disagree',
  'missing_lines',
  'wacc_bounded',
  'stale_report',
  'financial_company',
  'property_developer',
  'shares_unknown',
  'roe_bounded',
  'few_roe_years',
  'summary_only',
  'newer_summary_available',
  'terminal_value_exceeds_ev',
  'terminal_reinvestment_inconsistent',
  'no_cash_flow_statement',
  'auto_driver_bounded',
  'unexplained_equity',
  'debt_line_vanished',
] as const;
export type WarningCode = (typeof WARNING_CODES)[number];

export interface ValuationWarning {
  readonly code: WarningCode;
  /** In Chinese, as the screens show it. */
  readonly message: string;
  /** The fiscal year it concerns (missing_lines, unexplained_equity, debt_line_vanished). */
  readonly year?: number;
  /** The statement lines it concerns (missing_lines, debt_line_vanished), joined: '应收票据'. */
  readonly item?: string;
}

/** A latest annual report this many months before the valuation date is stale. */
export const STALE_REPORT_MONTHS = 18;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/** The valuation date of `today` as the model takes it ('YYYY-MM-DD', the day in China): callers own the clock. */
export function valuationDate(today: Date): string {
  // The calendar day in China (UTC+8, no daylight saving), where A-share reports and quotes are dated.
  return new Date(today.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
}

/** True when `asOf` ('YYYY-MM-DD') is more than 18 months after the end of fiscal year `latestYear`. */
export function isReportStale(latestYear: number, asOf: string): boolean {
  return isPeriodStale(`${latestYear}-12-31`, asOf);
}

/**
 * True when `asOf` ('YYYY-MM-DD') is more than 18 months after the month of the report period ending on
 * `periodEnd` ('YYYY-MM-DD', a quarter's end): the latest period, annual or interim, is what counts.
 */
export function isPeriodStale(periodEnd: string, asOf: string): boolean {
  const match = ISO_DATE.exec(asOf);
  const [, year, month, day] = match ?? [];
  if (!year || !month || !day || Number(month) < 1 || Number(month) > 12 || Number(day) < 1 || Number(day) > 31) {
    throw new ValuationError('INVALID_DATE', 'asOf', asOf);
  }
  // The last day of the month STALE_REPORT_MONTHS after the period's month (30 June two years on, for a year end).
  const monthIndex = Number(periodEnd.slice(0, 4)) * 12 + Number(periodEnd.slice(5, 7)) - 1 + STALE_REPORT_MONTHS;
  const limitYear = Math.floor(monthIndex / 12);
  const limitMonth = (monthIndex % 12) + 1;
  const lastDay = new Date(Date.UTC(limitYear, limitMonth, 0)).getUTCDate();
  const limit = `${limitYear}-${String(limitMonth).padStart(2, '0')}-${String(lastDay).padStart(2, '0')}`;
  return `${year}-${month}-${day}` > limit;
}

export interface WarningContext {
  readonly latestYear: number;
  /** The report the valuation starts from, when it is an interim report's trailing twelve months. */
  readonly basePeriod?: { readonly date: string; readonly label: string } | null;
  readonly parameters: EffectiveParameters;
  readonly dcf: DcfResult | null;
  readonly classification: CompanyClassification;
  readonly gaps: readonly LineGap[];
  /** Years whose D&A and capex were estimated from the balance sheet, with the rate; null when none. */
  readonly estimatedCapex?: HistoryAnalysis['estimatedCapex'];
  /** Gaps of these years are warned (the years the forecast rests on); all are recorded. */
  readonly warnedYears: readonly number[];
  readonly asOf?: string | null | undefined;
  /** A later year only the financial summary reports, not made the base (newer_summary_available). */
  readonly newerSummaryYear?: number | null;
  /** Automatic drivers the history put outside their plausible range (auto-drivers.ts), with their labels. */
  readonly boundedDrivers?: readonly { readonly label: string; readonly from: string; readonly to: string }[];
  /** The latest balance sheet and the year before's, for what the equity bridge cannot see (bridge-warnings.ts). */
  readonly balance?: { readonly latest: StatementYear; readonly previous: StatementYear | null };
}

/** Automatic drivers held at the bound of their plausible range (docs/model.md §4): each with both figures. */
function boundedDriverWarnings({ boundedDrivers }: WarningContext): ValuationWarning[] {
  if (!boundedDrivers || boundedDrivers.length === 0) return [];
  const listed = boundedDrivers.map(({ label, from, to }) => `${label} ${from} → ${to}`).join('；');
  return [
    {
      code: 'auto_driver_bounded',
      message: `历史数据给出的自动预测参数超出合理范围，已按范围边界预测：${listed}`,
    },
  ];
}

function dcfWarnings({ dcf, parameters }: WarningContext): ValuationWarning[] {
  if (!dcf) return [];
  const warnings: ValuationWarning[] = [];
  const { enterprise_value: ev, equity_value: equity } = dcf.valuation;
  if (ev <= 0) {
    warnings.push({
      code: 'negative_enterprise_value',
      message: `企业价值为负（${amountText(ev)}）：预测期自由现金流与终值之和不为正，估值不代表企业的市场价值`,
    });
  }
  if (equity <= 0) {
    warnings.push({
      code: 'negative_equity_value',
      message: `股权价值为负（${amountText(equity)}）：有息负债等索取权超过企业价值，每股价值不适用`,
    });
  }
  if (dcf.terminal_value_share !== null && dcf.terminal_value_share > 1) {
    warnings.push({
      code: 'terminal_value_exceeds_ev',
      message: `终值现值占企业价值 ${percentText(dcf.terminal_value_share)}，超过100%：预测期现金流合计为负，估值不是有意义的结果，每股价值不适用`,
    });
  } else if (dcf.terminal_value_share !== null && dcf.terminal_value_share > TERMINAL_VALUE_WARNING_SHARE) {
    warnings.push(terminalShareWarning(dcf.terminal_value_share, '企业价值', 'WACC 与 g'));
  }
  if (!(dcf.valuation.total_shares > 0)) warnings.push(sharesUnknownWarning());
  warnings.push(...terminalReinvestmentWarnings(dcf));
  warnings.push(...sharesDisagreeWarnings(parameters));
  const { bound_applied: bound, calculated_wacc: calculated, applied_wacc: applied } = parameters.wacc_breakdown;
  if (bound !== null && calculated !== null) {
    warnings.push({
      code: 'wacc_bounded',
      message: `计算WACC为 ${percentText(calculated)}，${bound === 'floor' ? '低于下限' : '高于上限'}，按 ${percentText(applied)} 估值；可设置手动WACC`,
    });
  }
  return warnings;
}

/** An implied RONIC above this multiple of WACC is growth bought for almost nothing. */
export const RONIC_WACC_LIMIT = 3;

/**
 * The terminal year's reinvestment against its growth (docs/model.md, the terminal value): growth with no
 * reinvestment, an implied RONIC above 3 × WACC (growth nearly free) or below WACC (growth destroying
 * value). The message gives the consistent value beside the one shown.
 */
function terminalReinvestmentWarnings(dcf: DcfResult): ValuationWarning[] {
  const {
    reinvestment_rate: reinvestment,
    implied_ronic: ronic,
    consistent_value_per_share: consistent,
  } = dcf.terminal;
  if (dcf.terminal_value_method !== 'gordon' || !(dcf.g > 0) || reinvestment === null) return [];
  const beside =
    consistent === null
      ? '可改用价值驱动公式'
      : `再投资与增长一致（RONIC = ${percentText(dcf.wacc)}）时每股价值为 ${consistent.toFixed(2)} 元${dcf.valuation.value_per_share === null ? '' : `（当前 ${dcf.valuation.value_per_share.toFixed(2)} 元）`}`;
  let why: string | null = null;
  if (reinvestment <= 0) {
    why = `永续期再投资率为 ${percentText(reinvestment)}：不再投资却按 ${percentText(dcf.g)} 永续增长`;
  } else if (ronic !== null && ronic > RONIC_WACC_LIMIT * dcf.wacc) {
    why = `永续期隐含新增投资回报率（RONIC）${percentText(ronic)}，超过 WACC ${percentText(dcf.wacc)} 的 ${RONIC_WACC_LIMIT} 倍：增长几乎无需投资`;
  } else if (ronic !== null && ronic < dcf.wacc) {
    why = `永续期隐含新增投资回报率（RONIC）${percentText(ronic)} 低于 WACC ${percentText(dcf.wacc)}：增长在摧毁价值`;
  }
  return why === null ? [] : [{ code: 'terminal_reinvestment_inconsistent', message: `${why}；${beside}` }];
}

function gapWarnings({ gaps, warnedYears, estimatedCapex }: WarningContext): ValuationWarning[] {
  const estimated = estimatedCapex?.years.filter((year) => warnedYears.includes(year)) ?? [];
  const cashFlow: ValuationWarning[] =
    estimatedCapex && estimated.length > 0
      ? [
          {
            code: 'no_cash_flow_statement',
            message: `${yearsText(estimated)}年缺少现金流量表：折旧摊销按期初固定资产、无形资产与使用权资产的 ${percentText(estimatedCapex.rate.rate, 1)}（${estimatedCapex.rate.years.length > 0 ? `公司${yearsText(estimatedCapex.rate.years)}年的折旧率中位数` : '按十年直线折旧的默认折旧率'}）估计，资本开支 = 经营性长期资产的增加 + 折旧摊销；自由现金流为估计值`,
          },
        ]
      : [];
  return cashFlow.concat(
    gaps
      .filter((gap) => gap.kind === 'vanished' && warnedYears.includes(gap.year))
      .map((gap) => ({
        code: 'missing_lines',
        message: `${gap.year}年报表未列报“${gap.label}”（${gap.year - 1}年为 ${amountText(gap.amount)}）：不按 0 计，该年营运资本变动不含此项，预测沿用此前的比率`,
        year: gap.year,
        item: gap.label,
      })),
  );
}

function companyWarnings({
  classification,
  latestYear,
  basePeriod,
  asOf,
  newerSummaryYear,
}: WarningContext): ValuationWarning[] {
  const warnings: ValuationWarning[] = [];
  if (classification.kind === 'financial') {
    const why =
      classification.evidence === 'industry'
        ? '所属行业为金融业'
        : `吸收存款、保险合同准备金、代理买卖证券款占负债的 ${percentText(classification.financialShare ?? 0, 0)}`;
    warnings.push({
      code: 'financial_company',
      message: `${why}：不适用自由现金流估值，按超额收益（剩余收益）模型估值并给出市净率`,
    });
  }
  if (classification.kind === 'property_developer') {
    warnings.push({
      code: 'property_developer',
      message: '房地产开发企业：存货为土地与在建房产，预收房款使营运资本大幅波动，自由现金流估值仅供参考',
    });
  }
  warnings.push(...(basePeriod ? stalePeriodWarnings(basePeriod, asOf) : staleReportWarnings(latestYear, asOf)));
  if (newerSummaryYear) warnings.push(newerSummaryWarning(newerSummaryYear, latestYear));
  return warnings;
}

/** Every warning of a valuation: the company's, the statements', then the DCF's. */
export function valuationWarnings(context: WarningContext): ValuationWarning[] {
  return [
    ...companyWarnings(context),
    ...gapWarnings(context),
    ...(context.balance ? bridgeWarnings(context.latestYear, context.balance.latest, context.balance.previous) : []),
    ...boundedDriverWarnings(context),
    ...dcfWarnings(context),
  ];
}

/*
 * Warnings of the models beside the FCFF (models/, docs/model.md): built here so that the vocabulary and
 * its Chinese stay in one file.
 */

/** The share count is not the plain reading of 股本 (shares.ts says why). */
export function sharesDisagreeWarnings(parameters: Pick<EffectiveParameters, 'shares'>): ValuationWarning[] {
  const why = parameters.shares.disagreement;
  return why === null ? [] : [{ code: 'shares_disagree', message: `总股本来源不一致：${why}` }];
}

/** No share count: the model gives its equity value, and no value per share. */
export function sharesUnknownWarning(): ValuationWarning {
  return {
    code: 'shares_unknown',
    message: '总股本未知：只给出股权价值，每股价值不适用；可设置总股本',
  };
}

/** A model's equity value that is not positive (its number is kept; per share is not meaningful). */
export function nonPositiveEquityWarning(equity: number, why: string): ValuationWarning {
  return {
    code: 'negative_equity_value',
    message: `股权价值为负或为零（${amountText(equity)}）：${why}，每股价值不适用`,
  };
}

/** The terminal value's share of what it is part of (the story model's operating assets), above 80%. */
export function terminalShareWarning(share: number, whole: string, rates: string): ValuationWarning {
  return {
    code: 'terminal_value_dominates',
    message: `终值现值占${whole} ${percentText(share)}，超过${percentText(TERMINAL_VALUE_WARNING_SHARE, 0)}：估值高度依赖永续期假设（${rates}）`,
  };
}

/** The story model's terminal return on capital below its terminal cost of capital while it grows. */
export function terminalReturnWarning(roc: number, costOfCapital: number): ValuationWarning {
  return {
    code: 'terminal_ronic_below_wacc',
    message: `永续期资本回报率 ${percentText(roc)} 低于永续期资本成本 ${percentText(costOfCapital)}：增长在摧毁价值`,
  };
}

/** Only financial summaries: the company is valued by excess returns, not by an FCFF DCF. */
export function summaryOnlyWarning(): ValuationWarning {
  return {
    code: 'summary_only',
    message: '仅有财务摘要（无完整三张报表）：不作自由现金流估值，按超额收益模型估值；上传完整报表后可按FCFF估值',
  };
}

/** A financial summary of a later year than the full statements the value rests on (they stay the base). */
export function newerSummaryWarning(year: number, base: number): ValuationWarning {
  return {
    code: 'newer_summary_available',
    message: `已有 ${year} 年的财务摘要，但估值仍基于 ${base} 年的完整报表：摘要缺少现金、有息负债与现金流明细，不作基期；上传 ${year} 年完整报表后更新`,
    year,
  };
}

/** The excess-return model's normalised ROE, moved by its bound. */
export function roeBoundedWarning(mean: number, bounded: number): ValuationWarning {
  return {
    code: 'roe_bounded',
    message: `近年ROE均值为 ${percentText(mean)}，超出常态化ROE的取值范围，按 ${percentText(bounded)} 估值；可手动设置常态化ROE`,
  };
}

/** The excess-return model's normalised ROE rests on fewer years than it asks for. */
export function fewRoeYearsWarning(years: readonly number[], wanted: number): ValuationWarning {
  return {
    code: 'few_roe_years',
    message: `仅有 ${years.length} 年的ROE（${yearsText(years)}年），少于 ${wanted} 年：常态化ROE可能受单一年份影响`,
  };
}

/** Stale latest report, for a model that values from it (the same rule as the FCFF's). */
/** The interim report a valuation starts from is more than 18 months old. */
function stalePeriodWarnings(
  period: { readonly date: string; readonly label: string },
  asOf: string | null | undefined,
): ValuationWarning[] {
  return asOf && isPeriodStale(period.date, asOf)
    ? [
        {
          code: 'stale_report',
          message: `最新报告期为 ${period.label}（${period.date}），距 ${asOf.slice(0, 10)} 已超过 ${STALE_REPORT_MONTHS} 个月，估值基于过时数据`,
        },
      ]
    : [];
}

export function staleReportWarnings(latestYear: number, asOf: string | null | undefined): ValuationWarning[] {
  return asOf && isReportStale(latestYear, asOf)
    ? [
        {
          code: 'stale_report',
          message: `最新年报为 ${latestYear} 年，距 ${asOf.slice(0, 10)} 已超过 ${STALE_REPORT_MONTHS} 个月，估值基于过时数据`,
        },
      ]
    : [];
}
