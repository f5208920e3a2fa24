import { buildCompanyReport } from '@fcf/engine/report';
import { afterEach, describe, expect, it } from 'vitest';
import { SAMPLE_COMPANY_WITH_QUARTERS } from '../../../../engine/src/testing/sample-company.ts';
import { click, mount, query, texts, unmountAll } from '../../testing/dom.tsx';
import { sampleBundle, sampleReport } from '../testing/sample-report.ts';
import { ProfitabilityModule } from './ProfitabilityModule.tsx';

afterEach(unmountAll);

const withQuarters = () => buildCompanyReport({ ...sampleBundle(), statements: SAMPLE_COMPANY_WITH_QUARTERS });
const columns = () => texts(document, 'thead th').slice(1);

describe('the profitability section', () => {
  it('reads by year, the trailing twelve months as TTM, and switches to single quarters and back', () => {
    mount(<ProfitabilityModule report={withQuarters()} />);
    const buttons = query(document, '[data-testid="profitability-periods"]').querySelectorAll('button');
    expect([...buttons].map((button) => [button.textContent, button.getAttribute('aria-pressed')])).toEqual([
      ['按年度', 'true'],
      ['按单季度', 'false'],
    ]);
    expect(columns()).toEqual(['2021', '2022', '2023', '2024', 'TTM']);
    click(buttons[1] as HTMLButtonElement);
    expect(buttons[1]?.getAttribute('aria-pressed')).toBe('true');
    expect(columns()).toEqual(['2023Q1', '2024Q1', '2025Q1']);
    click(buttons[0] as HTMLButtonElement);
    expect(columns()).toEqual(['2021', '2022', '2023', '2024', 'TTM']);
  });

  it('offers no switch to a company with annual reports only', () => {
    mount(<ProfitabilityModule report={sampleReport()} />);
    expect(document.querySelector('[data-testid="profitability-periods"]')).toBeNull();
    expect(columns()).toEqual(['2021', '2022', '2023', '2024']);
  });
});
