import { useCallback, useState } from 'react';
import { DEFAULT_COMPANY } from '../lib/default-company.ts';
import { CompanyLookup } from '../ui/company-picker/CompanyLookup.tsx';
import { RetryNotice } from '../ui/RetryNotice.tsx';
import { useQueryParam, useRouter } from '../ui/router.tsx';
import { ModelCatalogue } from './ModelCatalogue.tsx';
import { ModelValues } from './ModelValues.tsx';
import { useModelComparison } from './use-model-comparison.ts';
import './ValuationModelPage.css';

/**
 * 估值模型 (/valuation-model?company=…): the models the platform values with, and the chosen company valued
 * by every one that applies, side by side (computed on the device from its cached data, offline too).
 */
export default function ValuationModelPage() {
  const { location, navigate } = useRouter();
  const fromQuery = useQueryParam('company');
  const [company, setCompany] = useState<string | null>(() => fromQuery?.trim() || DEFAULT_COMPANY);
  const [reload, setReload] = useState(0);
  const state = useModelComparison(company, reload);

  const choose = useCallback(
    (name: string | null) => {
      setCompany(name);
      navigate(`${location.pathname}${name ? `?company=${encodeURIComponent(name)}` : ''}`, { replace: true });
    },
    [location.pathname, navigate],
  );

  return (
    <div className="vm-page">
      <h1>估值模型</h1>
      <p className="vm-lead">
        平台按公司的类型选择模型：有完整报表的工业企业用自由现金流折现（FCFF），银行、保险、证券和只有财务摘要的公司用超额收益模型；故事估值模型由您自己设定增长、利润率与资本成本。选择一家公司，查看每个适用模型给出的价值及其差异（在本机计算，离线可用）。
      </p>
      <CompanyLookup current={company} onChoose={choose} />
      <div className="vm-slot">
        {state.status === 'idle' ? <p className="vm-muted">请选择一家公司。</p> : null}
        {state.status === 'loading' ? (
          <p className="vm-muted" role="status">
            正在按各模型估值“{state.company}”…
          </p>
        ) : null}
        {state.status === 'error' ? (
          <RetryNotice message={`数据加载失败：${state.message}`} onRetry={() => setReload((value) => value + 1)} />
        ) : null}
        {state.status === 'ready' ? <ModelValues view={state.view} stale={state.stale} /> : null}
      </div>
      <ModelCatalogue />
    </div>
  );
}
