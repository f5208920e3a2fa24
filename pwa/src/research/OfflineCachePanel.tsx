import { formatBytes } from '@fcf/engine/report';
import { useId, useState } from 'react';
import { type CacheUsage, cacheUsage, clearCache, trimCache, useOfflinePdfs } from './offline-pdfs.ts';
import './OfflineCachePanel.css';
import { BUDGET_CHOICES_MB, cacheBudgetBytes, cacheBudgetMb, setCacheBudgetMb } from './pdf-cache-budget.ts';

const NO_USAGE: CacheUsage = { savedCount: 0, savedBytes: 0, cachedCount: 0, cachedBytes: 0 };

/** The settings spot of the offline copies: how much the cache holds, its size budget, and clearing it. */
export function OfflineCachePanel() {
  const titleId = useId();
  const budgetId = useId();
  const usage = useOfflinePdfs(cacheUsage, NO_USAGE);
  const [budget, setBudget] = useState(cacheBudgetMb);

  const changeBudget = (megabytes: number) => {
    setCacheBudgetMb(megabytes);
    setBudget(megabytes);
    trimCache(cacheBudgetBytes()).catch(() => undefined);
  };

  return (
    <section className="panel research-cache" aria-labelledby={titleId} data-testid="pdf-cache-settings">
      <h2 id={titleId}>离线缓存</h2>
      <p>
        自动缓存 {usage.cachedCount} 份，{formatBytes(usage.cachedBytes)} / {budget} MB（超出时先清除最久未读的）；
        离线保存 {usage.savedCount} 份，{formatBytes(usage.savedBytes)}（不计入上限，不会被自动清除）。
      </p>
      <div className="research-cache__controls">
        <label htmlFor={budgetId}>缓存上限</label>
        <select id={budgetId} value={budget} onChange={(event) => changeBudget(Number(event.target.value))}>
          {BUDGET_CHOICES_MB.map((megabytes) => (
            <option key={megabytes} value={megabytes}>
              {megabytes} MB
            </option>
          ))}
        </select>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => clearCache().catch(() => undefined)}
          disabled={usage.cachedCount === 0}
        >
          清空自动缓存
        </button>
      </div>
    </section>
  );
}
