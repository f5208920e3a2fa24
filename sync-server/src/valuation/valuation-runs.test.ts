import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryAll } from '../db/query.ts';
import { listCompanies } from '../store/companies.ts';
import { markValuationsOwed } from '../store/owed-valuations.ts';
import { type PlatformTemplate, startPlatformTemplate } from '../testing/platform-fork.ts';
import { runBatch } from './valuation-runs.ts';

/**
 * The batch runner (docs/architecture.md, valuation runs): slices of a few milliseconds, each read once and
 * written in one transaction, a savepoint per company.
 */

let template: PlatformTemplate;
beforeAll(async () => {
  template = await startPlatformTemplate();
});
afterAll(() => template.close());

/** Holds the thread for `ms`, as a company's valuation does. */
function spin(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // busy
  }
}

describe('a batch', () => {
  it('keeps what each company wrote, except a company whose work threw, and goes on after it', async () => {
    const platform = template.fork();
    try {
      const { db } = platform;
      const companies = listCompanies(db);
      const failing = companies[1];
      if (!failing) throw new Error('too few companies');
      const outcome = await runBatch(db, companies, (company) => {
        markValuationsOwed(db, [company.code]);
        if (company === failing) throw new Error('写入失败');
        return company === companies[2] ? '估值参数无效' : null;
      });
      // The reason a company gives keeps its writes; a throw takes them back.
      const owed = queryAll<{ company_code: string }>(db, 'SELECT company_code FROM owed_valuations');
      expect(owed.map((row) => row.company_code).sort()).toEqual(
        companies
          .filter((company) => company !== failing)
          .map((company) => company.code)
          .sort(),
      );
      expect(outcome.failed).toEqual([
        { company: failing.name, reason: '写入失败' },
        { company: companies[2]?.name, reason: '估值参数无效' },
      ]);
      expect(outcome.successful_companies).toHaveLength(companies.length - 2);
    } finally {
      platform.close();
    }
  });

  it('lets the event loop turn between slices, reads shared inputs once a slice, and reports progress', async () => {
    const platform = template.fork();
    try {
      const { db } = platform;
      const companies = listCompanies(db).slice(0, 12);
      let turns = 0;
      let ticking = true;
      const tick = () => {
        turns++;
        if (ticking) setImmediate(tick);
      };
      setImmediate(tick);
      const shared = new Set<unknown>();
      const progress: number[] = [];
      await runBatch(
        db,
        companies,
        (_company, inputs) => {
          shared.add(inputs);
          // Each company's work alone fills a slice: every company is a slice of its own.
          spin(12);
          return null;
        },
        { onProgress: (done) => progress.push(done) },
      );
      ticking = false;
      expect(progress).toEqual(companies.map((_, index) => index + 1));
      expect(shared.size).toBe(companies.length);
      expect(turns).toBeGreaterThanOrEqual(companies.length - 1);
    } finally {
      platform.close();
    }
  });

  it('stops before the next slice once its signal is aborted', async () => {
    const platform = template.fork();
    try {
      const companies = listCompanies(platform.db);
      const controller = new AbortController();
      let done = 0;
      const batch = runBatch(
        platform.db,
        companies,
        () => {
          spin(12);
          if (++done === 2) controller.abort(new Error('已停止'));
          return null;
        },
        { signal: controller.signal },
      );
      await expect(batch).rejects.toThrow('已停止');
      expect(done).toBe(2);
    } finally {
      platform.close();
    }
  });
});
