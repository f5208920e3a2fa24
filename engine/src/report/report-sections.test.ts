import { describe, expect, it } from 'vitest';
import { REPORT_MODULE_PATHS, REPORT_SECTION_ROUTES, REPORT_SECTIONS } from './report-sections.ts';
import { HISTORY_MODULE_ORDER, MODULES_AFTER_VALUATION } from './specs/report-specs.ts';

describe('the report sections', () => {
  it('have one entry per path, in the menu order they are listed in', () => {
    expect(new Set(REPORT_MODULE_PATHS).size).toBe(REPORT_SECTIONS.length);
    const orders = REPORT_SECTIONS.map((section) => section.menu.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
  });

  it('make the PDF order: the history sections, the DCF, its grid, then the sections after it', () => {
    expect([...HISTORY_MODULE_ORDER, 'fcf-valuation', 'sensitivity', ...MODULES_AFTER_VALUATION]).toEqual(
      REPORT_MODULE_PATHS,
    );
  });

  it('each name the API route that answers it', () => {
    expect(REPORT_SECTION_ROUTES['basic-info']).toBe('/home/basic_info/:company');
    expect(REPORT_SECTION_ROUTES.sensitivity).toBe(REPORT_SECTION_ROUTES['fcf-valuation']);
    for (const route of Object.values(REPORT_SECTION_ROUTES)) expect(route).toMatch(/^\/home\/[a-z_]+\/:company$/);
  });
});
