import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import type { PdfJsModule } from './pdfjs.ts';

interface PdfPageProps {
  readonly pdfjs: PdfJsModule;
  readonly doc: PDFDocumentProxy;
  readonly pageNumber: number;
  readonly scale: number;
  /** The size to hold before this page's own size is known (page 1's), at scale 1. */
  readonly placeholder: { readonly width: number; readonly height: number };
}

/** Near the viewport: rendered. Farther: the canvas is released, so a long report does not fill memory. */
const ROOT_MARGIN = '150% 0px';
/** Sharper on high-density screens, but at most 2× (a canvas per page is width × height × 4 bytes). */
const MAX_OUTPUT_SCALE = 2;

function useNearViewport(element: HTMLElement | null): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => setNear(entries.some((entry) => entry.isIntersecting)), {
      rootMargin: ROOT_MARGIN,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return near;
}

/**
 * One page: a canvas drawn by pdf.js at the current scale (and the device's pixel ratio) with a text
 * layer over it, so the text can be selected and copied. Drawn when it comes near the viewport.
 */
export function PdfPage({ pdfjs, doc, pageNumber, scale, placeholder }: PdfPageProps) {
  const [wrapper, setWrapper] = useState<HTMLDivElement | null>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const [page, setPage] = useState<PDFPageProxy | null>(null);
  const [rendered, setRendered] = useState(false);
  const [failed, setFailed] = useState(false);
  const near = useNearViewport(wrapper);

  useEffect(() => {
    let live = true;
    doc.getPage(pageNumber).then(
      (loaded) => {
        if (live) setPage(loaded);
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [doc, pageNumber]);

  useEffect(() => {
    const canvas = canvasRef.current;
    const text = textRef.current;
    if (!page || !canvas || !text) return;
    if (!near) {
      // Release the bitmap; it is drawn again when the page comes back.
      canvas.width = 0;
      canvas.height = 0;
      text.replaceChildren();
      setRendered(false);
      return;
    }
    const viewport = page.getViewport({ scale });
    const ratio = Math.min(window.devicePixelRatio || 1, MAX_OUTPUT_SCALE);
    canvas.width = Math.floor(viewport.width * ratio);
    canvas.height = Math.floor(viewport.height * ratio);
    const task = page.render({
      canvas,
      viewport,
      ...(ratio !== 1 ? { transform: [ratio, 0, 0, ratio, 0, 0] } : {}),
    });
    text.replaceChildren();
    const textLayer = new pdfjs.TextLayer({ textContentSource: page.streamTextContent(), container: text, viewport });
    let live = true;
    setRendered(false);
    Promise.all([task.promise, textLayer.render()]).then(
      () => {
        if (live) setRendered(true);
      },
      (error: unknown) => {
        if (live && !(error instanceof Error && error.name === 'RenderingCancelledException')) setFailed(true);
      },
    );
    return () => {
      live = false;
      task.cancel();
      textLayer.cancel();
    };
  }, [pdfjs, page, near, scale]);

  const base = page ? page.getViewport({ scale: 1 }) : placeholder;
  const width = Math.floor(base.width * scale);
  const height = Math.floor(base.height * scale);
  const style = { width, height, '--scale-factor': scale } as CSSProperties;
  return (
    <div
      ref={setWrapper}
      className="pdf-page"
      style={style}
      data-page-number={pageNumber}
      data-rendered={rendered ? 'true' : 'false'}
    >
      <canvas ref={canvasRef} className="pdf-page__canvas" style={{ width, height }} />
      <div ref={textRef} className="textLayer pdf-page__text" />
      {!rendered && !failed && <span className="pdf-page__loading">第 {pageNumber} 页加载中…</span>}
      {failed && <span className="pdf-page__loading">第 {pageNumber} 页无法显示</span>}
    </div>
  );
}
