import { useCallback } from 'react';
import { DEFAULT_COMPANY } from '../../lib/default-company.ts';
import { useSyncService, useSyncStatus } from '../../sync/use-sync-status.ts';
import { useQueryParam } from '../../ui/router.tsx';
import { SensitivityTable } from '../../ui/SensitivityTable.tsx';
import { DcfResultTable } from '../../valuation-editor/DcfResultTable.tsx';
import { DriverTableView } from '../../valuation-editor/DriverTableView.tsx';
import { DRIVER_TABLES } from '../../valuation-editor/driver-tables.ts';
import { exportDcfImage, IMAGE_FAILED_MESSAGE, ImageExportError } from '../../valuation-editor/image-export.ts';
import { MessageBanner } from '../../valuation-editor/MessageBanner.tsx';
import { SourceLegend } from '../../valuation-editor/SourceLegend.tsx';
import { useMessage } from '../../valuation-editor/use-message.ts';
import { ValuationSummary } from '../../valuation-editor/ValuationSummary.tsx';
import { AdminChoiceToggle } from './AdminChoiceToggle.tsx';
import { ADMIN_CHOICE_SPECS } from './admin-choice.ts';
import { ResetToAuto } from './ResetToAuto.tsx';
import { StatusCards } from './StatusCards.tsx';
import { SyncPanel } from './SyncPanel.tsx';
import { useFcfParameters } from './use-fcf-parameters.ts';
import '../../valuation-editor/editor.css';
import './fcf-parameters.css';

/**
 * The FCF parameter page: the admin's forecast and valuation parameters for one company. Every edit
 * recomputes at once in the worker and goes to the sync outbox, offline too; the server stores the
 * valuation as it applies each edit, so the page saves nothing itself.
 */
export default function FcfParametersPage() {
  const query = useQueryParam('company')?.trim() || DEFAULT_COMPANY;
  const { message, notify, dismiss } = useMessage();
  const service = useSyncService();
  const status = useSyncStatus(service);
  const { state, commitDriver, commitParameter, resetToAuto, setAdminChoice, savingChoice, range } = useFcfParameters(
    query,
    service,
    notify,
  );
  const ready = state.status === 'ready' ? state : null;
  const onError = useCallback((text: string) => notify('error', text), [notify]);

  const download = async () => {
    if (!ready) return;
    try {
      notify('success', `已下载 ${await exportDcfImage(ready.view, new Date(), await range())}`);
    } catch (error) {
      notify('error', error instanceof ImageExportError ? error.message : IMAGE_FAILED_MESSAGE);
    }
  };

  return (
    <div className="fp-page">
      <MessageBanner message={message} onClose={dismiss} />
      <header className="fp-header">
        <h1>FCF参数管理{ready ? `：${ready.company.name}` : ''}</h1>
        {ready && <span className="fp-header__code">{ready.company.code}</span>}
        {ready?.stale && <span className="fp-header__stale">无法连接服务器，显示的是离线缓存数据</span>}
      </header>
      <SyncPanel status={status} service={service} />
      {state.status === 'loading' && <div className="page-loading">正在加载参数…</div>}
      {state.status === 'failed' && (
        <div className="cv-card">
          <p>{state.message}</p>
          <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
            重新加载
          </button>
        </div>
      )}
      {ready && (
        <>
          <StatusCards view={ready.view} />
          <ResetToAuto
            whatIf={ready.whatIf}
            autoYears={ready.view.financialData.auto_forecast.length}
            unsynced={status.unsynced}
            onReset={resetToAuto}
          />
          <fieldset className="fp-card fp-choices">
            <legend>管理员标记（保存后由服务器重算估值）</legend>
            {ADMIN_CHOICE_SPECS.map((spec) => (
              <AdminChoiceToggle
                key={spec.field}
                spec={spec}
                state={ready.choices[spec.field]}
                saving={savingChoice !== null}
                onChange={(marked) => void setAdminChoice(spec.field, marked)}
              />
            ))}
          </fieldset>
          <ValuationSummary dcf={ready.view.dcf} />
          <div className="cv-toolbar">
            <SourceLegend />
          </div>
          <DcfResultTable
            view={ready.view}
            whatIf={ready.whatIf}
            downloading={false}
            onCommit={(parameter, value) => void commitParameter(parameter, value)}
            onError={onError}
            onDownload={download}
          />
          {ready.view.dcf?.sensitivity && ready.view.dcf.valuation.total_shares > 0 ? (
            <div className="cv-card cv-sensitivity">
              <SensitivityTable grid={ready.view.dcf.sensitivity} wacc={ready.view.dcf.wacc} g={ready.view.dcf.g} />
            </div>
          ) : null}
          {DRIVER_TABLES.map((table) => (
            <DriverTableView
              key={table.id}
              table={table}
              data={ready.view.financialData}
              onCommit={({ year, param, value }) => void commitDriver(year, param, value)}
              onError={onError}
            />
          ))}
        </>
      )}
    </div>
  );
}
