import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  companyBundleAnswer,
  companyValuationAnswer,
  screenerAnswer,
  valuationSummaryAnswer,
} from '@fcf/engine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utf8Bytes } from '../ingest/testing/ingest-fixtures.ts';
import { listScreenerModels } from '../store/screener-models.ts';
import { readData } from '../testing/answers.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';

/**
 * 601068 中铝国际 with no share count anywhere (its financial summary's 每股净资产 is blank for its latest
 * years and no quote gives 总股本): its value per share is null with `shares_unknown` on every answer that
 * shows one — the valuation, 估值与股息, the screener and the PDF — never 0 (docs/model.md section 8).
 */
const CODE = '601068';
const SUMMARY = new URL(`../../../../shared/data/market/summary/${CODE}.csv`, import.meta.url);
const hasPoppler = spawnSync('pdftotext', ['-v']).error === undefined;

let platform: TestPlatform;

async function upload(path: string, name: string, bytes: Uint8Array): Promise<void> {
  const form = new FormData();
  form.append('files', new File([bytes], name));
  const response = await platform.app.request(path, {
    method: 'POST',
    body: form,
    headers: { Authorization: `Bearer ${await platform.adminToken()}` },
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

beforeAll(async () => {
  platform = await startTestPlatform();
  await upload('/api/upload_excel', `${CODE}.csv`, new Uint8Array(readFileSync(SUMMARY)));
  // A price without a share count: the screener lists the company, its value per share stays unknown.
  await upload('/api/upload_quotes', 'price.csv', utf8Bytes('代码,名称,日期,最新价\n601068,中铝国际,2019-12-31,5.54'));
}, 180_000);
afterAll(() => platform.close());

const codes = (warnings: readonly { code: string }[]) => warnings.map((warning) => warning.code);

describe('a company with no share count', () => {
  it('GET /api/home/dcf_valuation: value per share null with shares_unknown, the equity value kept', async () => {
    const view = await readData(platform, `/api/home/dcf_valuation/${CODE}`, companyValuationAnswer);
    if (view.model !== 'excess_return') throw new Error(`${CODE} valued by ${view.model}`);
    expect(view.value_per_share).toBeNull();
    expect(view.value_per_share_reason).toBe('缺少总股本，无法计算每股价值');
    expect(view.equity_value).toBeGreaterThan(0);
    expect(view.shares).toBeNull();
    expect(codes(view.warnings)).toContain('shares_unknown');
  });

  it('估值与股息, the screener’s model and the bundle say the same', async () => {
    const summary = await readData(platform, `/api/home/valuation_summary/${CODE}`, valuationSummaryAnswer);
    expect(summary.value_per_share).toBeNull();
    // The screener's synced model: no value, the code that says why; its answer never lists the company at 0.
    const model = listScreenerModels(platform.db).find((entry) => entry.code === CODE);
    expect(model?.valuePerShare).toBeNull();
    expect(model?.flags).toContain('shares_unknown');
    const screen = await readData(platform, '/api/data/screener?hide_flagged=0&limit=500', screenerAnswer);
    for (const row of screen.rows.filter((entry) => entry.code === CODE)) {
      expect(row.value_per_share).toBeNull();
      expect(row.margin_of_safety).toBeNull();
      expect(row.flags).toContain('shares_unknown');
    }
    const bundle = await readData(platform, `/api/data/company-bundle/${CODE}`, companyBundleAnswer);
    expect(bundle.model).toBe('excess_return');
  });

  it.skipIf(!hasPoppler)('the PDF prints 不适用 with the reason, not 0.00', async () => {
    const response = await platform.call('POST', '/api/pdf/generate', { body: { userId: CODE } });
    expect(response.status).toBe(200);
    const file = join(platform.dir, `${CODE}.pdf`);
    writeFileSync(file, new Uint8Array(await response.arrayBuffer()));
    const text = spawnSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).stdout.replace(/\s+/g, '');
    expect(text).toContain('缺少总股本');
    expect(text).not.toMatch(/每股价值[（(]元[)）]?0\.00/);
  });
});
