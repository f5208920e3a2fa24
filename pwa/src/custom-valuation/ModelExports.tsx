import type { ModelWhatIfView } from '@fcf/engine/report';
import { useState } from 'react';
import type { Notify } from '../valuation-editor/use-message.ts';
import { exportModelPdf, exportModelXlsx, MODEL_EXPORT_FAILED, ModelExportError } from './model-exports.ts';
import './ExportActions.css';

/** The story or excess-return model as a spreadsheet with live formulas, or as a PDF. */
export function ModelExports({ view, notify }: { view: ModelWhatIfView; notify: Notify }) {
  const [busy, setBusy] = useState<'xlsx' | 'pdf' | null>(null);
  const run = async (kind: 'xlsx' | 'pdf') => {
    setBusy(kind);
    try {
      const name = await (kind === 'xlsx' ? exportModelXlsx(view) : exportModelPdf(view));
      notify('success', `已下载 ${name}`);
    } catch (error) {
      notify('error', error instanceof ModelExportError ? error.message : MODEL_EXPORT_FAILED[kind]);
    } finally {
      setBusy(null);
    }
  };
  const disabled = busy !== null || !view.result;
  return (
    <div className="cv-actions">
      <button
        type="button"
        className="button button--ghost"
        data-testid="model-export-xlsx"
        onClick={() => run('xlsx')}
        disabled={disabled}
        aria-busy={busy === 'xlsx'}
      >
        {busy === 'xlsx' ? '导出中…' : '导出Excel'}
      </button>
      <button
        type="button"
        className="button button--ghost"
        data-testid="model-export-pdf"
        onClick={() => run('pdf')}
        disabled={disabled}
        aria-busy={busy === 'pdf'}
      >
        {busy === 'pdf' ? '生成中…' : '下载PDF'}
      </button>
    </div>
  );
}
