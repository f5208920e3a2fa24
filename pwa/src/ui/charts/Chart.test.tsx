import type { ChartSpec } from '@fcf/engine/report';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mount, query, resizeTo, unmountAll } from '../../testing/dom.tsx';
import { Chart, chartTitle } from './Chart.tsx';

const titles = { full: '营业收入与增长率', medium: '营业收入', short: '收入' };
const margins: ChartSpec = {
  id: 'gross-margin',
  titles,
  labels: ['2022', '2023', '2024'],
  estimates: [false, false, false],
  series: [
    {
      key: 'grossMargin',
      label: '毛利率',
      kind: 'line',
      unit: 'percent',
      axis: 'left',
      values: [0.4, 0.41, 0.42],
      color: 'primary',
      toneKind: 'level',
      pointLabels: true,
    },
  ],
  benchmarks: [{ label: '基准线 5.00%', value: 0.05 }],
  emptyText: '暂无毛利率数据',
  note: null,
  wide: false,
  narrowWindow: null,
};

afterEach(() => {
  unmountAll();
  resizeTo(1024);
});

describe('Chart', () => {
  it('draws a uPlot chart described for screen readers, and removes it on unmount', async () => {
    const view = mount(<Chart spec={margins} />);
    // uPlot loads lazily with the first chart.
    await vi.waitFor(() => expect(view.container.querySelectorAll('.uplot canvas').length).toBeGreaterThan(0));
    expect(query(view.container, '[role="img"]').getAttribute('aria-label')).toBe(
      '营业收入与增长率（%），2022至2024；最新 2024：毛利率 42.00%',
    );
    expect(query(view.container, '.chart__readout').textContent).toBe('2024：毛利率 42.00%');
    expect(query(view.container, '.chart__legend').textContent).toBe('毛利率(%)基准线 5.00%');
    const host = query(view.container, '.chart__canvas');
    view.unmount();
    expect(host.querySelector('.uplot')).toBeNull();
  });

  it('keeps the same chart across re-renders with the same spec', async () => {
    const view = mount(<Chart spec={margins} />);
    await vi.waitFor(() => query(view.container, '.uplot'));
    const drawn = query(view.container, '.uplot');
    view.rerender(<Chart spec={margins} />);
    expect(query(view.container, '.uplot')).toBe(drawn);
  });

  it('shows its empty text when every value is missing (a benchmark alone is not data)', () => {
    const empty: ChartSpec = {
      ...margins,
      series: margins.series.map((series) => ({ ...series, values: [null, null, null] })),
    };
    const view = mount(<Chart spec={empty} />);
    expect(query(view.container, '.chart__empty').textContent).toBe('暂无毛利率数据');
    expect(view.container.querySelector('.uplot')).toBeNull();
    expect(query(view.container, 'figcaption').textContent).toBe('营业收入与增长率');
  });

  it('shows its narrow window of years at 768 px or less', () => {
    resizeTo(390);
    const window = { history: 2, forecast: 0 };
    const view = mount(<Chart spec={{ ...margins, narrowWindow: window }} />);
    expect(query(view.container, '.chart__readout').textContent).toBe('2024：毛利率 42.00%');
    expect(query(view.container, '[role="img"]').getAttribute('aria-label')).toContain('2023至2024');
  });

  it('shortens its title at 768 and 480 px', () => {
    expect([1024, 769, 768, 481, 480, 390].map((width) => chartTitle(titles, width))).toEqual([
      '营业收入与增长率',
      '营业收入与增长率',
      '营业收入',
      '营业收入',
      '收入',
      '收入',
    ]);
    expect(chartTitle({ full: '资本开支' }, 390)).toBe('资本开支');
  });
});
