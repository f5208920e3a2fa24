import { MODEL_IDS, type ModelId } from '@fcf/engine';
import { type WhatIf, yearLabel } from '@fcf/engine/report';
import { useCallback } from 'react';
import type { Notify } from '../valuation-editor/use-message.ts';
import type { ValuationSession } from './load-valuation.ts';
import { ModelChooser } from './ModelChooser.tsx';
import { ModelWorkspace } from './ModelWorkspace.tsx';
import { UncertaintyPanel } from './uncertainty/UncertaintyPanel.tsx';
import { useModelLevers } from './use-model-levers.ts';
import { ValuationWorkspace } from './ValuationWorkspace.tsx';
import type { WhatIfEdit } from './what-if-edit.ts';

interface CustomWorkspaceProps {
  readonly session: ValuationSession;
  /** The model the address asks for (`model=`), if any. */
  readonly requested: string | null;
  readonly notify: Notify;
  readonly onCommit: (edit: WhatIfEdit) => void;
  readonly onPreview: (edit: WhatIfEdit | null) => void;
  readonly onReset: () => void;
  readonly onRestore: (whatIf: WhatIf) => void;
}

const asModel = (value: string | null): ModelId | null =>
  (MODEL_IDS as readonly string[]).includes(value ?? '') ? (value as ModelId) : null;

/** The open company: the model chooser, then the FCFF's tables or the chosen model's levers. */
export function CustomWorkspace({ session, requested, notify, ...fcff }: CustomWorkspaceProps) {
  const levers = useModelLevers(session, asModel(requested), notify);
  const { view } = session;
  const first = view.forecastYears[0];
  const last = view.forecastYears.at(-1);
  const onError = useCallback((message: string) => notify('error', message), [notify]);
  return (
    <>
      <ModelChooser model={levers.model} choices={session.choices} onChoose={levers.choose} />
      {levers.model === 'fcff' ? (
        <>
          <p className="cv-intro">
            基于 {view.latestYear} 年报，预测期{' '}
            {first !== undefined && last !== undefined ? `${yearLabel(first, true)}–${yearLabel(last, true)}` : '无'}
            。修改预测年度（E）的比率或估值参数，输入时即重新计算，按回车或移开焦点保存，Esc
            撤销输入；某年的设定沿用到以后各年，修改自动保存在本机。
            {session.stale ? <span className="cv-stale">无法连接服务器，显示的是离线缓存数据。</span> : null}
          </p>
          <ValuationWorkspace session={session} notify={notify} {...fcff} />
        </>
      ) : (
        <ModelWorkspace
          view={levers.view}
          edits={levers.edits}
          notify={notify}
          onCommit={levers.commit}
          onPreview={levers.preview}
          onReset={levers.reset}
        />
      )}
      {levers.model === 'excess_return' && session.choices.preferred === 'excess_return' ? (
        // The range rests on the company's own model (docs/model.md 16): here excess returns.
        <UncertaintyPanel engine={session.engine.uncertainty} company={session.company.code} onError={onError} />
      ) : null}
    </>
  );
}
