import type { CoreMenuItem } from '@fcf/engine/report';

// What the first screen needs of the menus before the offline copy is opened (menus.ts reads and keeps them).

/** Fired when this browser learns of a new top menu (an admin edited it): the navigation reloads. */
export const TOP_MENUS_CHANGED = 'fcf:top-menus-changed';

/** What the report page reads of a report-section menu item. */
export type ReportSectionMenu = Pick<CoreMenuItem, 'id' | 'name' | 'path' | 'order_index'>;

/** The report sections of the built-in menu, used when the server's cannot be had. */
export const FALLBACK_CORE_MENUS: readonly ReportSectionMenu[] = [
  { id: -6, name: '公司基本信息', path: 'basic-info', order_index: 1 },
  { id: -11, name: '估值与股息', path: 'valuation-summary', order_index: 2 },
  { id: -1, name: 'ROE-ROIC分析', path: 'roe-roic', order_index: 3 },
  { id: -7, name: '成长能力', path: 'growth', order_index: 3.5 },
  { id: -2, name: '盈利能力分析', path: 'profitability', order_index: 4 },
  { id: -8, name: '抗风险能力', path: 'risk', order_index: 4.2 },
  { id: -10, name: '行业对比', path: 'industry-comparison', order_index: 4.4 },
  { id: -3, name: '自由现金流结构', path: 'fcf-structure', order_index: 4.5 },
  { id: -4, name: 'FCF比率研究', path: 'fcf-ratio', order_index: 4.8 },
  { id: -5, name: 'DCF估值', path: 'fcf-valuation', order_index: 5 },
  { id: -9, name: '敏感性分析', path: 'sensitivity', order_index: 5.5 },
  { id: -12, name: 'PE估值', path: 'pe-valuation', order_index: 6 },
];
