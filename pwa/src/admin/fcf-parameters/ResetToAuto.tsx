import { useState } from 'react';
import { getToken, useSessionUser } from '../../api/session.ts';
import type { Notify } from '../../valuation-editor/use-message.ts';
import { type ResetVerification, resetToAuto } from '../admin-api.ts';

const RESET_CONFIRM = '确定将该公司的全部人工参数恢复为自动预测吗？人工调整将被清除。';
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Reset to auto (back-office §4): confirmation; the server's reset; wait 1.5 s; refresh twice, 2 s
 * apart; the verification summary; after 4 s an explanation.
 */
export function ResetToAuto({
  company,
  refresh,
  notify,
}: {
  company: string;
  refresh: () => Promise<void>;
  notify: Notify;
}) {
  const user = useSessionUser();
  const [resetting, setResetting] = useState(false);
  const [verification, setVerification] = useState<ResetVerification | null>(null);
  const [explained, setExplained] = useState(false);

  const run = async () => {
    if (!window.confirm(RESET_CONFIRM)) return;
    if (!navigator.onLine || !getToken()) {
      notify('error', '恢复失败：需要联网并以管理员身份登录');
      return;
    }
    setResetting(true);
    setVerification(null);
    setExplained(false);
    try {
      const result = await resetToAuto(company, user?.username ?? 'admin');
      await wait(1500);
      await refresh();
      await wait(2000);
      await refresh();
      setVerification(result);
      notify('success', '已恢复为自动预测');
      setTimeout(() => setExplained(true), 4000);
    } catch (error) {
      notify('error', `恢复失败：${(error as Error).message}`);
      await refresh().catch(() => undefined);
    } finally {
      setResetting(false);
    }
  };

  const mark = (ok: boolean) => (ok ? '✓' : '✗');
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
      {verification && (
        <ul className="fp-reset__summary">
          <li>{mark(verification.separation_complete)} 人工参数已清除</li>
          <li>
            {mark(verification.auto_data_generated)} 自动预测已生成（{verification.data_counts.auto_parameters} 年）
          </li>
          <li>{mark(verification.wacc_status.is_auto_mode)} WACC 为自动测算</li>
          <li>{mark(verification.terminal_growth_status.is_auto_mode)} 永续增长率为默认值</li>
          <li>{mark(verification.total_shares_status.is_auto_mode)} 总股本取自年报</li>
        </ul>
      )}
      {explained && (
        <p className="admin-muted">说明：人工调整与自动预测分开保存；恢复后显示的是系统根据历史数据自动生成的预测。</p>
      )}
    </section>
  );
}
