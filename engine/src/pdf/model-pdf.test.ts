import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jsPDF } from 'jspdf';
import { afterAll, describe, expect, it } from 'vitest';
import { formatAmount } from '../report/format.ts';
import { modelWhatIfView } from '../report/model-what-if.ts';
import { ICBC_BUNDLE, SAMPLE_COMPANY_BUNDLE } from '../testing/model-bundles.ts';
import { buildModelPdf } from './model-pdf.ts';
import { MIN_PDF_BYTES } from './report-constants.ts';

/** The custom page's story and excess-return PDFs made by the real jspdf and font, read back by poppler. */

const FONT_PATH = new URL('../../../pwa/public/fonts/wqy-microhei-gb2312.ttf', import.meta.url);
const hasPoppler = spawnSync('pdftotext', ['-v']).error === undefined;

describe.skipIf(!hasPoppler)('buildModelPdf', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fcf-model-pdf-'));
  const fontBase64 = readFileSync(FONT_PATH).toString('base64');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const textOf = (name: string, bytes: ArrayBuffer) => {
    expect(bytes.byteLength).toBeGreaterThan(MIN_PDF_BYTES);
    const path = join(dir, `${name}.pdf`);
    writeFileSync(path, new Uint8Array(bytes));
    const read = spawnSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
    return read.stdout.replace(/\s+/g, ' ');
  };

  it('prints the story model’s value, every lever with its source, the ten years and the formulas', () => {
    const view = modelWhatIfView(SAMPLE_COMPANY_BUNDLE, 'story', { revenue_growth_years_1_5: 0.12 });
    const text = textOf('story', buildModelPdf({ jsPDF, fontBase64 }, view, { generatedAt: new Date() }));
    expect(text).toContain('故事估值模型');
    expect(text).toContain(formatAmount(view.result?.value_per_share));
    for (const lever of view.groups.flatMap((group) => group.levers))
      expect(text).toContain(lever.label.replace('–', '-'));
    expect(text).toContain('我的设定');
    expect(text).toContain('永续期');
    expect(text).toContain('经营资产');
  });

  it('prints 工商银行’s excess returns with the justified P/B, or why levers admit no value', () => {
    const view = modelWhatIfView(ICBC_BUNDLE, 'excess_return', {});
    const text = textOf('bank', buildModelPdf({ jsPDF, fontBase64 }, view, { generatedAt: new Date() }));
    expect(text).toContain('超额收益模型');
    expect(text).toContain(formatAmount(view.result?.value_per_share));
    expect(text).toContain('合理市净率');
    const refused = modelWhatIfView(ICBC_BUNDLE, 'excess_return', { cost_of_equity: 0.01 });
    expect(textOf('refused', buildModelPdf({ jsPDF, fontBase64 }, refused, { generatedAt: new Date() }))).toContain(
      '无法估值',
    );
  });
});
