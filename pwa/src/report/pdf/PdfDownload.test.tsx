import type { CompanyReport } from '@fcf/engine/report';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { advance, click, mount, query, settle, unmountAll } from '../../testing/dom.tsx';
import { sampleReport } from '../testing/sample-report.ts';
import { PdfDownload } from './PdfDownload.tsx';
import type { PdfFile } from './pdf-file.ts';

/** The browser generator, controlled by the test: each call waits until the test resolves it. */
const generator = vi.hoisted(() => ({
  calls: [] as { report: CompanyReport; resolve: (file: PdfFile) => void; reject: (error: Error) => void }[],
}));

vi.mock('./pdf-generate.ts', () => ({
  generatePdfInBrowser: (report: CompanyReport) =>
    new Promise<PdfFile>((resolve, reject) => generator.calls.push({ report, resolve, reject })),
}));

const report = sampleReport();
const pdfOf = (size: number): PdfFile => ({ bytes: new ArrayBuffer(size), fileName: '样本公司-财务分析报告_x.pdf' });
const progress = (container: HTMLElement) => container.querySelector('[role="progressbar"]');

describe('PdfDownload', () => {
  let createObjectURL: ReturnType<typeof vi.fn>;
  let clicked: string[];

  beforeEach(() => {
    vi.useFakeTimers();
    generator.calls = [];
    clicked = [];
    createObjectURL = vi.fn(() => 'blob:pdf');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
  });
  afterEach(() => {
    unmountAll();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('asks for a company first', () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const view = mount(<PdfDownload company={null} report={null} />);
    click(query(view.container, 'button'));
    expect(alert).toHaveBeenCalledWith('请先选择一家公司');
    expect(progress(view.container)).toBeNull();
  });

  it('makes the PDF in the browser with progress: random rise to at most 80, then 100, idle 1 s later', async () => {
    const view = mount(<PdfDownload company="样本公司" report={report} />);
    const button = query<HTMLButtonElement>(view.container, 'button');
    expect(button.textContent).toBe('下载PDF报告');
    click(button);
    await settle();
    expect(generator.calls).toHaveLength(1);
    expect(generator.calls[0]?.report).toBe(report);
    expect(button.disabled).toBe(true);
    const values: number[] = [];
    for (let tick = 0; tick < 12; tick++) {
      advance(800);
      values.push(Number(progress(view.container)?.getAttribute('aria-valuenow')));
    }
    expect(Math.max(...values)).toBeLessThanOrEqual(80);
    expect(values.at(-1)).toBeGreaterThan(0);

    generator.calls[0]?.resolve(pdfOf(50_000));
    await settle();
    expect(progress(view.container)?.getAttribute('aria-valuenow')).toBe('100');
    expect(clicked).toEqual(['样本公司-财务分析报告_x.pdf']);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    advance(999);
    expect(progress(view.container)).not.toBeNull();
    advance(1);
    expect(progress(view.container)).toBeNull();
    expect(button.disabled).toBe(false);
  });

  it('fails a PDF under 1000 bytes and clears the error after 5 s', async () => {
    const view = mount(<PdfDownload company="000001" report={report} />);
    click(query(view.container, 'button'));
    await settle();
    generator.calls[0]?.resolve(pdfOf(999));
    await settle();
    expect(query(view.container, '[role="alert"]').textContent).toBe('PDF生成失败，文件过小，请重试');
    expect(clicked).toEqual([]);
    advance(4999);
    expect(view.container.querySelector('[role="alert"]')).not.toBeNull();
    advance(1);
    expect(view.container.querySelector('[role="alert"]')).toBeNull();
  });

  it('asks the server when the report is not on screen, saying why on failure', async () => {
    const fetcher = vi.fn<typeof fetch>(async () => Response.json({ message: 'down' }, { status: 503 }));
    vi.stubGlobal('fetch', fetcher);
    const view = mount(<PdfDownload company="格力电器" report={report} />);
    click(query(view.container, 'button'));
    await settle();
    expect(fetcher).toHaveBeenCalledWith('/api/pdf/generate', expect.objectContaining({ method: 'POST' }));
    expect(generator.calls).toHaveLength(0);
    expect(query(view.container, '[role="alert"]').textContent).toBe('PDF服务暂时不可用');
    vi.unstubAllGlobals();
  });
});
