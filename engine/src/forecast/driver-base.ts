import type { DriverKey, Drivers } from './drivers.ts';

/** The shapes auto-drivers.ts derives from the history: what the forecast starts from and why. */

/** How an auto driver was derived, for the page to disclose beside the figure. */
export interface DriverBasis {
  /** The historical years it rests on (empty for a default). */
  readonly years: readonly number[];
  readonly note: string;
}

/**
 * When the latest history row is the trailing twelve months to an interim report: how much of its year is
 * still to come (0.75 after a 一季报), and the words the basis notes use for it ('2023 一季报（TTM）'). The
 * median of year-on-year growths needs no shortfall (the trailing row compares with a year earlier).
 */
export interface TrailingRow {
  readonly shortfall: number;
  readonly label: string;
}

/** What the history says of the company beside the statements: its industry decides the span of years read. */
export interface DriverContext {
  /** The industry as callers hold it ('C31', a section's name): a cyclical division reads a longer span of years. */
  readonly industry?: string | null;
  /**
   * Per fiscal year, the share of total profit that lies outside the operating result (tax-driver.ts's
   * one-off rule); absent: no year is left out of the tax rate for one-offs.
   */
  readonly oneOffShares?: ReadonlyMap<number, number>;
  /** The latest row is the trailing twelve months (its label names it in the growth's note). */
  readonly trailing?: TrailingRow;
}

/** What the history says about the forecast, before the terminal growth is known (that fades revenue). */
export interface DriverBase {
  /**
   * Every driver but revenue growth in the first forecast year: each ratio at the latest year's value
   * (its normal level when that year is a shell year or lacks the line), the tax rate at the effective one.
   */
  readonly start: Drivers;
  /**
   * The same in the last forecast year, which the terminal value carries on (a working-capital ratio from
   * the fourth year on, balanceFadeShare): each ratio at its normal level (the median of the span of years), the tax
   * rate at the statutory one.
   */
  readonly end: Drivers;
  /**
   * The median year-on-year revenue growth of the span of years (within 0%..25%), or null when the history cannot
   * say or the company is cyclical (then growth starts at g).
   */
  readonly historicalGrowth: number | null;
  readonly basis: Readonly<Record<DriverKey, DriverBasis>>;
  /**
   * Operating working capital the first forecast year's ΔOWC starts from: the latest year's, with a
   * family that year does not report taken at the ratio of the latest year that does (so a line missing
   * from the last report is no phantom change in the forecast). Null without working-capital lines.
   */
  readonly openingWorkingCapital: number | null;
  /** Operating losses not yet used against profits (亿元), carried into the forecast's tax. */
  readonly openingLoss: number;
  /** The cyclical division whose longer span of years the drivers read, or null. */
  readonly cyclical: string | null;
  /** How many latest years the ratios read (AUTO_DRIVER_WINDOW, or CYCLICAL_DRIVER_WINDOW). */
  readonly spanYears: number;
  /** The automatic drivers the history put outside their plausible range, held at the bound (AUTO_DRIVER_RANGES). */
  readonly bounded: readonly BoundedDriver[];
}

/** An automatic driver held at its plausible range's bound: what the history gave and what the forecast takes. */
export interface BoundedDriver {
  readonly key: DriverKey;
  readonly from: number;
  readonly to: number;
}
