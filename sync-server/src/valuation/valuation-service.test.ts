import { isValuationError, perShareValueOf, STORED_RANGE_DRAWS, storedRangeOf, valuationDate } from '@fcf/engine';
import { uncertaintyView } from '@fcf/engine/report';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCompany, listCompanies } from '../store/companies.ts';
import { latestQuote } from '../store/quotes.ts';
import { type ForkedPlatform, type PlatformTemplate, startPlatformTemplate } from '../testing/platform-fork.ts';
import { ValuationService } from './valuation-service.ts';

/** 美的集团: its latest annual report in the fixtures is 2024's. */
const MIDEA = '000333';

let template: PlatformTemplate;
beforeAll(async () => {
  template = await startPlatformTemplate();
});
afterAll(() => template.close());

/** Runs `test` on a fresh copy of the seeded platform. */
function onFork(test: (platform: ForkedPlatform) => void): void {
  const platform = template.fork();
  try {
    test(platform);
  } finally {
    platform.close();
  }
}

describe('the server’s valuations take the company context', () => {
  it('warn a stale report from the day it turns stale, though nothing was written (cached by date)', () =>
    onFork((platform) => {
      let today = new Date('2026-06-30T12:00:00Z');
      const valuations = new ValuationService(platform.db, new Map(), () => today);
      const company = findCompany(platform.db, MIDEA);
      if (!company) throw new Error('no 美的集团 in the fixtures');
      const codes = () => valuations.valuation(company).warnings.map((warning) => warning.code);
      expect(codes()).not.toContain('stale_report');
      today = new Date('2026-07-01T12:00:00Z');
      expect(codes()).toContain('stale_report');
    }));

  it('value by the company’s industry: its section reaches the model', () =>
    onFork((platform) => {
      const company = findCompany(platform.db, MIDEA);
      if (!company) throw new Error('no 美的集团 in the fixtures');
      const valuation = new ValuationService(platform.db).valuation(company);
      expect(valuation.classification.industry).not.toBeNull();
      expect(valuation.classification.kind).toBe('general');
    }));
});

describe('a valuation run’s reads', () => {
  it('value each company as a read does, and store the range the uncertainty answer gives at its draws', () =>
    onFork((platform) => {
      const today = new Date('2026-06-30T12:00:00Z');
      const valuations = new ValuationService(platform.db, new Map(), () => today);
      let ranges = 0;
      for (const company of listCompanies(platform.db)) {
        let run: ReturnType<ValuationService['forRun']>;
        try {
          run = valuations.forRun(company);
        } catch {
          expect(() => valuations.value(company), company.name).toThrow();
          continue;
        }
        expect(run.valuation, company.name).toEqual(valuations.value(company));
        let answered = null;
        try {
          const quote = latestQuote(platform.db, company.code) ?? null;
          const view = uncertaintyView(valuations.bundle(company), quote, valuationDate(today), {
            draws: STORED_RANGE_DRAWS,
          });
          // A value that is not meaningful has no range (docs/model.md 16).
          const meaningful = run.valuation.model.id !== null && perShareValueOf(run.valuation).value !== null;
          answered = meaningful ? storedRangeOf(view) : null;
        } catch (error) {
          if (!isValuationError(error)) throw error;
        }
        expect(run.range, company.name).toEqual(answered);
        if (run.range) ranges++;
      }
      expect(ranges).toBeGreaterThan(5);
    }));
});
