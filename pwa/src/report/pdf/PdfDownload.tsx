import type { CompanyReport } from '@fcf/engine/report';
import { useEffect, useReducer, useRef } from 'react';
import { ProgressPill } from '../../ui/ProgressPill.tsx';
import {
  isGenerating,
  MESSAGES,
  PDF_ERROR_MS,
  PDF_IDLE,
  PDF_PROGRESS_TICK_MS,
  PDF_RESET_DELAY_MS,
  pdfReducer,
  pdfSizeProblem,
  progressOf,
} from './pdf-download.ts';
import { makeCompanyPdf, pdfFailureMessage, saveFile } from './pdf-file.ts';
import './PdfDownload.css';

export interface PdfDownloadProps {
  /** The selected company (name or code), null when none is. */
  readonly company: string | null;
  /** The report on screen; the PDF is made from it in the browser, offline too. */
  readonly report: CompanyReport | null;
}

/**
 * The analysis page's PDF download area: '下载PDF报告', a progress bar that rises at
 * random to 80 while the PDF is made and shows 100 for 1 s at the end, and an error that clears after 5 s.
 */
export function PdfDownload({ company, report }: PdfDownloadProps) {
  const [state, dispatch] = useReducer(pdfReducer, PDF_IDLE);
  const timers = useRef<{ tick?: ReturnType<typeof setInterval>; clear?: ReturnType<typeof setTimeout> }>({});
  const running = useRef(false);

  useEffect(
    () => () => {
      clearInterval(timers.current.tick);
      clearTimeout(timers.current.clear);
    },
    [],
  );

  const resetAfter = (delay: number) => {
    clearTimeout(timers.current.clear);
    timers.current.clear = setTimeout(() => dispatch({ type: 'reset' }), delay);
  };

  const download = async () => {
    if (!company) {
      window.alert(MESSAGES.noCompany);
      return;
    }
    if (running.current) return;
    running.current = true;
    clearTimeout(timers.current.clear);
    dispatch({ type: 'start' });
    timers.current.tick = setInterval(() => dispatch({ type: 'tick', random: Math.random() }), PDF_PROGRESS_TICK_MS);
    try {
      const file = await makeCompanyPdf(company, report, new Date());
      const problem = pdfSizeProblem(file.bytes.byteLength);
      if (problem) throw new Error(problem);
      saveFile(file);
      clearInterval(timers.current.tick);
      dispatch({ type: 'complete' });
      resetAfter(PDF_RESET_DELAY_MS);
    } catch (error) {
      clearInterval(timers.current.tick);
      dispatch({ type: 'fail', message: pdfFailureMessage(error) });
      resetAfter(PDF_ERROR_MS);
    } finally {
      running.current = false;
    }
  };

  const progress = progressOf(state);
  const generating = isGenerating(state);
  return (
    <div className="pdf-download" data-testid="pdf-download">
      <button
        type="button"
        className="button button--primary"
        onClick={download}
        disabled={generating}
        aria-busy={generating}
      >
        {generating ? '正在生成PDF…' : '下载PDF报告'}
      </button>
      {progress !== null && <ProgressPill percent={progress} text={`${Math.round(progress)}%`} label="PDF生成进度" />}
      {state.status === 'done' && <span className="pdf-download__done">PDF已生成</span>}
      {state.status === 'error' && (
        <span className="pdf-download__error" role="alert">
          {state.message}
        </span>
      )}
    </div>
  );
}
