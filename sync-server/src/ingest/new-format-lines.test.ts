import { type CompanyStatements, ITEM_LABELS, REPORT_TYPES, STATEMENT_ITEMS, valueCompany } from '@fcf/engine';
import { describe, expect, it } from 'vitest';
import { INGEST_ERRORS } from './errors.ts';
import { parseStatementFile } from './parse-statement-file.ts';
import { lookupItem } from './synonyms.ts';
import { fixtureDirectory, workbookBytes } from './testing/ingest-fixtures.ts';

/**
 * The lines of the post-2018 statement formats (new financial-instrument, revenue and lease standards) and
 * of financial businesses, as a current export of a balance sheet carries them: each is mapped, and the
 * model uses it (an export's 总股本 line as the share count).
 */
describe('new-format balance-sheet lines', () => {
  it.each([
    ['应收款项融资(万元)', 'receivables_financing'],
    ['合同资产', 'Contract_Assets'],
    ['合同负债', 'Contract_Liabilities'],
    ['使用权资产', 'right_of_use_assets'],
    ['租赁负债', 'lease_liabilities'],
    ['其他权益工具', 'other_equity_instruments'],
    ['其他权益工具投资', 'other_equity_instrument_investments'],
    ['应付短期债券(万元)', 'short_term_bonds_payable'],
    ['长期应付款(万元)', 'long_term_payables'],
    ['长期应付款(合计)', 'long_term_payables'],
    ['其他应收款(合计)', 'Other_Receivables'],
    ['吸收存款及同业存放(万元)', 'customer_deposits'],
    ['保险合同准备金(万元)', 'insurance_contract_reserves'],
    ['代理买卖证券款(万元)', 'brokerage_client_deposits'],
    ['期末总股本(万股)', 'total_shares'],
  ] as const)('%s → %s', (label, item) => {
    expect(lookupItem('balance_sheet', label)).toBe(item);
  });

  it('leaves the sub-lines of 其他权益工具 unmapped, so nothing counts twice', () => {
    expect(lookupItem('balance_sheet', '其中：优先股')).toBeUndefined();
    expect(lookupItem('balance_sheet', '永续债')).toBeUndefined();
  });

  it('recognises every item the model reads by the name the engine shows it under', () => {
    const unmapped = STATEMENT_ITEMS.filter((item) => {
      // The engine's label may explain itself in brackets: '其他权益工具（永续债、优先股）'.
      const labels = [ITEM_LABELS[item], ITEM_LABELS[item].replace(/（[^）]*）$/, '')];
      return !REPORT_TYPES.some((reportType) => labels.some((label) => lookupItem(reportType, label) === item));
    });
    expect(unmapped).toEqual([]);
  });

  it('reads the total shares in the financial summary as well', () => {
    expect(lookupItem('financial_summary', '总股本(亿股)')).toBe('total_shares');
  });
});

const balanceSheet = (shareLabel: string, shares: number) =>
  workbookBytes([
    {
      name: '资产负债表',
      rows: [
        ['浙江美大(002677) 资产负债表'],
        ['单位：万元'],
        ['项目', '2024-12-31', '2023-12-31'],
        ['货币资金', 50000, 40000],
        ['应收票据', 1000, 4000],
        ['应收款项融资', 3500, ''],
        ['应收账款', 8000, 7000],
        ['存货', 9000, 8000],
        ['合同资产', 1200, ''],
        ['使用权资产', 2400, 2000],
        ['应付账款', 6000, 5500],
        ['预收款项', 300, 2600],
        ['合同负债', 2500, ''],
        ['短期借款', 1000, 1000],
        ['应付短期债券', 2000, ''],
        ['租赁负债', 1800, 1500],
        ['长期应付款', 700, 800],
        ['其他权益工具', 10000, 10000],
        ['其中：永续债', 10000, 10000],
        ['实收资本(或股本)', 64600, 64600],
        [shareLabel, shares, shares],
      ],
    },
  ]);

describe('a new-format balance sheet through ingest and the model', () => {
  const outcome = parseStatementFile(
    '002677-资产负债表.xlsx',
    balanceSheet('期末总股本(万股)', 64600),
    fixtureDirectory(),
  );
  if (!outcome.ok) throw new Error(outcome.error);
  const latest = outcome.file.reports[0]?.years[2024];

  it('maps every line, in 亿元 and 亿股', () => {
    expect(latest).toMatchObject({
      receivables_financing: 0.35,
      Contract_Assets: 0.12,
      right_of_use_assets: 0.24,
      Contract_Liabilities: 0.25,
      short_term_bonds_payable: 0.2,
      lease_liabilities: 0.18,
      long_term_payables: 0.07,
      other_equity_instruments: 1,
      total_shares: 6.46,
    });
    expect(outcome.file.unrecognised).toEqual(['其中：永续债']);
  });

  it('converts a count in 股, or in the sheet’s scale when the label states none', () => {
    const inShares = parseStatementFile('002677.xlsx', balanceSheet('总股本(股)', 646000000), fixtureDirectory());
    const inSheetScale = parseStatementFile('002677.xlsx', balanceSheet('总股本', 64600), fixtureDirectory());
    for (const parsed of [inShares, inSheetScale]) {
      if (!parsed.ok) throw new Error(parsed.error);
      expect(parsed.file.reports[0]?.years[2024]?.total_shares).toBe(6.46);
    }
  });

  it('refuses a count whose unit it cannot tell', () => {
    const bytes = workbookBytes([
      {
        name: '资产负债表',
        rows: [
          ['项目', '2024-12-31'],
          ['货币资金(万元)', 1],
          ['总股本', 646000000],
        ],
      },
    ]);
    const parsed = parseStatementFile('002677.xlsx', bytes, fixtureDirectory());
    expect(parsed.ok ? '' : parsed.error).toBe(INGEST_ERRORS.unknownShareUnit);
  });

  it('feeds the model: reclassified families compare as sums, claims are debt, the count is the statement’s', () => {
    const income = { operating_revenue: 20, operating_cost: 12, total_profit: 4, income_tax: 1 };
    const statements: CompanyStatements = {
      code: '002677',
      name: '浙江美大',
      years: {
        2023: { ...outcome.file.reports[0]?.years[2023], ...income },
        2024: { ...latest, ...income },
      },
    };
    const valuation = valueCompany({ statements, parameters: { wacc_manual: 0.09 } });
    const row = valuation.history[1];
    // 应收票据 + 应收款项融资 = 0.45 (2023: 0.40); 预收款项 + 合同负债 = 0.28 (2023: 0.26): no gap.
    expect(row?.Notes_Receivable).toBeCloseTo(0.45, 12);
    expect(valuation.lineGaps.map((gap) => gap.label)).toEqual([]);
    expect(valuation.bridge.interest_bearing_liabilities).toBeCloseTo(0.1 + 0.2 + 0.18 + 0.07 + 1, 12);
    expect(valuation.parameters).toMatchObject({ total_shares: 6.46, total_shares_source: 'statement' });
  });
});
