import { requireFinite, ValuationError } from '../../errors.ts';
import { percentText } from '../../message-format.ts';
import { discountFactors } from '../dcf.ts';

/**
 * The excess-return (residual income) model (docs/model.md): equity is worth its book value plus the
 * present value of what it earns above its cost of equity,
 *
 *   value = BV₀ + Σₜ (ROEₜ − Ke) × BVₜ₋₁ / (1 + Ke)ᵗ + [(ROE∞ − Ke) × BV_N / (Ke − g)] / (1 + Ke)ᴺ,
 *
 * with ROE fading linearly from its normalised level to the sustainable one over N years, and book value
 * growing at g (retention g / ROE, so g = ROE × (1 − payout)). Any one unit of amounts (亿元 for a company,
 * per share for a published example).
 */
export interface ExcessReturnInputs {
  /** Book equity of the ordinary shareholders at the start (BV₀). */
  readonly bookEquity: number;
  /** The ROE the first year starts from (the mean of recent years, bounded). */
  readonly normalisedRoe: number;
  /** The ROE reached in year N and earned forever after. */
  readonly sustainableRoe: number;
  readonly costOfEquity: number;
  /** Growth of book value, and of the excess return after year N. */
  readonly growth: number;
  /** Explicit years N (0: straight to the terminal value, as a one-stage model). */
  readonly years: number;
}

export interface ExcessReturnYear {
  /** 1..N. */
  readonly index: number;
  readonly opening_book_equity: number;
  readonly roe: number;
  readonly net_income: number;
  /** Dividends / net income = 1 − g / ROE; null when the net income is not positive. */
  readonly payout_ratio: number | null;
  readonly dividends: number;
  readonly closing_book_equity: number;
  readonly equity_charge: number;
  readonly excess_return: number;
  readonly discount_factor: number;
  readonly present_value: number;
}

export interface ExcessReturnValuation {
  readonly book_equity: number;
  readonly cost_of_equity: number;
  readonly growth: number;
  readonly years: readonly ExcessReturnYear[];
  /** Σ of the explicit years' present values. */
  readonly present_value_sum: number;
  readonly terminal: {
    /** The year after N: (ROE∞ − Ke) × BV_N. */
    readonly excess_return: number;
    /** At the end of year N: its excess return / (Ke − g). */
    readonly value: number;
    readonly present_value: number;
  };
  readonly equity_value: number;
  /** equity value / BV₀; null when book equity is not positive. */
  readonly implied_pb: number | null;
  /** The one-stage P/B of the normalised ROE: (ROE − g) / (Ke − g). */
  readonly justified_pb: number;
}

/** (ROE − g) / (Ke − g): the P/B at which a constant ROE, growth g and its retention are worth their price. */
export function justifiedPriceToBook(roe: number, costOfEquity: number, growth: number): number {
  return (roe - growth) / (costOfEquity - growth);
}

function checkedInputs(inputs: ExcessReturnInputs): ExcessReturnInputs {
  for (const [field, value] of Object.entries(inputs)) requireFinite(value, field);
  const { costOfEquity, growth, years } = inputs;
  if (costOfEquity <= growth) {
    throw new ValuationError(
      'COST_OF_EQUITY_NOT_ABOVE_GROWTH',
      'cost_of_equity',
      `Ke ${percentText(costOfEquity)} ≤ g ${percentText(growth)}`,
    );
  }
  if (costOfEquity <= -1) throw new ValuationError('INVALID_NUMBER', 'cost_of_equity', 'Ke ≤ -100%');
  if (!Number.isInteger(years) || years < 0) throw new ValuationError('INVALID_NUMBER', 'years', String(years));
  return inputs;
}

/** The ROE of explicit year t (1..N): linear from the normalised to the sustainable ROE, reached in year N. */
export function fadedRoe(inputs: Pick<ExcessReturnInputs, 'normalisedRoe' | 'sustainableRoe' | 'years'>, t: number) {
  const { normalisedRoe, sustainableRoe, years } = inputs;
  return normalisedRoe + ((sustainableRoe - normalisedRoe) * t) / years;
}

/** The excess-return value of an equity (see ExcessReturnInputs); refuses Ke ≤ g and non-finite inputs. */
export function excessReturnValuation(raw: ExcessReturnInputs): ExcessReturnValuation {
  const inputs = checkedInputs(raw);
  const { bookEquity, costOfEquity: ke, growth: g, years: n } = inputs;
  const factors = discountFactors(ke, n);
  const years: ExcessReturnYear[] = [];
  let book = bookEquity;
  let presentValueSum = 0;
  for (let t = 1; t <= n; t++) {
    const roe = fadedRoe(inputs, t);
    const netIncome = roe * book;
    const closing = book * (1 + g);
    const dividends = netIncome - (closing - book);
    const charge = ke * book;
    const excess = netIncome - charge;
    const factor = factors[t - 1] as number;
    presentValueSum += excess * factor;
    years.push({
      index: t,
      opening_book_equity: book,
      roe,
      net_income: netIncome,
      payout_ratio: netIncome > 0 ? dividends / netIncome : null,
      dividends,
      closing_book_equity: closing,
      equity_charge: charge,
      excess_return: excess,
      discount_factor: factor,
      present_value: excess * factor,
    });
    book = closing;
  }
  const terminalExcess = (inputs.sustainableRoe - ke) * book;
  const terminalValue = terminalExcess / (ke - g);
  const terminalPv = terminalValue * (n > 0 ? (factors[n - 1] as number) : 1);
  const equityValue = bookEquity + presentValueSum + terminalPv;
  return {
    book_equity: bookEquity,
    cost_of_equity: ke,
    growth: g,
    years,
    present_value_sum: presentValueSum,
    terminal: { excess_return: terminalExcess, value: terminalValue, present_value: terminalPv },
    equity_value: equityValue,
    implied_pb: bookEquity > 0 ? equityValue / bookEquity : null,
    justified_pb: justifiedPriceToBook(inputs.normalisedRoe, ke, g),
  };
}
