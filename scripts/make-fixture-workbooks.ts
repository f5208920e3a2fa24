/**
 * Writes the sample workbooks of fixtures/workbooks/ from the data modules of scripts/fixture-data/
 * (`npx tsx scripts/make-fixture-workbooks.ts`). Each company gets a deliberately different, realistic layout so
 * the importer is exercised on all of them:
 *   美的集团  items in rows, title row + '单位：亿元' row, header '项目' + '2024-12-31' … '2015-12-31' (newest first);
 *   格力电器  items in rows, amounts in 万元 with the unit in each label, header '报告日期' + 2024 … 2015 as numbers;
 *   海尔智家  items in columns, A1 '单位：亿元', header row 2 '年度' + labels, rows '2015年' … '2024年' (oldest first).
 * Items not reported in a year are left as empty cells.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { GREE_000651 } from './fixture-data/gree-000651.ts';
import { HAIER_600690 } from './fixture-data/haier-600690.ts';
import { MIDEA_000333 } from './fixture-data/midea-000333.ts';

/** The fiscal years of every series, in the order of the data modules' arrays. */
export const FIXTURE_YEARS = [2015, 2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024] as const;

/** Sheet names and their items (A-share labels), in the order they are written. */
export const FIXTURE_STATEMENTS = {
  利润表: [
    '营业总收入',
    '营业收入',
    '营业成本',
    '税金及附加',
    '销售费用',
    '管理费用',
    '研发费用',
    '财务费用',
    '资产减值损失',
    '投资收益',
    '公允价值变动收益',
    '营业利润',
    '营业外收入',
    '营业外支出',
    '利润总额',
    '所得税费用',
    '净利润',
    '归属于母公司所有者的净利润',
    '少数股东损益',
    '基本每股收益(元)',
  ],
  资产负债表: [
    '货币资金',
    '交易性金融资产',
    '衍生金融资产',
    '应收票据',
    '应收账款',
    '预付款项',
    '其他应收款',
    '存货',
    '合同资产',
    '其他流动资产',
    '流动资产合计',
    '可供出售金融资产',
    '其他权益工具投资',
    '其他非流动金融资产',
    '长期股权投资',
    '投资性房地产',
    '固定资产',
    '在建工程',
    '无形资产',
    '商誉',
    '资产总计',
    '短期借款',
    '应付票据',
    '应付账款',
    '预收款项',
    '合同负债',
    '应付职工薪酬',
    '应交税费',
    '一年内到期的非流动负债',
    '流动负债合计',
    '长期借款',
    '应付债券',
    '负债合计',
    '实收资本(或股本)',
    '归属于母公司所有者权益合计',
    '少数股东权益',
    '所有者权益合计',
  ],
  现金流量表: [
    '经营活动产生的现金流量净额',
    '购建固定资产、无形资产和其他长期资产支付的现金',
    '投资活动产生的现金流量净额',
    '筹资活动产生的现金流量净额',
    '固定资产折旧、油气资产折耗、生产性生物资产折旧',
    '使用权资产折旧',
    '无形资产摊销',
    '长期待摊费用摊销',
  ],
  主要财务指标: [
    '基本每股收益(元)',
    '每股净资产(元)',
    '营业收入',
    '归属于母公司所有者的净利润',
    '扣除非经常性损益后的净利润',
    '经营活动产生的现金流量净额',
    '净资产收益率加权(%)',
  ],
} as const;

export type StatementName = keyof typeof FIXTURE_STATEMENTS;
export type StatementLabel<S extends StatementName> = (typeof FIXTURE_STATEMENTS)[S][number];
/** One value per year of FIXTURE_YEARS (亿元, 元 or %); null = not reported that year. */
export type Series = readonly (number | null)[];

export interface CompanyFixture {
  code: string;
  name: string;
  statements: { [S in StatementName]: Record<StatementLabel<S>, Series> };
}

type Cell = string | number | null;
type Layout = (company: CompanyFixture, sheet: StatementName) => Cell[][];

const SHEETS = Object.keys(FIXTURE_STATEMENTS) as StatementName[];

/** [label, series] pairs of one sheet, in FIXTURE_STATEMENTS order. */
function items(company: CompanyFixture, sheet: StatementName): [string, Series][] {
  const data: Record<string, Series> = company.statements[sheet];
  return FIXTURE_STATEMENTS[sheet].map((label) => [label, data[label] ?? []]);
}

/** 美的: title, unit row, '项目' + dates newest first, one item per row. */
const rowsNewestFirst: Layout = (company, sheet) => {
  const order = FIXTURE_YEARS.map((_, i) => i).reverse();
  return [
    [`${company.name}(${company.code}) ${sheet}`],
    ['单位：亿元'],
    ['项目', ...order.map((i) => `${FIXTURE_YEARS[i]}-12-31`)],
    ...items(company, sheet).map(([label, series]) => [label, ...order.map((i) => series[i] ?? null)]),
  ];
};

/** 格力: '报告日期' + bare years newest first; amounts in 万元 (integers), unit in each label. */
const rowsInWan: Layout = (company, sheet) => {
  const order = FIXTURE_YEARS.map((_, i) => i).reverse();
  return [
    ['报告日期', ...order.map((i) => FIXTURE_YEARS[i] ?? null)],
    ...items(company, sheet).map(([label, series]) => {
      const perShareOrRatio = label.endsWith('(元)') || label.endsWith('(%)');
      const toCell = (v: number | null | undefined): Cell =>
        v == null ? null : perShareOrRatio ? v : Math.round(v * 10000);
      return [perShareOrRatio ? label : `${label}(万元)`, ...order.map((i) => toCell(series[i]))];
    }),
  ];
};

/** 海尔: items in columns; A1 the unit, header row 2 '年度' + labels, one row per year oldest first. */
const columnsOldestFirst: Layout = (company, sheet) => {
  const pairs = items(company, sheet);
  return [
    ['单位：亿元'],
    ['年度', ...pairs.map(([label]) => label)],
    ...FIXTURE_YEARS.map((year, i) => [`${year}年`, ...pairs.map(([, series]) => series[i] ?? null)]),
  ];
};

const WORKBOOKS: [CompanyFixture, Layout][] = [
  [MIDEA_000333, rowsNewestFirst],
  [GREE_000651, rowsInWan],
  [HAIER_600690, columnsOldestFirst],
];

const OUT_DIR = path.join(import.meta.dirname, '..', 'fixtures', 'workbooks');
mkdirSync(OUT_DIR, { recursive: true });
for (const [company, layout] of WORKBOOKS) {
  const workbook = XLSX.utils.book_new();
  for (const sheet of SHEETS) {
    const worksheet = XLSX.utils.aoa_to_sheet(layout(company, sheet));
    worksheet['!cols'] = [{ wch: 28 }];
    XLSX.utils.book_append_sheet(workbook, worksheet, sheet);
  }
  const file = path.join(OUT_DIR, `${company.code}-${company.name}.xlsx`);
  writeFileSync(file, XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx', compression: true }));
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}
