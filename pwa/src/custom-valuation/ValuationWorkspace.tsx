import type { TerminalValueMethod, ValuationParameterKey } from '@fcf/engine';
import { useCallback, useState } from 'react';
import { SensitivityTable } from '../ui/SensitivityTable.tsx';
import { WaccPanel } from '../ui/WaccPanel.tsx';
import { DcfResultTable } from '../valuation-editor/DcfResultTable.tsx';
import { type DriverCommit, DriverTableView } from '../valuation-editor/DriverTableView.tsx';
import { DRIVER_TABLES } from '../valuation-editor/driver-tables.ts';
import { exportDcfImage, IMAGE_FAILED_MESSAGE, ImageExportError } from '../valuation-editor/image-export.ts';
import { SourceLegend } from '../valuation-editor/SourceLegend.tsx';
import { TerminalValuePanel } from '../valuation-editor/TerminalValuePanel.tsx';
import type { Notify } from '../valuation-editor/use-message.ts';
import { ValuationSummary } from '../valuation-editor/ValuationSummary.tsx';
import type { ValuationSession } from './load-valuation.ts';
import { ReverseDcf } from './ReverseDcf.tsx';
import { isEmptyWhatIf, type WhatIfEdit } from './what-if-edit.ts';
import '../valuation-editor/editor.css';

const RESET_CONFIRM_MESSAGE = '确定清除您对该公司的全部修改，恢复为系统参数吗？';

interface WorkspaceProps {
  readonly session: ValuationSession;
  readonly notify: Notify;
  readonly onCommit: (edit: WhatIfEdit) => void;
  readonly onReset: () => void;
}

/** Everything below the header once a company is open: figures, the DCF table, the model's tables. */
export function ValuationWorkspace({ session, notify, onCommit, onReset }: WorkspaceProps) {
  const { view, whatIf, engine } = session;
  const { dcf } = view;
  const [downloading, setDownloading] = useState(false);
  const onError = useCallback((message: string) => notify('error', message), [notify]);

  const commitParameter = useCallback(
    (param: ValuationParameterKey, value: number) => onCommit({ kind: 'parameter', param, value }),
    [onCommit],
  );
  const commitDriver = useCallback(
    ({ year, param, value }: DriverCommit) => onCommit({ kind: 'driver', year, param, value }),
    [onCommit],
  );

  const commitTerminal = useCallback(
    (method: TerminalValueMethod, ronic: number | null) => onCommit({ kind: 'terminal', method, ronic }),
    [onCommit],
  );

  const download = async () => {
    setDownloading(true);
    try {
      const fileName = await exportDcfImage(view);
      notify('success', `已下载 ${fileName}`);
    } catch (error) {
      notify('error', error instanceof ImageExportError ? error.message : IMAGE_FAILED_MESSAGE);
    } finally {
      setDownloading(false);
    }
  };

  const reset = () => {
    if (!window.confirm(RESET_CONFIRM_MESSAGE)) return;
    onReset();
    notify('success', '已恢复为系统参数');
  };

  const changed = !isEmptyWhatIf(whatIf);
  return (
    <>
      <ValuationSummary dcf={dcf} />
      <div className="cv-toolbar">
        <SourceLegend />
        <button type="button" className="button button--ghost cv-reset" onClick={reset} disabled={!changed}>
          重置我的修改
        </button>
      </div>
      <DcfResultTable
        view={view}
        whatIf={whatIf}
        downloading={downloading}
        onCommit={commitParameter}
        onError={onError}
        onDownload={download}
      />
      <WaccPanel breakdown={view.params.wacc_breakdown} manual={view.params.wacc_data.wacc_manual !== null} />
      <TerminalValuePanel view={view} onChange={commitTerminal} />
      {dcf?.sensitivity && dcf.valuation.share_capital > 0 ? (
        <div className="cv-card cv-sensitivity">
          <SensitivityTable grid={dcf.sensitivity} wacc={dcf.wacc} g={dcf.g} />
        </div>
      ) : null}
      <ReverseDcf engine={engine} whatIf={whatIf} />
      {DRIVER_TABLES.map((table) => (
        <DriverTableView
          key={table.id}
          table={table}
          data={view.financialData}
          onCommit={commitDriver}
          onError={onError}
        />
      ))}
    </>
  );
}
