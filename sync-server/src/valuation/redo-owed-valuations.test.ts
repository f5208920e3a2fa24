import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transaction } from '../db/database.ts';
import { loadMigrations } from '../db/migrate.ts';
import { queryAll } from '../db/query.ts';
import { findCompany } from '../store/companies.ts';
import { importStatementFile } from '../store/import-statement-file.ts';
import { owedValuationCodes } from '../store/owed-valuations.ts';
import { removeCompany } from '../store/removal.ts';
import { codesWithResults } from '../store/stored-results.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';
import { redoOwedValuations } from './redo-owed-valuations.ts';
import { ValuationService } from './valuation-service.ts';

/** Real statement files of companies the fixtures do not hold (the whole market's financial summaries). */
const SUMMARY = new URL('../../../../shared/data/market/summary/', import.meta.url);
const [first, second, third, fourth] = readdirSync(SUMMARY)
  .filter((name) => name.endsWith('.csv'))
  .sort()
  .filter((_, index) => index % 100 === 7);

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

const codeOf = (file: string | undefined) => String(file).replace('.csv', '');
const valued = () => codesWithResults(platform.db, 'valuation_results');

/** What an upload's import does before the route values the company (a kill -9 stops it right there). */
function importOnly(file: string | undefined, options: { owesValuation?: boolean; uploadedBy?: string } = {}) {
  const { directory, industries } = platform;
  const result = importStatementFile(platform.db, String(file), readFileSync(new URL(String(file), SUMMARY)), {
    directory,
    industries,
    uploadedBy: options.uploadedBy ?? 'admin',
    ...(options.owesValuation ? { owesValuation: true } : {}),
  });
  expect(result.success).toBe(true);
}

describe('a valuation an upload owes', () => {
  it('is marked with the import and cleared when the upload values the company', async () => {
    const form = new FormData();
    form.append('files', new File([readFileSync(new URL(String(first), SUMMARY))], String(first)));
    const response = await platform.app.request('/api/upload_excel', {
      method: 'POST',
      body: form,
      headers: { Authorization: `Bearer ${await platform.adminToken()}` },
    });
    expect(response.status).toBe(200);
    expect(valued().has(codeOf(first))).toBe(true);
    expect(owedValuationCodes(platform.db)).toEqual([]);
  });

  it('is still owed after an import the server never valued, and is done at the next start (in the background)', async () => {
    importOnly(second, { owesValuation: true });
    expect(owedValuationCodes(platform.db)).toEqual([codeOf(second)]);
    expect(valued().has(codeOf(second))).toBe(false);

    const run = redoOwedValuations(platform.db, new ValuationService(platform.db), platform.jobs);
    expect(run?.companies).toBe(1);
    // The start does not wait for it: nothing is valued before the job's first turn.
    expect(valued().has(codeOf(second))).toBe(false);
    const outcome = await run?.done;
    expect(outcome?.successful_companies).toEqual([findCompany(platform.db, codeOf(second))?.name]);
    expect(valued().has(codeOf(second))).toBe(true);
    expect(owedValuationCodes(platform.db)).toEqual([]);
    expect(platform.jobs.read(String(run?.jobId))?.status).toBe('done');
  });

  it('is dropped for a company removed since, and nothing owed starts no job', () => {
    importOnly(third, { owesValuation: true });
    transaction(platform.db, () => removeCompany(platform.db, codeOf(third)));
    expect(redoOwedValuations(platform.db, new ValuationService(platform.db), platform.jobs)).toBeUndefined();
    expect(owedValuationCodes(platform.db)).toEqual([]);
  });

  it('is found in a database from before the marks: uploaded, never valued (the seeding values nothing)', () => {
    importOnly(fourth, { uploadedBy: 'admin' });
    const { db } = platform;
    // The database as the previous version left it, then the migration that adds the marks.
    db.exec('DROP TABLE owed_valuations');
    const addsTheMarks = loadMigrations().find((migration) => migration.version === 12);
    db.exec(addsTheMarks?.sql ?? '');
    // The fixtures were seeded and are not valued; the company uploaded and never valued is owed.
    const seededUnvalued = queryAll<{ code: string }>(
      db,
      `SELECT code FROM companies WHERE code NOT IN (SELECT company_code FROM valuation_results)`,
    ).map((row) => row.code);
    expect(seededUnvalued.length).toBeGreaterThan(1);
    expect(owedValuationCodes(db)).toEqual([codeOf(fourth)]);
  });
});
