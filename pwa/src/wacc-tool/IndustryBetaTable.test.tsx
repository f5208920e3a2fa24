import { afterEach, describe, expect, it, vi } from 'vitest';
import { click, mount, query, texts, unmountAll, waitUntil } from '../testing/dom.tsx';
import { IndustryBetaTable } from './IndustryBetaTable.tsx';

const load = vi.hoisted(() => vi.fn());
vi.mock('../store/industry-betas.ts', () => ({ loadIndustryBetas: load }));

const BETAS = {
  default_beta: 1,
  industries: [
    { industry: '制造业', beta: 1, default_beta: false, companies: 7 },
    { industry: '电力、热力、燃气及水的生产和供应业', beta: 0.7, default_beta: false, companies: 4 },
    { industry: '房地产业', beta: 1, default_beta: true, companies: 1 },
  ],
};

afterEach(() => {
  unmountAll();
  load.mockReset();
});

describe('the WACC tool’s industry table', () => {
  it('lists β and the count of companies per industry, the company’s own highlighted', async () => {
    load.mockResolvedValue({ value: BETAS, stale: false });
    const { container } = mount(<IndustryBetaTable highlight="制造业" />);
    await waitUntil(() => container.querySelectorAll('tbody tr').length === 3, 'the rows');
    expect(texts(container, 'tbody tr')).toEqual([
      '制造业本公司所属1.007',
      '电力、热力、燃气及水的生产和供应业0.704',
      '房地产业1.00（默认）1',
    ]);
    expect(query(container, 'tr[aria-current="true"]').getAttribute('data-industry')).toBe('制造业');
  });

  it('says when the table cannot be loaded, and loads it again on 重新加载', async () => {
    load.mockRejectedValueOnce(new Error('网络连接失败')).mockResolvedValue({ value: BETAS, stale: true });
    const { container } = mount(<IndustryBetaTable highlight={null} />);
    await waitUntil(() => container.querySelector('[role="alert"]') !== null, 'the error');
    expect(container.textContent).toContain('行业β表加载失败：网络连接失败');
    click(query(container, '[role="alert"] button'));
    await waitUntil(() => container.querySelectorAll('tbody tr').length === 3, 'the rows');
    expect(load).toHaveBeenLastCalledWith(true);
    expect(container.textContent).toContain('离线缓存');
    expect(container.querySelector('tr[aria-current]')).toBeNull();
  });
});
