import type { PDFDocumentLoadingTask, PDFDocumentProxy } from 'pdfjs-dist';
import { useCallback, useEffect, useState } from 'react';
import type { FetchedPdf } from '../../api/research-api.ts';
import { openPdfSource } from './pdf-source.ts';
import { documentParams, loadPdfJs, openErrorMessage, type PdfJsModule } from './pdfjs.ts';

export type PdfDocumentState =
  | { readonly status: 'loading' }
  | { readonly status: 'error'; readonly message: string }
  | {
      readonly status: 'ready';
      readonly pdfjs: PdfJsModule;
      readonly doc: PDFDocumentProxy;
      readonly pdf: FetchedPdf;
      readonly fromDevice: boolean;
      /** Page 1's size at scale 1 (PDF points), for fit-to-width and placeholders. */
      readonly firstPage: { readonly width: number; readonly height: number };
    };

export const MISSING_ID = '缺少报告编号，请从研究报告列表打开';

/** Opens report `id` (device copy first, else the server's) with pdf.js; `retry` tries again. */
export function usePdfDocument(id: number | null): { state: PdfDocumentState; retry(): void } {
  const [state, setState] = useState<PdfDocumentState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((value) => value + 1), []);

  useEffect(() => {
    if (id === null) {
      setState({ status: 'error', message: MISSING_ID });
      return;
    }
    // Bumps the effect on retry.
    void attempt;
    const controller = new AbortController();
    let task: PDFDocumentLoadingTask | null = null;
    setState({ status: 'loading' });
    (async () => {
      const [pdfjs, source] = await Promise.all([loadPdfJs(), openPdfSource(id, controller.signal)]);
      if (controller.signal.aborted) return;
      // A copy: pdf.js transfers the buffer to its worker, and the page keeps the bytes to save or download.
      task = pdfjs.getDocument(documentParams(new Uint8Array(source.pdf.data.slice(0))));
      const doc = await task.promise;
      const first = (await doc.getPage(1)).getViewport({ scale: 1 });
      if (controller.signal.aborted) return;
      setState({
        status: 'ready',
        pdfjs,
        doc,
        pdf: source.pdf,
        fromDevice: source.fromDevice,
        firstPage: { width: first.width, height: first.height },
      });
    })().catch((error: unknown) => {
      if (!controller.signal.aborted) setState({ status: 'error', message: openErrorMessage(error) });
    });
    return () => {
      controller.abort();
      void task?.destroy();
    };
  }, [id, attempt]);

  return { state, retry };
}
