import { requireFinite, ValuationError } from '../errors.ts';
import {
  type DiscountTiming,
  discountStream,
  type EquityBridge,
  requireRates,
  type TerminalValueMethod,
} from './dcf.ts';

/** The terminal value of the reverse DCF: the forward DCF's method, with the first forecast year's NOPAT. */
export interface ReverseTerminal {
  readonly method: TerminalValueMethod;
  /** NOPAT of the first forecast year (亿元): it grows with the FCF, so the last year's seeds the value driver. */
  readonly baseNopat: number | null;
  /** Return on new invested capital of the value driver; null or absent = WACC (as the forward DCF). */
  readonly ronic?: number | null;
}

export interface ReverseDcfInput {
  /** Price per share (元) to explain. */
  readonly price: number;
  /** FCF of the first forecast year (亿元): the base the constant growth compounds from. */
  readonly baseFcf: number;
  readonly years: number;
  readonly wacc: number | null | undefined;
  readonly terminalGrowth: number | null | undefined;
  readonly bridge: EquityBridge;
  /**
   * The minorities' share of profit when the bridge values them pro rata (docs/model.md §7): then the price
   * is that share's complement of the equity before minorities, and `bridge.minority_interest` is not read.
   */
  readonly minorityProfitShare?: number | null;
  readonly totalShares: number;
  /** Absent = Gordon. */
  readonly terminal?: ReverseTerminal;
  /** The forward DCF's timing (a valuation dated inside a fiscal year), kept as it is. */
  readonly timing?: DiscountTiming;
}

export interface ReverseDcfResult {
  /** Constant yearly FCF growth over the forecast years that the price implies. */
  readonly impliedGrowth: number;
  /** The enterprise value the price implies (亿元). */
  readonly impliedEnterpriseValue: number;
}

export const IMPLIED_GROWTH_RANGE = [-0.5, 1] as const;

/**
 * Reverse DCF: the constant growth r with FCFₙ = baseFcf × (1+r)ⁿ⁻¹ (n = 1..years) whose equity value per
 * share equals the given price. The terminal value is the forward DCF's (discountStream, the one place of
 * the DCF's arithmetic), by its method: Gordon on the last FCF, or the value driver on the last NOPAT,
 * which grows with the FCF (NOPATₙ = baseNopat × (1+r)ⁿ⁻¹, the year-one share of NOPAT reinvested held).
 * EV rises with r when the bases are positive, so bisection over −50%..100% finds the one solution.
 */
export function impliedGrowth(input: ReverseDcfInput): ReverseDcfResult {
  const { wacc, g } = requireRates(input.wacc, input.terminalGrowth);
  const price = requireFinite(input.price, 'price');
  const baseFcf = requireFinite(input.baseFcf, 'fcf');
  if (price <= 0) throw new ValuationError('PRICE_NOT_POSITIVE', 'price');
  if (!(input.totalShares > 0)) throw new ValuationError('SHARES_MISSING', 'total_shares');
  if (baseFcf <= 0) throw new ValuationError('BASE_FCF_NOT_POSITIVE', 'fcf');
  const method = input.terminal?.method ?? 'gordon';
  const baseNopat = method === 'value_driver' ? requireFinite(input.terminal?.baseNopat ?? Number.NaN, 'nopat') : 0;

  const { bridge } = input;
  const share = input.minorityProfitShare ?? null;
  if (share !== null && !(share < 1)) throw new ValuationError('IMPLIED_GROWTH_OUT_OF_RANGE', 'price');
  const equityBeforeMinorities =
    share === null ? price * input.totalShares + bridge.minority_interest : (price * input.totalShares) / (1 - share);
  const targetEv = equityBeforeMinorities - bridge.non_core_assets - bridge.cash + bridge.interest_bearing_liabilities;
  const stream = new Array<number>(input.years);
  const evAt = (growth: number) => {
    let fcf = baseFcf;
    for (let n = 0; n < input.years; n++) {
      stream[n] = fcf;
      fcf *= 1 + growth;
    }
    const nopat = baseNopat * (1 + growth) ** (input.years - 1);
    const terminal = { method, nopat, ronic: input.terminal?.ronic ?? null };
    return discountStream(stream, wacc, g, terminal, undefined, input.timing).enterpriseValue;
  };

  let [low, high] = IMPLIED_GROWTH_RANGE as unknown as [number, number];
  if (evAt(low) > targetEv || evAt(high) < targetEv) {
    throw new ValuationError('IMPLIED_GROWTH_OUT_OF_RANGE', 'price');
  }
  for (let iteration = 0; iteration < 100 && high - low > 1e-12; iteration++) {
    const middle = (low + high) / 2;
    if (evAt(middle) < targetEv) low = middle;
    else high = middle;
  }
  return { impliedGrowth: (low + high) / 2, impliedEnterpriseValue: targetEv };
}
