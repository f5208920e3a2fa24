import type { WhatIf, WhatIfView } from '@fcf/engine/report';
import { useState } from 'react';
import type { Notify } from '../valuation-editor/use-message.ts';
import { exportModelWorkbook, XLSX_FAILED_MESSAGE, XlsxExportError } from '../valuation-editor/xlsx-export.ts';
import { shareCard } from './share-card/share-card.ts';
import { rangeSnapshotOf } from './uncertainty/range-snapshot.ts';
import './ExportActions.css';
import { SHARE_FAILED_MESSAGE, shareCardFile, shareOrDownload } from './share-card/share-card-export.ts';

interface ExportActionsProps {
  readonly view: WhatIfView;
  readonly whatIf: WhatIf;
  readonly automaticPerShare: number | null;
  readonly price?: number | null;
  readonly notify: Notify;
}

/** Taking the valuation away: a portrait card to share, and the model as a spreadsheet with live formulas. */
export function ExportActions({ view, whatIf, automaticPerShare, price, notify }: ExportActionsProps) {
  const [busy, setBusy] = useState<'card' | 'xlsx' | null>(null);

  const share = async () => {
    setBusy('card');
    try {
      const date = new Date();
      const range = rangeSnapshotOf(view.company.code);
      const card = shareCard({ view, whatIf, automaticPerShare, price, url: window.location.href, date, range });
      const file = await shareCardFile(card, view.company.name, date);
      const outcome = await shareOrDownload(file, `${view.company.name} 估值卡片`);
      if (outcome === 'downloaded') notify('success', `已下载 ${file.name}`);
    } catch (error) {
      console.error('share card failed', error);
      notify('error', SHARE_FAILED_MESSAGE);
    } finally {
      setBusy(null);
    }
  };

  const exportXlsx = async () => {
    setBusy('xlsx');
    try {
      notify('success', `已下载 ${await exportModelWorkbook(view, new Date(), rangeSnapshotOf(view.company.code))}`);
    } catch (error) {
      notify('error', error instanceof XlsxExportError ? error.message : XLSX_FAILED_MESSAGE);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="cv-actions">
      <button
        type="button"
        className="button button--ghost"
        data-testid="share-card"
        onClick={share}
        disabled={busy !== null}
        aria-busy={busy === 'card'}
      >
        {busy === 'card' ? '生成中…' : '分享卡片'}
      </button>
      <button
        type="button"
        className="button button--ghost"
        data-testid="export-xlsx"
        onClick={exportXlsx}
        disabled={busy !== null || !view.dcf}
        aria-busy={busy === 'xlsx'}
        title={view.dcf ? '含公式的 Excel 模型：改 WACC 等参数即重新计算' : '当前参数无法估值'}
      >
        {busy === 'xlsx' ? '导出中…' : '导出Excel'}
      </button>
    </div>
  );
}
