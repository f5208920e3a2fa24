import type * as PdfJs from 'pdfjs-dist';

/**
 * pdf.js, loaded on first use (it stays out of every other page's bytes). Its worker is a separate .mjs
 * file that the service worker precaches, so the viewer works offline.
 */
export type PdfJsModule = typeof PdfJs;

let loading: Promise<PdfJsModule> | null = null;

export function loadPdfJs(): Promise<PdfJsModule> {
  if (!loading) {
    loading = Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]).then(
      ([pdfjs, worker]) => {
        pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
        return pdfjs;
      },
    );
    // A failed load (offline before the files were cached) is tried again next time.
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}

/** Where the build puts pdf.js's data files (vite.config.ts, pdfjsData). */
const DATA = '/pdfjs/';

/** getDocument's options for bytes in memory: CJK CMaps, standard fonts and decoders from /pdfjs/. */
export function documentParams(data: Uint8Array) {
  return {
    data,
    cMapUrl: `${DATA}cmaps/`,
    cMapPacked: true,
    standardFontDataUrl: `${DATA}standard_fonts/`,
    wasmUrl: `${DATA}wasm/`,
    iccUrl: `${DATA}iccs/`,
    // The app's Content-Security-Policy has no 'unsafe-eval'.
    isEvalSupported: false,
  };
}

/** What a failed open says to a reader. */
export function openErrorMessage(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  if (name === 'PasswordException') return '该PDF已加密，暂不支持在线阅读，请下载后查看';
  if (name === 'InvalidPDFException') return 'PDF文件已损坏或格式无效';
  if (name === 'MissingPDFException') return '文件不存在或已删除';
  return error instanceof Error && error.message ? error.message : 'PDF加载失败，请稍后重试';
}
