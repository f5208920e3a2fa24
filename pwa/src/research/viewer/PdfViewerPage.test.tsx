import 'fake-indexeddb/auto';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../api/http.ts';
import { type FetchedPdf, fetchPdf } from '../../api/research-api.ts';
import { click, mount, query, texts, unmountAll, waitUntil } from '../../testing/dom.tsx';
import { RouterProvider } from '../../ui/router.tsx';
import { readSavedPdf, removeSavedPdf } from '../offline-pdfs.ts';
import PdfViewerPage from './PdfViewerPage.tsx';
import { NOT_SAVED_OFFLINE } from './pdf-source.ts';
import { loadPdfJs } from './pdfjs.ts';
import { MISSING_ID } from './use-pdf-document.ts';

const fake = vi.hoisted(() => {
  const render = vi.fn(() => ({ promise: Promise.resolve(), cancel: () => undefined }));
  const page = {
    getViewport: ({ scale }: { scale: number }) => ({ width: 600 * scale, height: 800 * scale }),
    render,
    streamTextContent: () => ({}),
  };
  const doc = { numPages: 3, getPage: async () => page };
  class TextLayer {
    constructor({ container }: { container: HTMLElement }) {
      container.textContent = '家电行业2024年度研究报告';
    }
    render() {
      return Promise.resolve();
    }
    cancel() {}
  }
  const getDocument = vi.fn((_params: { data: Uint8Array }) => ({
    promise: Promise.resolve(doc),
    destroy: async () => undefined,
  }));
  return { render, getDocument, module: { getDocument, TextLayer } };
});

vi.mock('./pdfjs.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./pdfjs.ts')>()),
  loadPdfJs: vi.fn(async () => fake.module),
}));

vi.mock('../../api/research-api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/research-api.ts')>()),
  fetchPdf: vi.fn(),
}));

const BYTES = new TextEncoder().encode('%PDF-1.4 a sample report').buffer;

function fetched(id: number): FetchedPdf {
  return {
    id,
    filename: '家电行业2024年度研究报告.pdf',
    size: BYTES.byteLength,
    sha256: 'abc',
    upload_time: '2025-03-18T01:30:00.000Z',
    data: BYTES.slice(0),
  };
}

/** A click whose follow-up (pages drawn again) settles inside act. */
async function clickAndSettle(target: Element): Promise<void> {
  await act(async () => {
    target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
  });
}

const saveControl = () => query<HTMLButtonElement>(document, '[data-testid="pdf-save-offline"]');
const firstPage = () => document.querySelector<HTMLElement>('.pdf-page[data-page-number="1"]');

async function open(url: string, routeId: string | null = null) {
  window.history.replaceState(null, '', url);
  mount(
    <RouterProvider>
      <PdfViewerPage routeId={routeId} />
    </RouterProvider>,
  );
  await waitUntil(
    () => firstPage()?.dataset.rendered === 'true' || document.querySelector('.pdf-viewer__status--error') !== null,
    'the viewer',
  );
}

beforeEach(() => {
  vi.mocked(fetchPdf).mockImplementation(async (id) => fetched(id));
});

afterEach(async () => {
  unmountAll();
  vi.clearAllMocks();
  await removeSavedPdf(2);
});

describe('the PDF viewer', () => {
  it('opens /pdf-viewer?id= with pdf.js and draws page 1 with its text layer', async () => {
    await open('/pdf-viewer?id=2');
    expect(fetchPdf).toHaveBeenCalledWith(2, expect.any(AbortSignal));
    expect(loadPdfJs).toHaveBeenCalled();
    expect(query(document, '.pdf-viewer__title').textContent).toBe('家电行业2024年度研究报告.pdf');
    expect(query(document, '.pdf-viewer__meta').textContent).toBe('3 页 · 24.00 Bytes');
    expect(document.querySelectorAll('.pdf-page')).toHaveLength(3);
    const canvas = query<HTMLCanvasElement>(document, '.pdf-page[data-page-number="1"] canvas');
    expect(canvas.width).toBeGreaterThan(0);
    expect(canvas.height).toBeGreaterThan(0);
    expect(query(document, '.pdf-page[data-page-number="1"] .textLayer').textContent).toContain('家电行业');
    // pdf.js gets a copy of the bytes and the data files' places.
    const params = fake.getDocument.mock.calls[0]?.[0] as unknown as Record<string, unknown>;
    expect(params).toMatchObject({ cMapUrl: '/pdfjs/cmaps/', cMapPacked: true, isEvalSupported: false });
    expect(new TextDecoder().decode(params.data as Uint8Array)).toBe('%PDF-1.4 a sample report');
    expect(query(document, '.pdf-viewer__page span:last-child').textContent).toBe('/ 3');
  });

  it('opens /pdf-preview/{id} the same way', async () => {
    await open('/pdf-preview/7', '7');
    expect(fetchPdf).toHaveBeenCalledWith(7, expect.any(AbortSignal));
  });

  it('zooms in and out, and back to the automatic width', async () => {
    await open('/pdf-viewer?id=2');
    const zoom = () => query(document, '.pdf-viewer__zoom').textContent;
    const start = zoom();
    const auto = query<HTMLButtonElement>(document, 'button[title="按窗口宽度自动缩放"]');
    expect(auto.disabled).toBe(true);
    await clickAndSettle(query(document, 'button[aria-label="放大"]'));
    expect(zoom()).toBe('120%');
    expect(query<HTMLElement>(document, '.pdf-page').style.width).toBe('720px');
    await clickAndSettle(query(document, 'button[aria-label="缩小"]'));
    await clickAndSettle(query(document, 'button[aria-label="缩小"]'));
    expect(zoom()).toBe('83%');
    await clickAndSettle(auto);
    expect(zoom()).toBe(start);
  });

  it('keeps the report on the device (pdf-save-offline), then opens it with no network', async () => {
    await open('/pdf-viewer?id=2');
    expect(saveControl().getAttribute('aria-pressed')).toBe('false');
    expect(saveControl().textContent).toBe('离线保存');
    click(saveControl());
    await waitUntil(() => saveControl().getAttribute('aria-pressed') === 'true', 'the saved state');
    expect(saveControl().textContent).toBe('✓ 已离线保存');
    const saved = await readSavedPdf(2);
    expect(new TextDecoder().decode(saved?.data)).toBe('%PDF-1.4 a sample report');
    expect(saved).toMatchObject({ filename: '家电行业2024年度研究报告.pdf', sha256: 'abc' });
    unmountAll();

    vi.mocked(fetchPdf).mockClear();
    vi.mocked(fetchPdf).mockRejectedValue(new ApiRequestError('network', '网络连接失败'));
    await open('/pdf-viewer?id=2');
    expect(fetchPdf).not.toHaveBeenCalled();
    expect(firstPage()?.dataset.rendered).toBe('true');
    expect(query(document, '.pdf-viewer__meta').textContent).toContain('本机离线副本');

    // Pressed again, the copy goes.
    click(saveControl());
    await waitUntil(() => saveControl().getAttribute('aria-pressed') === 'false', 'the removed state');
    expect(await readSavedPdf(2)).toBeUndefined();
  });

  it('explains why a report cannot be opened, and retries', async () => {
    vi.mocked(fetchPdf).mockRejectedValueOnce(new ApiRequestError('network', '网络连接失败'));
    await open('/pdf-viewer?id=2');
    expect(query(document, '.pdf-viewer__status--error p').textContent).toBe(NOT_SAVED_OFFLINE);
    expect(saveControl().disabled).toBe(true);
    click(query(document, '.pdf-viewer__status--error button'));
    await waitUntil(() => firstPage()?.dataset.rendered === 'true', 'the retried viewer');
    expect(fetchPdf).toHaveBeenCalledTimes(2);
  });

  it('says a missing report is gone, and a missing id is missing', async () => {
    vi.mocked(fetchPdf).mockRejectedValueOnce(new ApiRequestError('http', '文件不存在或已删除', 404));
    await open('/pdf-viewer?id=404');
    expect(query(document, '.pdf-viewer__status--error p').textContent).toBe('文件不存在或已删除');
    unmountAll();
    await open('/pdf-viewer');
    expect(query(document, '.pdf-viewer__status--error p').textContent).toBe(MISSING_ID);
    expect(document.querySelector('.pdf-viewer__status--error button')).toBeNull();
    expect(texts(document, '.pdf-viewer__title')).toEqual(['无法打开报告']);
  });
});
