import { formatBytes } from '@fcf/engine/report';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isStandalone } from '../../ui/open-page.tsx';
import { Link, useQueryParam } from '../../ui/router.tsx';
import { useSavedPdfIds } from '../offline-pdfs.ts';
import { SaveOfflineButton } from '../SaveOfflineButton.tsx';
import { PdfPage } from './PdfPage.tsx';
import { downloadBytes } from './pdf-source.ts';
import { type PdfDocumentState, usePdfDocument } from './use-pdf-document.ts';
import { fitWidthScale, percent, zoomIn, zoomOut } from './zoom.ts';
import './PdfViewerPage.css';

/** A positive integer id from the route (/pdf-preview/{id}) or the query (?id=), else null. */
export function parseReportId(raw: string | null): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

function pageNumbers(count: number): number[] {
  return Array.from({ length: count }, (_, index) => index + 1);
}

type Ready = Extract<PdfDocumentState, { status: 'ready' }>;

/** The page whose area is nearest the top third of the window, as the reader scrolls. */
function useCurrentPage(container: HTMLElement | null, pageCount: number): number {
  const [current, setCurrent] = useState(1);
  useEffect(() => {
    if (!container) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const line = window.innerHeight / 3;
      let best = 1;
      for (const element of container.querySelectorAll<HTMLElement>('[data-page-number]')) {
        if (element.getBoundingClientRect().top <= line) best = Number(element.dataset.pageNumber);
        else break;
      }
      setCurrent(best);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [container]);
  return Math.min(current, Math.max(1, pageCount));
}

function ViewerToolbar({
  ready,
  page,
  scale,
  fitted,
  onGoTo,
  onScale,
  onFit,
}: {
  ready: Ready | null;
  page: number;
  scale: number;
  fitted: boolean;
  onGoTo(page: number): void;
  onScale(scale: number): void;
  onFit(): void;
}) {
  const pageCount = ready?.doc.numPages ?? 0;
  const savedIds = useSavedPdfIds();
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    const wanted = Number(draft);
    setDraft(null);
    if (Number.isInteger(wanted) && wanted >= 1 && wanted <= pageCount) onGoTo(wanted);
  };
  return (
    <div className="pdf-viewer__controls" role="toolbar" aria-label="阅读工具">
      <div className="pdf-viewer__group">
        <button
          type="button"
          className="pdf-viewer__icon"
          onClick={() => onGoTo(page - 1)}
          disabled={!ready || page <= 1}
          aria-label="上一页"
        >
          ‹
        </button>
        <label className="pdf-viewer__page">
          <span className="visually-hidden">页码</span>
          <input
            inputMode="numeric"
            value={draft ?? String(page)}
            disabled={!ready}
            onChange={(event) => setDraft(event.target.value)}
            onBlur={commit}
            onKeyDown={(event) => {
              if (event.key === 'Enter') commit();
              if (event.key === 'Escape') setDraft(null);
            }}
            data-testid="pdf-viewer-page"
          />
          <span>/ {pageCount || '–'}</span>
        </label>
        <button
          type="button"
          className="pdf-viewer__icon"
          onClick={() => onGoTo(page + 1)}
          disabled={!ready || page >= pageCount}
          aria-label="下一页"
        >
          ›
        </button>
      </div>
      <div className="pdf-viewer__group pdf-viewer__group--zoom">
        <button
          type="button"
          className="pdf-viewer__icon"
          onClick={() => onScale(zoomOut(scale))}
          disabled={!ready}
          aria-label="缩小"
        >
          −
        </button>
        <span className="pdf-viewer__zoom" aria-live="polite">
          {percent(scale)}
        </span>
        <button
          type="button"
          className="pdf-viewer__icon"
          onClick={() => onScale(zoomIn(scale))}
          disabled={!ready}
          aria-label="放大"
        >
          +
        </button>
        <button
          type="button"
          className="pdf-viewer__text-button"
          onClick={onFit}
          disabled={!ready || fitted}
          title="按窗口宽度自动缩放"
        >
          自适应
        </button>
      </div>
      <div className="pdf-viewer__group pdf-viewer__group--actions">
        {/* In the installed app the viewer opened in place of the library (no tab to close): a way back. */}
        {isStandalone() && window.history.length > 1 ? (
          <button type="button" className="button button--ghost" onClick={() => window.history.back()}>
            返回
          </button>
        ) : null}
        <button
          type="button"
          className="button button--ghost"
          disabled={!ready}
          onClick={() => ready && downloadBytes(ready.pdf.data, ready.pdf.filename)}
        >
          下载
        </button>
        {ready ? (
          <SaveOfflineButton
            target={{ kind: 'fetched', pdf: ready.pdf }}
            saved={savedIds.has(ready.pdf.id)}
            testId="pdf-save-offline"
          />
        ) : (
          <button type="button" className="button button--ghost" disabled data-testid="pdf-save-offline">
            离线保存
          </button>
        )}
      </div>
    </div>
  );
}

/**
 * The research-report viewer (/pdf-viewer?id=… and /pdf-preview/{id}): pdf.js in the app, since mobile
 * browsers do not show PDFs inline. Pages are drawn as they scroll into view, fitted to the width;
 * − / + zoom; the report can be downloaded and kept on the device for offline reading.
 */
export default function PdfViewerPage({ routeId }: { routeId: string | null }) {
  const queryId = useQueryParam('id');
  const id = parseReportId(routeId ?? queryId);
  const { state, retry } = usePdfDocument(id);
  const ready = state.status === 'ready' ? state : null;
  const [pagesElement, setPagesElement] = useState<HTMLDivElement | null>(null);
  const [manualScale, setManualScale] = useState<number | null>(null);
  const [width, setWidth] = useState(0);
  const current = useCurrentPage(pagesElement, ready?.doc.numPages ?? 0);
  const previousTitle = useRef(document.title);

  useEffect(() => {
    if (!pagesElement) return;
    const measure = () => setWidth(pagesElement.clientWidth);
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [pagesElement]);

  useEffect(() => {
    const original = previousTitle.current;
    if (ready) document.title = `${ready.pdf.filename} - 研究报告`;
    return () => {
      document.title = original;
    };
  }, [ready]);

  const fitScale = ready ? fitWidthScale(width, ready.firstPage.width) : 1;
  const scale = manualScale ?? fitScale;

  const goTo = useCallback(
    (page: number) => {
      pagesElement?.querySelector(`[data-page-number="${page}"]`)?.scrollIntoView({ block: 'start' });
    },
    [pagesElement],
  );

  return (
    <div className="pdf-viewer">
      <header className="pdf-viewer__bar">
        <Link to="/industry-research" className="pdf-viewer__back">
          ‹ 研究报告
        </Link>
        <div className="pdf-viewer__heading">
          <h1 className="pdf-viewer__title" title={ready?.pdf.filename}>
            {ready?.pdf.filename ?? (state.status === 'error' ? '无法打开报告' : '正在打开报告…')}
          </h1>
          {ready && (
            <p className="pdf-viewer__meta">
              {ready.doc.numPages} 页 · {formatBytes(ready.pdf.size)}
              {ready.fromDevice ? ' · 本机离线副本' : ''}
            </p>
          )}
        </div>
        <ViewerToolbar
          ready={ready}
          page={current}
          scale={scale}
          fitted={manualScale === null}
          onGoTo={goTo}
          onScale={setManualScale}
          onFit={() => setManualScale(null)}
        />
      </header>
      {state.status === 'loading' && (
        <p className="pdf-viewer__status" role="status">
          正在加载报告…
        </p>
      )}
      {state.status === 'error' && (
        <div className="pdf-viewer__status pdf-viewer__status--error" role="alert">
          <p>{state.message}</p>
          {id !== null && (
            <button type="button" className="button button--primary" onClick={retry}>
              重试
            </button>
          )}
        </div>
      )}
      <div className="pdf-viewer__pages" ref={setPagesElement} data-testid="pdf-viewer-pages">
        {ready &&
          pageNumbers(ready.doc.numPages).map((pageNumber) => (
            <PdfPage
              key={pageNumber}
              pdfjs={ready.pdfjs}
              doc={ready.doc}
              pageNumber={pageNumber}
              scale={scale}
              placeholder={ready.firstPage}
            />
          ))}
      </div>
    </div>
  );
}
