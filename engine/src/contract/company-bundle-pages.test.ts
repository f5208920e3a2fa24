import { describe, expect, it } from 'vitest';
import type { CompanyBundle } from '../report/company-bundle.ts';
import { ICBC_BUNDLE, SAMPLE_COMPANY_BUNDLE } from '../testing/model-bundles.ts';
import { bundleOfPage, type PagedCompanyBundle, pagedBundle, StatementItemIndex } from './company-bundle-pages.ts';

/** A page of `bundles` as the server writes it: the paged bundles and what the page gives once. */
function pageOf(bundles: readonly CompanyBundle[]) {
  const items = new StatementItemIndex();
  const paged = bundles.map((bundle) => pagedBundle(bundle, items).paged);
  return { paged, shared: { industry_tops: {}, statement_items: items.names } };
}

const WITH_INTERIM: CompanyBundle = {
  ...SAMPLE_COMPANY_BUNDLE,
  statements: { ...SAMPLE_COMPANY_BUNDLE.statements, interims: { '2024-09-30': { Inventories: 0.1 + 0.2 } } },
};

describe('the statements of a page of bundles', () => {
  it('name each item once a page, and come back as the one-company bundle, interim reports too', () => {
    const { paged, shared } = pageOf([WITH_INTERIM, ICBC_BUNDLE]);
    expect(new Set(shared.statement_items).size).toBe(shared.statement_items.length);
    expect(paged.map((bundle) => bundleOfPage(bundle, shared))).toEqual([WITH_INTERIM, ICBC_BUNDLE]);
  });

  it('a figure that names no item of the page, or lacks its value, makes the bundle unreadable', () => {
    const { paged, shared } = pageOf([SAMPLE_COMPANY_BUNDLE]);
    const bundle = paged[0] as PagedCompanyBundle;
    const [year = ''] = Object.keys(bundle.statements.years);
    const withFigures = (figures: number[]): PagedCompanyBundle => ({
      ...bundle,
      statements: { ...bundle.statements, years: { ...bundle.statements.years, [year]: figures } },
    });
    for (const figures of [[shared.statement_items.length, 1], [-1, 1], [0.5, 1], [0]]) {
      expect(bundleOfPage(withFigures(figures), shared), JSON.stringify(figures)).toBeNull();
    }
  });
});
