import type { JsPdfConstructor } from '@fcf/engine/pdf';

/**
 * What making a PDF in the browser loads on first use: jspdf and the report font (the report's PDF and the
 * custom page's model PDF). Loaded only on a click, so neither is in the first screen's bundle.
 */

/** jspdf, the font or the generator chunk could not be loaded: the server may still make the PDF. */
export class PdfResourceError extends Error {
  override readonly name = 'PdfResourceError';
}

const NETWORK_MESSAGE = '网络连接失败';

/** The report font (pwa/public/fonts), precached by the service worker for offline PDFs. */
const REPORT_FONT_URL = '/fonts/wqy-microhei-gb2312.ttf';

/** Bytes → base64 (jsPDF's addFileToVFS takes the font so), in chunks that the call stack can take. */
export function base64FromBytes(bytes: Uint8Array): string {
  const CHUNK = 0x8000;
  let binary = '';
  for (let start = 0; start < bytes.length; start += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(start, start + CHUNK));
  }
  return btoa(binary);
}

let fontBase64: Promise<string> | null = null;

/** The font as base64, fetched once per page load (1.3 MB; the service worker serves it offline). */
export function loadReportFont(fetcher: typeof fetch = fetch): Promise<string> {
  if (fontBase64) return fontBase64;
  const loading = (async () => {
    let response: Response;
    try {
      response = await fetcher(REPORT_FONT_URL);
    } catch {
      throw new PdfResourceError(NETWORK_MESSAGE);
    }
    if (!response.ok) throw new PdfResourceError(`字体加载失败 (HTTP ${response.status})`);
    return base64FromBytes(new Uint8Array(await response.arrayBuffer()));
  })();
  fontBase64 = loading;
  // A failure is not kept: the next click tries again.
  loading.catch(() => {
    if (fontBase64 === loading) fontBase64 = null;
  });
  return loading;
}

/** Forgets the cached font (tests). */
export function forgetReportFont(): void {
  fontBase64 = null;
}

export async function loadJsPdf(): Promise<JsPdfConstructor> {
  try {
    const { jsPDF } = await import('jspdf');
    return jsPDF;
  } catch (error) {
    throw new PdfResourceError(error instanceof Error ? error.message : 'jspdf 加载失败');
  }
}
