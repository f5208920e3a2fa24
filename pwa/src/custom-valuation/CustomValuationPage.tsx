import type { CompanyListItem } from '@fcf/engine/contract';
import { useCallback } from 'react';
import { clearWhatIf } from '../store/db.ts';
import { useQueryParam, useRouter } from '../ui/router.tsx';
import { MessageBanner } from '../valuation-editor/MessageBanner.tsx';
import { useMessage } from '../valuation-editor/use-message.ts';
import { CompanySwitcher } from './CompanySwitcher.tsx';
import { CustomWorkspace } from './CustomWorkspace.tsx';
import { SavedScenarios } from './saved-scenarios/SavedScenarios.tsx';
import { useCustomValuation } from './use-custom-valuation.ts';
import './CustomValuationPage.css';
import { DEFAULT_COMPANY } from '../lib/default-company.ts';

/**
 * /valuation-custom?company=…: change WACC, g, total shares and the forecast drivers of each year, and
 * see the valuation follow at once (the engine runs in the worker, on cached data, offline too).
 */
export default function CustomValuationPage() {
  const query = useQueryParam('company')?.trim() || DEFAULT_COMPANY;
  const requestedModel = useQueryParam('model');
  const { location, navigate } = useRouter();
  const { message, notify, dismiss } = useMessage();
  const { state, commit, preview, reset, restore, reload } = useCustomValuation(query, notify);
  const current = state.status === 'ready' ? state.company : null;

  // Switching starts the new company afresh: its stored what-if goes, g is back to 2%.
  const switchTo = useCallback(
    async (company: CompanyListItem) => {
      try {
        await clearWhatIf(company.code);
      } catch {
        notify('error', '切换失败');
        return;
      }
      if (company.name === query) reload();
      else navigate(`${location.pathname}?company=${encodeURIComponent(company.name)}`, { replace: true });
    },
    [location.pathname, navigate, notify, query, reload],
  );

  return (
    <div className="cv-page">
      <header className="cv-head">
        <div className="cv-head__title">
          <h1>自定义参数估值</h1>
          {current ? (
            <p className="cv-head__company">
              <strong>{current.name}</strong>
              {current.code ? <span className="cv-head__code">{current.code}</span> : null}
              {current.industry ? <span className="cv-head__industry">{current.industry}</span> : null}
            </p>
          ) : state.status === 'loading' ? (
            // The line the company will take, held while it loads: the page below does not jump.
            <p className="cv-head__company">
              <strong>{state.query}</strong>
            </p>
          ) : null}
        </div>
        <CompanySwitcher current={current} query={query} onSwitch={switchTo} notify={notify} />
      </header>
      <MessageBanner message={message} onClose={dismiss} />

      {state.status === 'loading' ? (
        <p className="cv-status" role="status">
          正在加载“{state.query}”的估值数据…
        </p>
      ) : null}
      {state.status === 'failed' ? (
        <div className="cv-failed" role="alert">
          <p>{state.message}</p>
          {state.retry ? (
            <button type="button" className="button button--primary" onClick={reload}>
              重新加载
            </button>
          ) : null}
        </div>
      ) : null}
      {state.status === 'ready' ? (
        <>
          <CustomWorkspace
            key={state.company.code}
            session={state}
            requested={requestedModel}
            notify={notify}
            onCommit={commit}
            onPreview={preview}
            onReset={reset}
            onRestore={restore}
          />
          <SavedScenarios company={state.company.code} view={state.view} />
        </>
      ) : null}
    </div>
  );
}
