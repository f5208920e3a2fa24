import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetReportFont, loadReportFont } from '../../lib/pdf-resources.ts';
import {
  base64FromBytes,
  fileNameFromContentDisposition,
  nextProgress,
  PDF_IDLE,
  PDF_PROGRESS_MAX,
  type PdfState,
  pdfDownloadName,
  pdfErrorMessage,
  pdfReducer,
  pdfSizeProblem,
  progressOf,
} from './pdf-download.ts';
import { pdfFailureMessage, pdfRequestBody, reportMatches, requestServerPdf } from './pdf-file.ts';

describe('PDF progress', () => {
  it('rises at random on each tick, never past 80 before completion', () => {
    let state: PdfState = pdfReducer(PDF_IDLE, { type: 'start' });
    expect(state).toEqual({ status: 'generating', progress: 0 });
    const seen: number[] = [];
    for (let tick = 0; tick < 40; tick++) {
      state = pdfReducer(state, { type: 'tick', random: (tick * 0.37) % 1 });
      seen.push(progressOf(state) ?? -1);
    }
    expect(seen.every((value, index) => value >= (seen[index - 1] ?? 0))).toBe(true);
    expect(Math.max(...seen)).toBe(PDF_PROGRESS_MAX);
    expect(nextProgress(79, 0.99)).toBe(80);
    expect(nextProgress(10, 0)).toBe(10);
    expect(nextProgress(10, 2)).toBe(25);
  });

  it('goes to 100 on completion and back to idle on reset', () => {
    const generating = pdfReducer(pdfReducer(PDF_IDLE, { type: 'start' }), { type: 'tick', random: 0.5 });
    const done = pdfReducer(generating, { type: 'complete' });
    expect(done).toEqual({ status: 'done', progress: 100 });
    expect(pdfReducer(done, { type: 'tick', random: 0.5 })).toBe(done);
    expect(pdfReducer(done, { type: 'reset' })).toEqual(PDF_IDLE);
    expect(progressOf(PDF_IDLE)).toBeNull();
  });

  it('shows an error until reset, and a late reset never clears a new run', () => {
    const failed = pdfReducer(pdfReducer(PDF_IDLE, { type: 'start' }), { type: 'fail', message: '网络连接失败' });
    expect(failed).toEqual({ status: 'error', message: '网络连接失败' });
    expect(progressOf(failed)).toBeNull();
    const again = pdfReducer(failed, { type: 'start' });
    expect(pdfReducer(again, { type: 'reset' })).toBe(again);
    expect(pdfReducer(again, { type: 'start' })).toBe(again);
  });
});

describe('PDF file names', () => {
  it('adds the local date and time to the default name', () => {
    expect(pdfDownloadName('美的集团', new Date(2026, 4, 1, 9, 3, 5))).toBe(
      '美的集团-财务分析报告_20260501_090305.pdf',
    );
  });

  it('reads the name of a Content-Disposition, the UTF-8 one first', () => {
    const encoded = encodeURIComponent('美的集团-财务分析报告.pdf');
    expect(
      fileNameFromContentDisposition(`attachment; filename="000333-report.pdf"; filename*=UTF-8''${encoded}`),
    ).toBe('美的集团-财务分析报告.pdf');
    expect(fileNameFromContentDisposition('attachment; filename="report.pdf"')).toBe('report.pdf');
    expect(fileNameFromContentDisposition('attachment; filename=report.pdf')).toBe('report.pdf');
    expect(fileNameFromContentDisposition("attachment; filename*=UTF-8''%E0%A4%A")).toBeNull();
    expect(fileNameFromContentDisposition('attachment')).toBeNull();
    expect(fileNameFromContentDisposition(null)).toBeNull();
  });
});

describe('PDF checks and messages', () => {
  it('fails a PDF under 1000 bytes', () => {
    expect(pdfSizeProblem(999)).toBe('PDF生成失败，文件过小，请重试');
    expect(pdfSizeProblem(1000)).toBeNull();
  });

  it('maps the server statuses to messages', () => {
    expect(pdfErrorMessage(503, { message: 'x' })).toBe('PDF服务暂时不可用');
    expect(pdfErrorMessage(500, null)).toBe('服务器内部错误，请联系技术支持');
    expect(pdfErrorMessage(404, { message: '接口不存在，请检查请求地址' })).toBe('PDF生成接口不存在');
    expect(pdfErrorMessage(404, null)).toBe('PDF生成接口不存在');
    expect(pdfErrorMessage(404, { message: '未找到公司"某某"的数据，请确认名称或代码' })).toBe(
      '未找到公司"某某"的数据，请确认名称或代码',
    );
    expect(pdfErrorMessage(422, { message: '该公司暂无历史财务数据，无法生成预测', detail: '美的：…' })).toBe(
      '该公司暂无历史财务数据，无法生成预测',
    );
    expect(pdfErrorMessage(400, { detail: '参数错误' })).toBe('参数错误');
    expect(pdfErrorMessage(418, 'teapot')).toBe('生成失败 (HTTP 418)');
  });

  it('names failures without a Chinese message as PDF failures', () => {
    expect(pdfFailureMessage(new Error('网络连接失败'))).toBe('网络连接失败');
    expect(pdfFailureMessage(new Error('boom'))).toBe('PDF生成失败：boom');
    expect(pdfFailureMessage('?')).toBe('PDF生成失败，请重试');
  });
});

describe('base64 of the font bytes', () => {
  it('encodes like btoa, also for more bytes than one call can take', () => {
    expect(base64FromBytes(new TextEncoder().encode('Man'))).toBe('TWFu');
    const bytes = Uint8Array.from({ length: 200_001 }, (_, index) => (index * 31) % 256);
    const decoded = atob(base64FromBytes(bytes));
    expect(decoded.length).toBe(bytes.length);
    expect([...decoded].every((char, index) => char.charCodeAt(0) === bytes[index])).toBe(true);
  });
});

describe('loading the font and asking the server', () => {
  afterEach(() => forgetReportFont());

  it('fetches the font once and keeps its base64', async () => {
    const fetcher = vi.fn(async () => new Response(new Uint8Array([77, 97, 110])));
    expect(await loadReportFont(fetcher)).toBe('TWFu');
    expect(await loadReportFont(fetcher)).toBe('TWFu');
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(fetcher).toHaveBeenCalledWith('/fonts/wqy-microhei-gb2312.ttf');
  });

  it('does not keep a failed font load', async () => {
    const fetcher = vi
      .fn<typeof fetch>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(new Response(new Uint8Array([77, 97, 110])));
    await expect(loadReportFont(fetcher)).rejects.toThrow('网络连接失败');
    expect(await loadReportFont(fetcher)).toBe('TWFu');
  });

  it('posts the PDF request and takes the name from the answer, with the time suffix', async () => {
    const now = new Date(2026, 4, 1, 14, 30, 5);
    const fetcher = vi.fn<typeof fetch>(
      async () =>
        new Response(new Uint8Array(2000), {
          headers: {
            'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent('美的集团-财务分析报告.pdf')}`,
          },
        }),
    );
    const file = await requestServerPdf('美的集团', now, fetcher);
    expect(file.bytes.byteLength).toBe(2000);
    expect(file.fileName).toBe('美的集团-财务分析报告_20260501_143005.pdf');
    const [path, init] = fetcher.mock.calls[0] ?? [];
    expect(path).toBe('/api/pdf/generate');
    expect(JSON.parse(String(init?.body))).toEqual(pdfRequestBody('美的集团', now));
    expect(pdfRequestBody('美的集团', now)).toMatchObject({
      userId: '美的集团',
      reportType: 'standard',
      template: 'default',
      dataSnapshot: { companyName: '美的集团', version: '3.3.0-optimized' },
    });
  });

  it('words server failures and a lost connection', async () => {
    const status = (code: number) => vi.fn<typeof fetch>(async () => Response.json({ message: 'x' }, { status: code }));
    await expect(requestServerPdf('美的集团', new Date(), status(503))).rejects.toThrow('PDF服务暂时不可用');
    await expect(requestServerPdf('美的集团', new Date(), status(500))).rejects.toThrow('服务器内部错误');
    const offline = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(requestServerPdf('美的集团', new Date(), offline)).rejects.toThrow('网络连接失败');
  });

  it('matches the report on screen by company name or code', () => {
    const report = { company: { name: '美的集团', code: '000333', industry: '制造业' } } as Parameters<
      typeof reportMatches
    >[0];
    expect(reportMatches(report, '美的集团')).toBe(true);
    expect(reportMatches(report, '000333')).toBe(true);
    expect(reportMatches(report, '格力电器')).toBe(false);
    expect(reportMatches(null, '美的集团')).toBe(false);
  });
});
