import { WACC_ASSUMPTIONS } from '@fcf/engine';
import type { IndustryBetas } from '@fcf/engine/contract';
import { industryBetaRows } from '@fcf/engine/report';
import type { Database } from '../db/database.ts';
import { queryAll, queryOne } from '../db/query.ts';

/**
 * The WACC tool's industry table, read in one transaction: each industry's β (`industry_betas`, else the
 * default of `wacc_assumptions`) and how many companies of the market set (`companies`) it holds.
 */
export function readIndustryBetas(db: Database): IndustryBetas {
  return db.transaction(() => {
    const defaultBeta =
      queryOne<{ default_beta: number }>(db, 'SELECT default_beta FROM wacc_assumptions WHERE id = 1')?.default_beta ??
      WACC_ASSUMPTIONS.beta;
    const betas = new Map(
      queryAll<{ industry: string; beta: number }>(db, 'SELECT industry, beta FROM industry_betas').map((row) => [
        row.industry,
        row.beta,
      ]),
    );
    const counts = new Map(
      queryAll<{ industry: string; n: number }>(
        db,
        'SELECT industry, count(*) AS n FROM companies WHERE deleted = 0 GROUP BY industry',
      ).map((row) => [row.industry, row.n]),
    );
    return { default_beta: defaultBeta, industries: industryBetaRows(betas, counts, defaultBeta) };
  })();
}
