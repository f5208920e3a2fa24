/// <reference types="node" />
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type WorkBook, write } from '@e965/xlsx';
import { formatAmount, type WhatIf, whatIfView } from '@fcf/engine/report';
import { afterAll, describe, expect, it } from 'vitest';
import { DCF_CELLS, modelWorkbook, SHEETS } from './model-workbook.ts';
import { sampleBundle } from './testing/sample-bundle.ts';

/**
 * The exported workbook in a real spreadsheet program: LibreOffice (soffice, Debian's
 * libreoffice-calc-nogui, which .ci/run installs) opens the file, recalculates every formula and writes the
 * DCF sheet as CSV. Its value per share must equal the engine's to the cent, also after WACC is changed in
 * the file with every cached figure left stale: the live formulas compute, not just the cached values.
 * Without soffice this fails (it never skips): the claim "opens in LibreOffice" would go untested.
 */

const BUNDLE = sampleBundle();
const WHAT_IF: WhatIf = {
  parameters: { terminal_growth_rate_manual: 0.025 },
  overrides: { 2026: { operating_revenue_yoy: 0.08, Inventories_Ratio: 0.2 } },
};

/** A LibreOffice profile that recalculates xlsx formulas on load (the default keeps the cached values). */
const RECALCULATE_ON_LOAD = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>0</value></prop></item>
</oor:items>
`;
/** CSV export: comma, double quotes, UTF-8 (76), from line 1, full precision (not as the cell shows it). */
const CSV_FILTER = 'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false';

const dir = mkdtempSync(join(tmpdir(), 'fcf-xlsx-lo-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Converts the workbooks to CSV (their first sheet, DCF估值) with soffice; returns each file's rows. */
function convertWithLibreOffice(files: Record<string, WorkBook>): Record<string, string[][]> {
  const profile = join(dir, 'profile');
  mkdirSync(join(profile, 'user'), { recursive: true });
  writeFileSync(join(profile, 'user', 'registrymodifications.xcu'), RECALCULATE_ON_LOAD);
  const paths = Object.entries(files).map(([name, workbook]) => {
    const path = join(dir, `${name}.xlsx`);
    writeFileSync(path, new Uint8Array(write(workbook, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer));
    return path;
  });
  const out = join(dir, 'csv');
  const result = spawnSync(
    'soffice',
    [
      `-env:UserInstallation=${pathToFileURL(profile).href}`,
      '--headless',
      '--norestore',
      '--convert-to',
      CSV_FILTER,
      '--outdir',
      out,
      ...paths,
    ],
    { encoding: 'utf8', timeout: 120_000 },
  );
  if (result.error) {
    throw new Error(`soffice（LibreOffice）无法运行：${result.error.message}；请安装 libreoffice-calc-nogui`);
  }
  expect(result.status, result.stderr).toBe(0);
  return Object.fromEntries(
    Object.keys(files).map((name) => [
      name,
      readFileSync(join(out, `${name}.csv`), 'utf8')
        .split(/\r?\n/)
        .map((line) => line.split(',')),
    ]),
  );
}

/** The figure LibreOffice computed in a DCF-sheet cell ('B22'). */
function cellOf(rows: string[][], address: string): number {
  const match = /^([A-Z])(\d+)$/.exec(address);
  const column = (match?.[1]?.charCodeAt(0) ?? 0) - 65;
  const text = rows[Number(match?.[2]) - 1]?.[column] ?? '';
  // Percent-formatted cells keep their % sign ('7.47826086956522%'), at full precision.
  const value = text.endsWith('%') ? Number(text.slice(0, -1)) / 100 : Number(text);
  if (text === '' || !Number.isFinite(value)) throw new Error(`${address} is not a number: ${text}`);
  return value;
}

describe('the model workbook in LibreOffice', () => {
  const view = whatIfView(BUNDLE, WHAT_IF);
  const perShare = view.dcf?.valuation.value_per_share ?? Number.NaN;
  const changedWacc = 0.11;
  const atChangedWacc = whatIfView(BUNDLE, {
    ...WHAT_IF,
    parameters: { ...WHAT_IF.parameters, wacc_manual: changedWacc },
  }).dcf?.valuation.value_per_share;

  it('opens without error and recalculates the value per share to the engine’s, to the cent, also at a WACC changed in the file', () => {
    const changed = modelWorkbook(view);
    const waccCell = changed.Sheets[SHEETS.dcf]?.[DCF_CELLS.wacc];
    if (!waccCell) throw new Error('no WACC cell');
    // Only the input changes: every cached figure still shows the old WACC's.
    waccCell.v = changedWacc;
    const driven = whatIfView(BUNDLE, {
      ...WHAT_IF,
      parameters: { ...WHAT_IF.parameters, terminal_value_method: 'value_driver', ronic_manual: 0.15 },
    });
    const sheets = convertWithLibreOffice({ exported: modelWorkbook(view), changed, driven: modelWorkbook(driven) });

    const exported = sheets.exported ?? [];
    expect(cellOf(exported, DCF_CELLS.wacc)).toBeCloseTo(view.dcf?.wacc ?? Number.NaN, 12);
    expect(formatAmount(cellOf(exported, DCF_CELLS.valuePerShare))).toBe(formatAmount(perShare));
    expect(Math.abs(cellOf(exported, DCF_CELLS.valuePerShare) - perShare)).toBeLessThan(0.005);
    expect(cellOf(exported, DCF_CELLS.equityValue)).toBeCloseTo(view.dcf?.valuation.equity_value ?? Number.NaN, 6);

    const recalculated = cellOf(sheets.changed ?? [], DCF_CELLS.valuePerShare);
    expect(atChangedWacc).toBeDefined();
    expect(formatAmount(recalculated)).toBe(formatAmount(atChangedWacc));
    expect(formatAmount(recalculated)).not.toBe(formatAmount(perShare));

    // The value-driver terminal value computes in LibreOffice too.
    const drivenPerShare = driven.dcf?.valuation.value_per_share ?? Number.NaN;
    expect(formatAmount(cellOf(sheets.driven ?? [], DCF_CELLS.valuePerShare))).toBe(formatAmount(drivenPerShare));
  }, 180_000);
});
