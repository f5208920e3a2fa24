import type { CompanyReport } from '@fcf/engine/report';
import { formatAmount, formatPercent } from '@fcf/engine/report';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { byText, click, mount, query, resizeTo, texts, unmountAll, waitUntil } from '../testing/dom.tsx';
import { ReportModules } from './ReportModules.tsx';
import { sampleReport } from './testing/sample-report.ts';
import type { ReportState } from './use-company-report.ts';

vi.mock('../store/companies.ts', () => ({ cachedCompanyNames: vi.fn(async () => ['格力电器', '美的集团']) }));

const MENU = [
  { path: 'roe-roic', name: 'ROE-ROIC分析' },
  { path: 'profitability', name: '盈利能力分析' },
  { path: 'fcf-structure', name: 'FCF结构分析' },
  { path: 'fcf-ratio', name: 'FCF比率研究' },
  { path: 'fcf-valuation', name: 'DCF估值' },
] as const;

function ready(report: CompanyReport = sampleReport()): ReportState {
  return { status: 'ready', company: report.company.name, report, stale: false };
}

function renderModules(state: ReportState, modules: readonly { path: string; name: string }[] = MENU) {
  const onReload = vi.fn();
  const onOpenCustom = vi.fn();
  const onPick = vi.fn();
  const view = mount(
    <ReportModules state={state} modules={modules} onReload={onReload} onOpenCustom={onOpenCustom} onPick={onPick} />,
  );
  return { ...view, onReload, onOpenCustom, onPick };
}

function section(root: ParentNode, path: string): HTMLElement {
  return query(root, `[data-testid="report-module-${path}"]`);
}

afterEach(() => {
  unmountAll();
  resizeTo(1024);
  vi.restoreAllMocks();
});

describe('ReportModules', () => {
  it('renders one section per menu entry, in menu order, titled with the menu name', () => {
    const menu = [...MENU].reverse();
    const { container } = renderModules(ready(), [...menu, { path: 'unknown-section', name: '未知栏目' }]);
    const sections = [...container.querySelectorAll('section.report-module')];
    expect(sections.map((element) => element.id)).toEqual(menu.map((entry) => entry.path));
    expect(sections.map((element) => element.getAttribute('data-testid'))).toEqual(
      menu.map((entry) => `report-module-${entry.path}`),
    );
    expect(texts(container, 'section.report-module > h2')).toEqual(menu.map((entry) => entry.name));
  });

  it('renders nothing while no company is chosen', () => {
    const { container } = renderModules({ status: 'idle' });
    expect(container.innerHTML).toBe('');
  });

  it('shows loading text in every section and announces it once', () => {
    const { container } = renderModules({ status: 'loading', company: '样本公司' });
    for (const entry of MENU) {
      expect(section(container, entry.path).textContent).toContain('正在加载…');
      expect(section(container, entry.path).getAttribute('aria-busy')).toBe('true');
    }
    expect(container.querySelectorAll('[role="status"]')).toHaveLength(1);
  });

  it('shows the load error once, not per module, with a reload button', () => {
    const { container, onReload } = renderModules({ status: 'error', company: '样本公司', message: '网络连接失败' });
    expect(container.querySelectorAll('[role="alert"]')).toHaveLength(1);
    expect(container.querySelector('[data-testid^="report-module-"]')).toBeNull();
    expect(query(container, '[role="alert"]').textContent).toContain('数据加载失败：网络连接失败');
    click(byText(container, 'button', '重新加载'));
    expect(onReload).toHaveBeenCalledTimes(1);
  });

  it('offline, says the company is not on this device and offers the companies that are', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { container, onPick } = renderModules({ status: 'error', company: '样本公司', message: '网络连接失败' });
    await waitUntil(() => container.querySelectorAll('.report-unavailable__cached button').length === 2, 'the list');
    expect(query(container, '[role="alert"]').textContent).toContain('本机没有该公司的离线数据');
    click(byText(container, 'button', '美的集团'));
    expect(onPick).toHaveBeenCalledWith('美的集团');
  });

  it('lists the available modules when the menu has none', () => {
    const { container } = renderModules(ready(), []);
    expect(container.textContent).toContain('正在开发中');
    expect(texts(container, 'li')).toEqual([
      '公司基本信息',
      '估值与股息',
      'ROE-ROIC 分析',
      '成长能力',
      '盈利能力分析',
      '抗风险能力',
      '行业对比',
      '自由现金流结构',
      '自由现金流比率',
      'DCF 估值',
      '敏感性分析',
      'PE估值',
    ]);
  });
});

describe('the basic-info, growth, risk and sensitivity sections', () => {
  const MORE = [
    { path: 'basic-info', name: '公司基本信息' },
    { path: 'growth', name: '成长能力' },
    { path: 'risk', name: '抗风险能力' },
    { path: 'fcf-valuation', name: 'DCF估值' },
    { path: 'sensitivity', name: '敏感性分析' },
  ];

  it('renders each from its spec, with the no-price state and the reference bands', () => {
    const { container } = renderModules(ready(), MORE);
    expect(section(container, 'basic-info').textContent).toContain('暂无行情数据');
    expect(section(container, 'growth').querySelector('[data-table="growth-cagr"]')).not.toBeNull();
    expect(section(container, 'risk').textContent).toContain('参考区间');
    expect(section(container, 'sensitivity').querySelector('details[open]')).not.toBeNull();
  });

  it('keeps every column of a table whose columns are not years on a phone', () => {
    resizeTo(390);
    const { container } = renderModules(ready(), MORE);
    const header = texts(section(container, 'growth'), '[data-table="growth-cagr"] thead th');
    expect(header).toEqual(['指标', '3年复合增长率', '5年复合增长率', '10年复合增长率', '增长年份占比']);
  });

  it('draws the sensitivity grid once: in its own section, not again in the DCF module', () => {
    const { container } = renderModules(ready(), MORE);
    expect(section(container, 'fcf-valuation').querySelector('.sensitivity-table')).toBeNull();
    expect(container.querySelectorAll('.sensitivity-table')).toHaveLength(1);
    const alone = renderModules(ready(), [{ path: 'fcf-valuation', name: 'DCF估值' }]);
    expect(section(alone.container, 'fcf-valuation').querySelector('.sensitivity-table')).not.toBeNull();
  });

  it('says why there is no grid when the DCF could not be made', () => {
    const { container } = renderModules(ready({ ...sampleReport(), dcf: null, dcfError: 'WACC 必须大于 g' }), MORE);
    expect(section(container, 'sensitivity').textContent).toContain('无法进行敏感性分析：WACC 必须大于 g');
  });
});

describe('DCF valuation module', () => {
  const report = sampleReport();
  const dcf = report.dcf;
  if (!dcf) throw new Error('the sample company must value');

  it('shows the engine figures behind the test hooks', () => {
    const { container } = renderModules(ready(report));
    expect(query(container, '[data-testid="dcf-value-per-share"]').textContent).toBe(
      formatAmount(dcf.valuation.value_per_share),
    );
    expect(query(container, '[data-testid="dcf-enterprise-value"]').textContent).toBe(
      formatAmount(dcf.valuation.enterprise_value),
    );
  });

  it('has a column per forecast year, the parameters with their sources, and the bridge rows', () => {
    const table = query(renderModules(ready(report)).container, '.dcf-table');
    expect(texts(table, 'thead th').slice(1)).toEqual(['2025E', '2026E', '2027E', '2028E', '2029E']);
    const row = (label: string) => {
      const header = [...table.querySelectorAll('th[scope="row"]')].find((cell) => cell.textContent === label);
      return texts(header?.parentElement ?? table, 'td');
    };
    expect(row('WACC')).toEqual(['9.00%', '手动设定']);
    expect(row('永续增长率 g')[0]).toBe(formatPercent(dcf.g));
    expect(row('预测自由现金流（亿元）')).toEqual(dcf.forecast.map((entry) => formatAmount(entry.fcf)));
    expect(row('股权价值（亿元）')[0]).toBe(formatAmount(dcf.valuation.equity_value));
    expect(row('总股本（亿股）')[0]).toBe(formatAmount(dcf.valuation.total_shares));
    expect(table.parentElement?.parentElement?.textContent).not.toContain('个预测年度');
  });

  it('states the terminal value share, flagged when the engine warns', () => {
    const line = query(renderModules(ready(report)).container, '.dcf__tv-share');
    expect(line.textContent).toContain(`终值占企业价值 ${formatPercent(dcf.terminal_value_share)}`);
    expect(line.classList.contains('is-warning')).toBe(dcf.terminal_value_warning);
  });

  it('opens the custom valuation for the company', () => {
    const { container, onOpenCustom } = renderModules(ready(report));
    const button = [...container.querySelectorAll('button')].find(
      (element) => element.textContent === '自定义参数估值',
    );
    if (!button) throw new Error('no custom valuation button');
    click(button);
    expect(onOpenCustom).toHaveBeenCalledWith('样本公司');
  });

  it('notes a forecast shorter than 5 years and lists the limitations', () => {
    const short: CompanyReport = {
      ...report,
      dcf: { ...dcf, forecast: dcf.forecast.slice(0, 3), meta: { ...dcf.meta, limitations: ['缺少现金流量表'] } },
    };
    const { container } = renderModules(ready(short), [{ path: 'fcf-valuation', name: 'DCF估值' }]);
    expect(texts(container, '.dcf-table thead th').slice(1)).toEqual(['2025E', '2026E', '2027E']);
    expect(container.textContent).toContain('仅有 3 个预测年度');
    expect(container.textContent).toContain('缺少现金流量表');
  });

  it('explains why there is no valuation when the engine could not make one', () => {
    const failed = sampleReport({ wacc_manual: 0.015 });
    expect(failed.dcf).toBeNull();
    const { container } = renderModules(ready(failed), [{ path: 'fcf-valuation', name: 'DCF估值' }]);
    expect(container.textContent).toContain(`无法完成DCF估值：${failed.dcfError}`);
    expect(container.querySelector('[data-testid="dcf-value-per-share"]')).toBeNull();
  });

  it('folds a 5 × 5 sensitivity grid with the base case highlighted', () => {
    const { container } = renderModules(ready(report));
    const grid = query(container, '.sensitivity-table');
    expect(grid.closest('details')?.open).toBe(false);
    expect(grid.querySelectorAll('tbody td')).toHaveLength(25);
    expect(query(grid, '.is-base').textContent).toBe(`${formatAmount(dcf.valuation.value_per_share)}（当前假设）`);
  });
});

describe('history modules', () => {
  it('tables the profitability years with percent ratios', () => {
    const report = sampleReport();
    const table = query(section(renderModules(ready(report)).container, 'profitability'), 'table');
    expect(texts(table, 'thead th').slice(1)).toEqual(['2021', '2022', '2023', '2024']);
    const growth = [...table.querySelectorAll('tr')].find((row) => row.textContent?.startsWith('营业收入增长率'));
    expect(texts(growth ?? table, 'td')).toEqual(['-', '25.00%', '25.00%', '25.00%']);
  });

  it('keeps only the latest years that fit a phone, and shortens chart titles', () => {
    resizeTo(390);
    const profitability = section(renderModules(ready()).container, 'profitability');
    // (390 − 180) / 60 → 3 year columns.
    expect(texts(profitability, 'thead th').slice(1)).toEqual(['2022', '2023', '2024']);
    expect(query(profitability, 'caption').textContent).toContain('显示最近3年');
    expect(texts(profitability, 'figcaption')).toEqual(['收入', '净利润', '毛利率', '净利率']);
    resizeTo(700);
    expect(texts(profitability, 'thead th').slice(1)).toEqual(['2021', '2022', '2023', '2024']);
    expect(texts(profitability, 'figcaption')[0]).toBe('营业收入');
  });

  it('derives the ROE − ROIC spread', () => {
    const report = sampleReport();
    const table = query(section(renderModules(ready(report)).container, 'roe-roic'), 'table');
    const spread = [...table.querySelectorAll('tr')].find((row) => row.textContent?.startsWith('ROE−ROIC'));
    const latest = report.financialAnalysis.data.roe_roic.at(-1);
    expect(texts(spread ?? table, 'td').at(-1)).toBe(formatPercent((latest?.roe ?? 0) - (latest?.roic ?? 0)));
  });

  it('draws the FCF trend with history and forecast years', async () => {
    const structure = section(renderModules(ready()).container, 'fcf-structure');
    const trend = query(structure, '.chart--wide [role="img"]');
    expect(trend.getAttribute('aria-label')).toContain('2021至2029E');
    await vi.waitFor(() => expect(structure.querySelectorAll('.uplot')).toHaveLength(5));
    expect(structure.textContent).toContain('预测(E)');
  });
});

describe('FCF ratio module', () => {
  const report = sampleReport();
  const withRatios = (charts: Partial<CompanyReport['fcfRatio']['charts']>): CompanyReport => ({
    ...report,
    fcfRatio: { ...report.fcfRatio, charts: { ...report.fcfRatio.charts, ...charts } },
  });

  it('draws the four ratios, with a per-chart empty text', async () => {
    const ratio = section(renderModules(ready(withRatios({ fcf_ev_ratio: [] }))).container, 'fcf-ratio');
    expect(ratio.querySelectorAll('figure')).toHaveLength(4);
    await vi.waitFor(() => expect(ratio.querySelectorAll('.uplot')).toHaveLength(3));
    expect(texts(ratio, '.chart__empty')).toEqual(['暂无数据']);
  });

  it('says so plainly when there is no ratio at all, without sample series', () => {
    const empty = withRatios({
      fcf_revenue_ratio: [],
      fcf_ev_ratio: [],
      fcf_capex_ratio: [],
      fcf_net_profit_ratio: [],
    });
    const ratio = section(renderModules(ready(empty)).container, 'fcf-ratio');
    expect(ratio.textContent).toContain('暂无FCF比率数据');
    expect(ratio.querySelector('figure')).toBeNull();
  });
});
