import type { BasicInfoView } from '../basic-info-view.ts';
import { EMPTY, formatWithUnit } from '../format.ts';
import type { HistoryModuleSpec, TableRowSpec } from './spec-types.ts';

/** What the page shows where a price would be, until quotes reach the report. */
export const NO_PRICE_TEXT = '暂无行情数据';

function textRow(key: string, label: string, text: string): TableRowSpec {
  return { key, label, unit: 'amount', toneKind: 'level', values: [null], texts: [text], tones: ['neutral'] };
}

const BASIS_TEXT: Record<BasicInfoView['latest_basis'], string> = {
  statements: '三大报表',
  summary: '仅财务摘要',
};

/** 公司基本信息 as a two-column table (项目, 内容), with the data warnings listed after it. */
export function basicInfoSpec(view: BasicInfoView): HistoryModuleSpec {
  const industry = [view.industry, view.sub_industry, view.industry_code ? `（${view.industry_code}）` : '']
    .filter((part) => part)
    .join(' / ')
    .replace(' / （', '（');
  const shares =
    view.total_shares > 0
      ? `${formatWithUnit('shares', view.total_shares)}（来源：${view.total_shares_source}${view.total_shares_date ? `，${view.total_shares_date}` : ''}）`
      : `缺失（${view.total_shares_source}）`;
  return {
    empty: null,
    tables: [
      {
        id: 'basic-info',
        fixedColumns: true,
        caption: '公司基本信息',
        labelHeader: '项目',
        columns: ['内容'],
        rows: [
          textRow('code', '股票代码', view.code || EMPTY),
          textRow('name', '公司名称', view.name),
          textRow('market', '上市板块', view.market ?? '市场列表中无此公司'),
          textRow('listed_on', '上市日期', view.listed_on ?? EMPTY),
          textRow('industry', '国标行业 / 细分行业', industry || EMPTY),
          view.latest_report_label.endsWith('年报')
            ? textRow(
                'latest_report',
                '最新年报',
                `${view.latest_report_date}（${BASIS_TEXT[view.latest_basis]}，共${view.reported_years}个年度）`,
              )
            : textRow(
                'latest_report',
                '最新报告期',
                `${view.latest_report_date}（${view.latest_report_label}，以滚动十二个月为估值基期；${BASIS_TEXT[view.latest_basis]}，另有${view.reported_years}个年度）`,
              ),
          textRow('total_shares', '总股本', shares),
          textRow(
            'price',
            '股价',
            view.price ? `${formatWithUnit('yuan', view.price.price)}（${view.price.date}）` : NO_PRICE_TEXT,
          ),
          textRow(
            'market_cap',
            '总市值',
            view.market_cap === null ? NO_PRICE_TEXT : formatWithUnit('amount', view.market_cap),
          ),
        ],
      },
    ],
    notice: view.warnings.length > 0 ? { text: '数据提示', items: view.warnings } : null,
    hints: [],
    charts: [],
  };
}
