import { describe, expect, it } from 'vitest';
import { itemMeasure, lookupItem, lossSign, normaliseLabel, reportTypeByLabels } from './synonyms.ts';

describe('normaliseLabel', () => {
  it.each([
    ['营业收入(万元)', '营业收入'],
    ['其中：营业收入', '营业收入'],
    ['减:营业成本', '营业成本'],
    ['加：投资收益（损失以“－”号填列）', '投资收益'],
    ['一、营业总收入', '营业总收入'],
    ['(二)营业利润', '营业利润'],
    ['实收资本（或股本）', '实收资本或股本'],
    ['货币资金：', '货币资金'],
    [' 存 货 ', '存货'],
  ])('%s → %s', (label, normalised) => {
    expect(normaliseLabel(label)).toBe(normalised);
  });
});

describe('lookupItem', () => {
  it.each([
    ['income_statement', '主营业务收入(万元)', 'operating_revenue'],
    ['income_statement', '税金及附加', 'tax_expenses'],
    ['income_statement', '归母净利润', 'net_profit_parent'],
    ['income_statement', '所得税', 'income_tax'],
    ['balance_sheet', '预付账款', 'Prepayments'],
    ['balance_sheet', '预收款项', 'Advances_From_Customers'],
    ['balance_sheet', '实收资本(或股本)(万元)', 'share_capital'],
    ['balance_sheet', '所有者权益（或股东权益）合计', 'total_equity'],
    ['balance_sheet', '股东权益不含少数股东权益', 'parent_equity'],
    ['cash_flow', '购建固定资产、无形资产和其他长期资产支付的现金', 'Cash_Paid_For_Acquisition_Assets'],
    ['cash_flow', '固定资产折旧、油气资产折耗、生产性生物资产折旧', 'depreciation_fixed_assets'],
    ['cash_flow', '经营活动产生现金流量净额(万元)', 'operating_cash_flow'],
    ['financial_summary', '净利润(扣除非经常性损益后)(万元)', 'net_profit_deducted'],
    ['financial_summary', '净利润(万元)', 'net_profit_parent'],
    ['financial_summary', '流动资产(万元)', 'current_assets_total'],
    ['financial_summary', '净资产收益率加权(%)', 'weighted_roe_percent'],
  ] as const)('%s: %s → %s', (reportType, label, item) => {
    expect(lookupItem(reportType, label)).toBe(item);
  });

  it('leaves combined and supplementary lines unmapped', () => {
    expect(lookupItem('balance_sheet', '应收票据及应收账款')).toBeUndefined();
    expect(lookupItem('cash_flow', '净利润(万元)')).toBeUndefined();
    expect(lookupItem('cash_flow', '财务费用(万元)')).toBeUndefined();
  });
});

describe('reportTypeByLabels', () => {
  it('picks the statement whose vocabulary recognises the most labels', () => {
    expect(reportTypeByLabels(['货币资金', '存货', '营业收入'])).toBe('balance_sheet');
    expect(reportTypeByLabels(['主营业务收入', '总资产', '流动负债', '每股净资产'])).toBe('financial_summary');
    expect(reportTypeByLabels(['员工人数'])).toBeUndefined();
  });
});

describe('itemMeasure', () => {
  it('keeps per-share figures and percentages out of the 亿元 conversion', () => {
    expect(itemMeasure('eps_basic')).toBe('per-share');
    expect(itemMeasure('book_value_per_share')).toBe('per-share');
    expect(itemMeasure('weighted_roe_percent')).toBe('percent');
    expect(itemMeasure('operating_revenue')).toBe('amount');
  });
});

describe('lossSign', () => {
  it.each([
    ['资产减值损失', 'asset_impairment_loss', 1],
    ['资产减值损失（损失以“-”号填列）', 'asset_impairment_loss', -1],
    ['信用减值损失(损失以"－"号填列)', 'credit_impairment_loss', -1],
    ['投资收益（损失以“－”号填列）', 'investment_income', 1],
  ] as const)('%s (%s) → %d', (label, item, sign) => {
    expect(lossSign(item, label)).toBe(sign);
  });

  it('maps the new lines: 信用减值损失, 其他收益, 其他流动资产 and the parent’s equity lines', () => {
    expect(lookupItem('income_statement', '信用减值损失（损失以“-”号填列）')).toBe('credit_impairment_loss');
    expect(lookupItem('income_statement', '加：其他收益')).toBe('other_income');
    expect(lookupItem('balance_sheet', '其他流动资产(万元)')).toBe('other_current_assets');
    expect(lookupItem('balance_sheet', '减:库存股(万元)')).toBe('treasury_shares');
    expect(lookupItem('balance_sheet', '外币报表折算差额(万元)')).toBe('other_comprehensive_income');
  });
});
