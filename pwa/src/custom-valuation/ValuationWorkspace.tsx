import type { TerminalValueMethod, ValuationParameterKey } from '@fcf/engine';
import type { WhatIf } from '@fcf/engine/report';
import { useCallback, useState } from 'react';
import { PriceAgainstValue } from '../ui/PriceAgainstValue.tsx';
import { SensitivityTable } from '../ui/SensitivityTable.tsx';
import { WaccPanel } from '../ui/WaccPanel.tsx';
import { DcfResultTable } from '../valuation-editor/DcfResultTable.tsx';
import { type DriverCommit, DriverTableView } from '../valuation-editor/DriverTableView.tsx';
import { DRIVER_TABLES } from '../valuation-editor/driver-tables.ts';
import { SourceLegend } from '../valuation-editor/SourceLegend.tsx';
import { TerminalValuePanel } from '../valuation-editor/TerminalValuePanel.tsx';
import type { Notify } from '../valuation-editor/use-message.ts';
import { ValuationSummary } from '../valuation-editor/ValuationSummary.tsx';
import { ExportActions } from './ExportActions.tsx';
import type { ValuationSession } from './load-valuation.ts';
import { ReverseDcf } from './ReverseDcf.tsx';
import { StickyResult } from './StickyResult.tsx';
import { UncertaintyPanel } from './uncertainty/UncertaintyPanel.tsx';
import { countEdits, type WhatIfEdit } from './what-if-edit.ts';
import '../valuation-editor/editor.css';

interface WorkspaceProps {
  readonly session: ValuationSession;
  readonly notify: Notify;
  readonly onCommit: (edit: WhatIfEdit) => void;
  /** A draft being typed, recomputed but not stored (null: back to the committed what-if). */
  readonly onPreview: (edit: WhatIfEdit | null) => void;
  readonly onReset: () => void;
  readonly onRestore: (whatIf: WhatIf) => void;
  /** The latest share price, when known: the result bar then shows the margin of safety. */
  readonly price?: number | null;
}

/** Everything below the header once a company is open: figures, the DCF table, the model's tables. */
export function ValuationWorkspace({
  session,
  notify,
  onCommit,
  onPreview,
  onReset,
  onRestore,
  price,
}: WorkspaceProps) {
  const { view, whatIf, engine } = session;
  const { dcf } = view;
  // The what-if 全部恢复 dropped, offered back until the next edit.
  const [undo, setUndo] = useState<WhatIf | null>(null);
  const onError = useCallback((message: string) => notify('error', message), [notify]);

  const commit = useCallback(
    (edit: WhatIfEdit) => {
      setUndo(null);
      onCommit(edit);
    },
    [onCommit],
  );
  const commitParameter = useCallback(
    (param: ValuationParameterKey, value: number) => commit({ kind: 'parameter', param, value }),
    [commit],
  );
  const commitDriver = useCallback(
    ({ year, param, value }: DriverCommit) => commit({ kind: 'driver', year, param, value }),
    [commit],
  );
  const previewParameter = useCallback(
    (param: ValuationParameterKey, value: number | null) =>
      onPreview(value === null ? null : { kind: 'parameter', param, value }),
    [onPreview],
  );
  const previewDriver = useCallback(
    (edit: DriverCommit | null) => onPreview(edit && { kind: 'driver', ...edit }),
    [onPreview],
  );

  const commitTerminal = useCallback(
    (method: TerminalValueMethod, ronic: number | null) => commit({ kind: 'terminal', method, ronic }),
    [commit],
  );

  // One tap, no confirmation: the reader's inputs can be put back with 撤销恢复.
  const restoreAll = () => {
    setUndo(whatIf);
    onReset();
    notify('success', '已恢复为系统参数');
  };
  const undoRestore = () => {
    if (undo) onRestore(undo);
    setUndo(null);
  };

  return (
    <>
      <ValuationSummary dcf={dcf} />
      {view.market && <PriceAgainstValue market={view.market} />}
      <div className="cv-toolbar">
        <SourceLegend />
        <ExportActions
          view={view}
          whatIf={whatIf}
          automaticPerShare={session.automaticPerShare}
          price={price}
          notify={notify}
        />
      </div>
      <DcfResultTable
        view={view}
        whatIf={whatIf}
        onCommit={commitParameter}
        onPreview={previewParameter}
        onError={onError}
        valuePerShareHook={false}
      />
      <WaccPanel breakdown={view.params.wacc_breakdown} manual={view.params.wacc_data.wacc_manual !== null} />
      <TerminalValuePanel view={view} onChange={commitTerminal} />
      {dcf?.sensitivity && dcf.valuation.total_shares > 0 ? (
        <div className="cv-card cv-sensitivity">
          <SensitivityTable grid={dcf.sensitivity} wacc={dcf.wacc} g={dcf.g} />
        </div>
      ) : null}
      <ReverseDcf engine={engine} whatIf={whatIf} marketPrice={view.market?.price ?? null} />
      <UncertaintyPanel engine={engine.uncertainty} company={session.company.code} onError={onError} />
      {DRIVER_TABLES.map((table) => (
        <DriverTableView
          key={table.id}
          table={table}
          data={view.financialData}
          onCommit={commitDriver}
          onPreview={previewDriver}
          onError={onError}
        />
      ))}
      <StickyResult
        dcf={dcf}
        automaticPerShare={session.automaticPerShare}
        price={price}
        edits={countEdits(whatIf, session.platformMethod)}
        onRestoreAll={restoreAll}
        onUndo={undo ? undoRestore : null}
        latestYear={view.latestYear}
      />
    </>
  );
}
