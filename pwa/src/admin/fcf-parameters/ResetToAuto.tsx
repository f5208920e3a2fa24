import type { WhatIf } from '@fcf/engine/report';
import { useState } from 'react';

const RESET_CONFIRM = '确定将该公司的全部人工参数恢复为自动预测吗？人工调整将被清除。';

function hasOverrides(whatIf: WhatIf): boolean {
  return Object.values(whatIf.overrides ?? {}).some((year) => year && Object.keys(year).length > 0);
}

/**
 * Reset to auto: after confirmation, one `resetToAuto` edit in the sync outbox like any other (offline
 * too; conflicts and refusals show in the sync panel). The page shows the auto forecast at once, and the
 * summary says what it shows now and whether the server has it yet.
 */
export function ResetToAuto({
  whatIf,
  autoYears,
  unsynced,
  onReset,
}: {
  /** The admin's values as the page shows them (server rows with this browser's pending edits). */
  whatIf: WhatIf;
  autoYears: number;
  unsynced: number;
  /** Queues the reset; false when it could not be queued (the page says why). */
  onReset: () => Promise<boolean>;
}) {
  const [resetting, setResetting] = useState(false);
  const [done, setDone] = useState(false);

  const run = async () => {
    if (!window.confirm(RESET_CONFIRM)) return;
    setResetting(true);
    setDone(await onReset());
    setResetting(false);
  };

  const parameters = whatIf.parameters ?? {};
  const checks = [
    [!hasOverrides(whatIf), '人工参数已清除'],
    [autoYears > 0, `自动预测已生成（${autoYears} 年）`],
    [(parameters.wacc_manual ?? null) === null, 'WACC 为自动测算'],
    [(parameters.terminal_growth_rate_manual ?? null) === null, '永续增长率为默认值'],
    [(parameters.total_shares_manual ?? null) === null, '总股本取自年报'],
  ] as const;
  return (
    <section className="fp-reset" aria-label="恢复自动预测">
      <div className="fp-reset__line">
        <div>
          <h2>恢复自动预测</h2>
          <p className="admin-muted">
            清除全部人工调整（预测参数、WACC、永续增长率、总股本），由历史数据重新生成预测与估值。
          </p>
        </div>
        <button type="button" className="button button--ghost" onClick={run} disabled={resetting}>
          {resetting ? '恢复中…' : '恢复自动预测'}
        </button>
      </div>
      {done && (
        <>
          <ul className="fp-reset__summary" data-testid="reset-summary">
            {checks.map(([ok, label]) => (
              <li key={label}>
                {ok ? '✓' : '✗'} {label}
              </li>
            ))}
          </ul>
          <p className="admin-muted">
            {unsynced > 0
              ? '已在本机恢复，联网同步后由服务器恢复并重新估值。'
              : '已同步到服务器（如有冲突或未能同步，见上方同步状态）。'}
            人工调整与自动预测分开保存；恢复后显示的是系统根据历史数据自动生成的预测。
          </p>
        </>
      )}
    </section>
  );
}
