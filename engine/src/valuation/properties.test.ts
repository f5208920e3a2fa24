import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DRIVER_KEYS } from '../forecast/drivers.ts';
import type { CompanyStatements, StatementYear } from '../statements/items.ts';
import { SAMPLE_COMPANY } from '../testing/sample-company.ts';
import { valueCompany } from './company-valuation.ts';
import { discountCashFlows } from './dcf.ts';

const relativeClose = (actual: number, expected: number, tolerance = 1e-9) =>
  Math.abs(actual - expected) <= tolerance * Math.max(1, Math.abs(expected));

const amount = fc.double({ min: -1e4, max: 1e4, noNaN: true, noDefaultInfinity: true });
const bridgeArbitrary = fc.record({
  non_core_assets: fc.double({ min: 0, max: 1e4, noNaN: true }),
  cash: fc.double({ min: 0, max: 1e4, noNaN: true }),
  interest_bearing_liabilities: fc.double({ min: 0, max: 1e4, noNaN: true }),
  minority_interest: fc.double({ min: 0, max: 1e3, noNaN: true }),
});
/** g in −5%..6%, WACC at least 0.1 pt above it and at most 30%. */
const ratesArbitrary = fc
  .record({
    g: fc.double({ min: -0.05, max: 0.06, noNaN: true }),
    spread: fc.double({ min: 0.001, max: 0.25, noNaN: true }),
  })
  .map(({ g, spread }) => ({ g, wacc: g + spread }));

describe('DCF identities (property)', () => {
  it('EV = ΣPV + PV(TV), and equity = EV + non-core + cash − debt − minority, to 1e-9 relative', () => {
    fc.assert(
      fc.property(
        fc.array(amount, { minLength: 1, maxLength: 10 }),
        ratesArbitrary,
        bridgeArbitrary,
        fc.double({ min: 0.01, max: 1e3, noNaN: true }),
        (fcf, { wacc, g }, bridge, shares) => {
          const result = discountCashFlows({
            fcf,
            firstYear: 2025,
            wacc,
            terminalGrowth: g,
            bridge,
            totalShares: shares,
          });
          const pvSum = result.forecast.reduce((sum, row) => sum + row.discounted_fcf, 0);
          const scale = Math.max(...fcf.map(Math.abs), 1) / (wacc - g);
          expect(Math.abs(result.valuation.enterprise_value - (pvSum + result.terminal_pv))).toBeLessThanOrEqual(
            1e-9 * Math.max(1, scale),
          );
          expect(
            relativeClose(
              result.valuation.equity_value,
              result.valuation.enterprise_value +
                bridge.non_core_assets +
                bridge.cash -
                bridge.interest_bearing_liabilities -
                bridge.minority_interest,
            ),
          ).toBe(true);
          expect(
            relativeClose((result.valuation.value_per_share ?? Number.NaN) * shares, result.valuation.equity_value),
          ).toBe(true);
          result.forecast.forEach((row, index) => {
            expect(relativeClose(row.discount_factor, (1 + wacc) ** -(index + 1))).toBe(true);
          });
        },
      ),
      { numRuns: 500 },
    );
  });

  it('the bridge lines, enterprise value first, sum exactly to the equity value', () => {
    const line = fc.record({
      item: fc.constantFrom('cash' as const, 'lease_liabilities' as const, 'other_equity_instruments' as const),
      label: fc.string(),
      amount: amount,
    });
    fc.assert(
      fc.property(
        fc.array(amount, { minLength: 1, maxLength: 10 }),
        ratesArbitrary,
        fc.array(line, { maxLength: 20 }),
        (fcf, { wacc, g }, lines) => {
          const result = discountCashFlows({
            fcf,
            firstYear: 2025,
            wacc,
            terminalGrowth: g,
            bridge: { non_core_assets: 0, cash: 0, interest_bearing_liabilities: 0, minority_interest: 0 },
            bridgeLines: lines,
            totalShares: 10,
          });
          expect(result.bridge.reduce((sum, entry) => sum + entry.amount, 0)).toBe(result.valuation.equity_value);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('value per share falls strictly as WACC rises (g fixed) for positive FCF', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0.01, max: 1e4, noNaN: true }), { minLength: 1, maxLength: 10 }),
        ratesArbitrary,
        fc.double({ min: 0.001, max: 0.1, noNaN: true }),
        bridgeArbitrary,
        (fcf, { wacc, g }, rise, bridge) => {
          const value = (rate: number) =>
            discountCashFlows({ fcf, firstYear: 2025, wacc: rate, terminalGrowth: g, bridge, totalShares: 10 })
              .valuation.value_per_share ?? Number.NaN;
          expect(value(wacc + rise)).toBeLessThan(value(wacc));
        },
      ),
      { numRuns: 500 },
    );
  });
});

/** The sample company with every figure scaled by a per-year factor, so ratios differ between years. */
const companyArbitrary = fc
  .array(fc.double({ min: 0.5, max: 1.5, noNaN: true }), { minLength: 4, maxLength: 4 })
  .map((factors): CompanyStatements => {
    const years: Record<number, StatementYear> = {};
    Object.entries(SAMPLE_COMPANY.years).forEach(([year, figures], index) => {
      const factor = factors[index] as number;
      years[Number(year)] = Object.fromEntries(
        Object.entries(figures).map(([key, figure], itemIndex) => [key, figure * (itemIndex % 2 ? factor : 1)]),
      ) as StatementYear;
    });
    return { ...SAMPLE_COMPANY, years };
  });

describe('the whole model (property)', () => {
  it('value per share falls strictly as WACC rises (g fixed) while the FCF is positive', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.05, max: 0.2, noNaN: true }),
        fc.double({ min: 0.001, max: 0.05, noNaN: true }),
        (wacc, rise) => {
          const value = (rate: number) =>
            valueCompany({ statements: SAMPLE_COMPANY, parameters: { wacc_manual: rate }, sensitivity: false }).dcf
              ?.valuation.value_per_share as number;
          expect(value(wacc + rise)).toBeLessThan(value(wacc));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('an override in year y changes no year before y, and holds from y on until reset', () => {
    fc.assert(
      fc.property(
        companyArbitrary,
        fc.constantFrom(...DRIVER_KEYS),
        fc.integer({ min: 2025, max: 2029 }),
        fc.double({ min: -0.2, max: 0.6, noNaN: true }),
        (statements, key, year, value) => {
          const base = valueCompany({ statements, parameters: { wacc_manual: 0.1 }, sensitivity: false });
          const adjusted = valueCompany({
            statements,
            parameters: { wacc_manual: 0.1 },
            overrides: { [year]: { [key]: value } },
            sensitivity: false,
          });
          for (const [index, row] of adjusted.forecast.entries()) {
            if (row.year < year) expect(row).toEqual(base.forecast[index]);
            else {
              expect(row[key]).toBe(value);
              expect(row.sources[key]).toBe(row.year === year ? 'user_set' : 'inherited');
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
