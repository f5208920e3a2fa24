/**
 * The report's sections in the default menu's order: the one list the report page, the PDF, the built-in
 * menu (the app's fallback and the server's seed) and the API's section routes are made from
 * (docs/requirements.md#report-modules). Data only: the contract's schemas read it, so it imports nothing.
 *
 * - `path`: the section's anchor, test hook and menu path.
 * - `title`: its heading where no menu names it (the PDF, the list of modules).
 * - `kind`: how it is drawn: from a HistoryModuleSpec (specs/report-specs.ts), the DCF module, or the grid.
 * - `menu`: the built-in menu item (name, sort order, description).
 * - `route`: the API route that answers it.
 */
export const REPORT_SECTIONS = [
  {
    path: 'basic-info',
    title: '公司基本信息',
    kind: 'history',
    menu: {
      name: '公司基本信息',
      order: 1,
      description: '代码、上市板块与日期、国标行业、最新年报、总股本及来源、数据提示',
    },
    route: '/home/basic_info/:company',
  },
  {
    path: 'valuation-summary',
    title: '估值与股息',
    kind: 'history',
    menu: {
      name: '估值与股息',
      order: 2,
      description: '每股价值与现价、安全边际、市盈率、市净率、FCF收益率、EV/EBIT、股息率',
    },
    route: '/home/valuation_summary/:company',
  },
  {
    path: 'roe-roic',
    title: 'ROE-ROIC 分析',
    kind: 'history',
    menu: { name: 'ROE-ROIC分析', order: 3, description: '净资产收益率与投入资本回报率' },
    route: '/home/financial_analysis/:company',
  },
  {
    path: 'growth',
    title: '成长能力',
    kind: 'history',
    menu: { name: '成长能力', order: 3.5, description: '3/5/10年复合增长率、增长年份占比、盈利质量' },
    route: '/home/growth/:company',
  },
  {
    path: 'profitability',
    title: '盈利能力分析',
    kind: 'history',
    menu: { name: '盈利能力分析', order: 4, description: '营业收入、毛利率、净利率及增长' },
    route: '/home/financial_analysis/:company',
  },
  {
    path: 'risk',
    title: '抗风险能力',
    kind: 'history',
    menu: {
      name: '抗风险能力',
      order: 4.2,
      description: '资产负债率、有息负债、利息保障倍数、流动与速动比率',
    },
    route: '/home/risk/:company',
  },
  {
    path: 'industry-comparison',
    title: '行业对比',
    kind: 'history',
    menu: { name: '行业对比', order: 4.4, description: '在国标行业中的分位与行业中位数、行业营收前10名' },
    route: '/home/industry_comparison/:company',
  },
  {
    path: 'fcf-structure',
    title: '自由现金流结构',
    kind: 'history',
    menu: { name: '自由现金流结构', order: 4.5, description: 'NOPAT、非现金成本、营运资本变动、资本开支' },
    route: '/home/fcf_structure/:company',
  },
  {
    path: 'fcf-ratio',
    title: '自由现金流比率',
    kind: 'history',
    menu: { name: 'FCF比率研究', order: 4.8, description: 'FCF/营收、FCF/EV、FCF/资本开支、FCF/归母净利润' },
    route: '/home/fcf_ratio/:company',
  },
  {
    path: 'fcf-valuation',
    title: 'DCF 估值',
    kind: 'dcf',
    menu: { name: 'DCF估值', order: 5, description: '未来五年自由现金流折现估值' },
    route: '/home/dcf_valuation/:company',
  },
  {
    path: 'sensitivity',
    title: '敏感性分析',
    kind: 'sensitivity',
    menu: { name: '敏感性分析', order: 5.5, description: '每股价值随 WACC 与永续增长率的变化' },
    route: '/home/dcf_valuation/:company',
  },
  {
    path: 'pe-valuation',
    title: 'PE估值',
    kind: 'history',
    menu: {
      name: 'PE估值',
      order: 6,
      description: '历年年末市盈率与市净率、按行业中位数倍数的每股价值与DCF对照',
    },
    route: '/home/pe_valuation/:company',
  },
] as const;

export type ReportSection = (typeof REPORT_SECTIONS)[number];
export type ReportModulePath = ReportSection['path'];
/** The sections drawn from a HistoryModuleSpec (tables, notice, hints, charts); the other two have their own. */
export type HistoryModulePath = Extract<ReportSection, { kind: 'history' }>['path'];

export const REPORT_MODULE_PATHS = REPORT_SECTIONS.map((section) => section.path) as [
  ReportModulePath,
  ...ReportModulePath[],
];

/** Each section's heading where no menu names it (the PDF's headings, the list of modules). */
export const REPORT_MODULE_TITLES = Object.fromEntries(
  REPORT_SECTIONS.map((section) => [section.path, section.title]),
) as Record<ReportModulePath, string>;

/** The API route answering each section, by path (the server's route table reads it). */
export const REPORT_SECTION_ROUTES = Object.fromEntries(
  REPORT_SECTIONS.map((section) => [section.path, section.route]),
) as { readonly [Section in ReportSection as Section['path']]: Section['route'] };
