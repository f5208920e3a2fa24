import type { DashboardIconName } from './dashboard-icons.tsx';

export interface DashboardCard {
  readonly title: string;
  readonly description: string;
  readonly url: string;
  readonly icon: DashboardIconName;
  /** A placeholder destination that only says the function is under development. */
  readonly comingSoon?: boolean;
}

/** The home dashboard's eight cards, in order (docs/requirements.md#navigation-and-layout). */
export const DASHBOARD_CARDS: readonly DashboardCard[] = [
  { title: '估值报告', description: '自由现金流与DCF估值报告', url: '/valuation-home', icon: 'report' },
  {
    title: '自定义参数估值',
    description: '调整WACC、永续增长率与预测假设',
    url: '/valuation-custom',
    icon: 'sliders',
  },
  {
    title: '公司数据对比',
    description: '多家公司财务指标横向对比',
    url: '/compare',
    icon: 'compare',
  },
  { title: '行业研究报告', description: '浏览与下载行业研究报告', url: '/industry-research', icon: 'library' },
  { title: 'WACC查询工具', description: '查询加权平均资本成本', url: '/wacc', icon: 'percent' },
  { title: '美股估值', description: '美国上市公司估值', url: '/us-valuation', icon: 'dollar', comingSoon: true },
  { title: '港股估值', description: '香港上市公司估值', url: '/hk-valuation', icon: 'globe', comingSoon: true },
  {
    title: '估值模型',
    description: 'FCFF、超额收益与故事估值模型对比',
    url: '/valuation-model',
    icon: 'layers',
  },
];
