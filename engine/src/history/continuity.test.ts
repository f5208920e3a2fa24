import { describe, expect, it } from 'vitest';
import type { StatementYear } from '../statements/items.ts';
import {
  compareWorkingCapital,
  reportedFamilies,
  reportedFamiliesOfLines,
  WORKING_CAPITAL_FAMILIES,
  workingCapitalLines,
} from './continuity.ts';
import { analyseHistory } from './historical-rows.ts';

/** OWC of a year as the history rows compute it: every reported line, 应收款项融资 with 应收票据. */
function net(year: StatementYear): number {
  let total = 0;
  for (const family of WORKING_CAPITAL_FAMILIES) {
    for (const item of family.items) total += family.sign * (year[item] ?? 0);
  }
  return total;
}

const compare = (current: StatementYear, previous: StatementYear) =>
  compareWorkingCapital(2020, current, previous, net(current), net(previous));

describe('working-capital continuity', () => {
  it('compares reclassified lines as one family: 应收票据 → 应收款项融资 is no cash flow', () => {
    const result = compare(
      { Notes_Receivable: 2, receivables_financing: 8, Accounts_Receivable: 30 },
      { Notes_Receivable: 9, Accounts_Receivable: 30 },
    );
    expect(result.gaps).toEqual([]);
    expect(result.change).toBeCloseTo(1, 12);
  });

  it('compares 预收款项 → 合同负债 and 存货/应收账款 → 合同资产 as families', () => {
    const result = compare(
      { Contract_Liabilities: 12, Inventories: 20, Contract_Assets: 6, Accounts_Receivable: 10 },
      { Advances_From_Customers: 11, Inventories: 25, Accounts_Receivable: 10 },
    );
    expect(result.gaps).toEqual([]);
    // Assets 36 vs 35 (+1), liabilities 12 vs 11 (−1): no change.
    expect(result.change).toBeCloseTo(0, 12);
  });

  it('leaves a vanished line out of both years and records it', () => {
    const result = compare({ Accounts_Receivable: 32 }, { Notes_Receivable: 10, Accounts_Receivable: 30 });
    // Without the rule: 32 − 40 = −8, a phantom release of 10.
    expect(result.change).toBeCloseTo(2, 12);
    expect(result.gaps).toEqual([
      { year: 2020, kind: 'vanished', items: ['Notes_Receivable'], label: '应收票据', amount: 10 },
    ]);
  });

  it('leaves an appeared line out of both years and records it', () => {
    const result = compare({ Accounts_Payable: 5, Taxes_Payable: 3 }, { Accounts_Payable: 4 });
    expect(result.change).toBeCloseTo(-1, 12);
    expect(result.gaps).toMatchObject([{ kind: 'appeared', items: ['Taxes_Payable'], amount: 3 }]);
  });

  it('records nothing when the line that goes was zero', () => {
    const result = compare({ Accounts_Receivable: 30 }, { Notes_Receivable: 0, Accounts_Receivable: 30 });
    expect(result.gaps).toEqual([]);
    expect(result.change).toBe(0);
  });

  it('marks the families a year reports', () => {
    expect(reportedFamilies({})).toBe(0);
    expect(reportedFamilies({ receivables_financing: 1 })).toBe(1);
  });

  it('runs through the history: the row keeps every line, ΔOWC compares like with like', () => {
    const year = (notes: number | undefined, receivables: number): StatementYear => ({
      operating_revenue: 100,
      operating_cost: 60,
      ...(notes === undefined ? {} : { Notes_Receivable: notes }),
      Accounts_Receivable: receivables,
    });
    const { rows, gaps } = analyseHistory({
      code: '',
      name: '',
      years: { 2019: year(10, 30), 2020: year(undefined, 32) },
    });
    expect(rows[1]?.Notes_Receivable).toBe(0);
    expect(rows[1]?.Operating_Working_Capital).toBe(32);
    expect(rows[1]?.Change_In_Operating_WC).toBeCloseTo(2, 12);
    expect(gaps).toHaveLength(1);
  });

  it('reads every family line into workingCapitalLines, whose mask by position equals the mask by key', () => {
    const lines = WORKING_CAPITAL_FAMILIES.flatMap((family) => family.items);
    expect(Object.keys(workingCapitalLines({})).sort()).toEqual([...lines].sort());
    // Every subset of the lines, reported as 1, 0 or NaN (not reported).
    for (let subset = 0; subset < 1 << lines.length; subset += 7) {
      const year: StatementYear = {};
      lines.forEach((line, index) => {
        if (subset & (1 << index)) year[line] = index % 3 === 0 ? 0 : index % 3 === 1 ? 1 : Number.NaN;
      });
      expect(reportedFamiliesOfLines(workingCapitalLines(year))).toBe(reportedFamilies(year));
    }
  });
});
