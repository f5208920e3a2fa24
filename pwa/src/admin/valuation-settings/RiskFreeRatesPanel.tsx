import type { RiskFreeRatesAnswer } from '@fcf/engine/contract';
import { formatMinute, formatPercent } from '@fcf/engine/report';
import { useId, useRef, useState } from 'react';
import { TableScroll } from '../../ui/TableScroll.tsx';
import { useRemote } from '../../ui/use-remote.ts';
import { errorText } from '../admin-messages.ts';
import { type Notice, NoticeLine } from './NoticeLine.tsx';
import { draftOf, EMPTY_DRAFT, entryOf, type RiskFreeDraft } from './risk-free-form.ts';
import { type RiskFreeRateRow, readRiskFreeRates, restoreRiskFreeRate, saveRiskFreeRate } from './settings-api.ts';

type RiskFreeTable = RiskFreeRatesAnswer['data'];

/**
 * The 10-year government bond yields at each year-end (docs/model.md §6): the table in force with each
 * year's source and who changed it, and a form to change a year or add a later one (typed in percent). A
 * row's 修改 fills the form and moves the focus to its yield; 恢复 drops an admin's edit.
 */
export function RiskFreeRatesPanel() {
  const titleId = useId();
  const remote = useRemote(readRiskFreeRates, errorText);
  const [edited, setEdited] = useState<RiskFreeTable | null>(null);
  const [draft, setDraft] = useState<RiskFreeDraft>(EMPTY_DRAFT);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const rateInput = useRef<HTMLInputElement>(null);
  const section = useRef<HTMLElement>(null);
  const table = edited ?? remote.data;

  // Nothing is disabled while a call runs (a disabled control drops the keyboard's focus): a second call waits.
  const run = (call: () => Promise<RiskFreeTable>, done: string, then?: () => void) => {
    if (busy) return;
    setBusy(true);
    setNotice(null);
    call().then(
      (data) => {
        setEdited(data);
        setBusy(false);
        setNotice({ kind: 'success', text: done });
        then?.();
      },
      (error: unknown) => {
        setBusy(false);
        setNotice({ kind: 'error', text: `保存失败：${errorText(error)}` });
      },
    );
  };

  const submit = () => {
    const parsed = entryOf(draft);
    if ('error' in parsed) {
      setNotice({ kind: 'error', text: parsed.error });
      return;
    }
    run(
      () => saveRiskFreeRate(parsed.entry),
      `${parsed.entry.year} 年末收益率已保存，此后的估值按新表计算`,
      () => setDraft(EMPTY_DRAFT),
    );
  };

  const edit = (row: RiskFreeRateRow) => {
    if (!table) return;
    setDraft(draftOf(row, table.seed_source));
    setNotice(null);
    rateInput.current?.focus();
  };

  // The year's 修改 again after its 恢复, so the focus does not fall to the page with the removed button.
  const restore = (year: number) =>
    run(
      () => restoreRiskFreeRate(year),
      `${year} 年末收益率已恢复`,
      () =>
        requestAnimationFrame(() => section.current?.querySelector<HTMLElement>(`[data-edit-year="${year}"]`)?.focus()),
    );

  const field = (key: keyof RiskFreeDraft) => ({
    value: draft[key],
    onChange: (event: { currentTarget: HTMLInputElement }) => {
      const value = event.currentTarget.value;
      setDraft((current) => ({ ...current, [key]: value }));
    },
  });

  return (
    <section ref={section} className="panel panel--stack valuation-settings__panel" aria-labelledby={titleId}>
      <h2 id={titleId}>10年期国债收益率（年末）</h2>
      <p className="admin-muted">
        估值日前最近一个年末的收益率即无风险利率。内置数据来源：{table?.seed_source ?? '…'}
        。保存后服务器的估值即时使用新表，
        各设备在下次取回公司数据时更新；已保存的估值结果请在“数据上传与估值”中批量重新估值。
      </p>
      <form
        className="valuation-settings__form"
        aria-label="修改或新增年末收益率"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label>
          年份
          <input className="field" inputMode="numeric" maxLength={4} required {...field('year')} />
        </label>
        <label>
          收益率（%）
          <input ref={rateInput} className="field" inputMode="decimal" required {...field('percent')} />
        </label>
        <label className="valuation-settings__source">
          来源（可选）
          <input className="field" maxLength={200} placeholder="管理员录入" {...field('source')} />
        </label>
        <button type="submit" className="button button--primary" aria-disabled={busy}>
          {busy ? '保存中…' : '保存'}
        </button>
      </form>
      {notice && <NoticeLine notice={notice} />}
      {remote.error && !table && <NoticeLine notice={{ kind: 'error', text: remote.error }} />}
      {table === null ? (
        remote.loading && <p role="status">加载中…</p>
      ) : (
        <TableScroll label="各年末10年期国债收益率">
          <table className="valuation-settings__rates" data-testid="risk-free-rates">
            <thead>
              <tr>
                <th scope="col">年末</th>
                <th scope="col">收益率</th>
                <th scope="col">来源</th>
                <th scope="col">修改</th>
                <th scope="col">操作</th>
              </tr>
            </thead>
            <tbody>
              {[...table.rates].reverse().map((row) => (
                <tr key={row.year}>
                  <th scope="row">{row.year}</th>
                  <td>
                    {formatPercent(row.rate)}
                    {row.edited_by !== null && row.seed_rate !== null && row.seed_rate !== row.rate && (
                      <span className="admin-muted">（内置 {formatPercent(row.seed_rate)}）</span>
                    )}
                  </td>
                  <td>{row.source}</td>
                  <td>
                    {row.edited_by === null || row.edited_at === null
                      ? '—'
                      : `${row.edited_by} · ${formatMinute(row.edited_at)}`}
                  </td>
                  <td className="valuation-settings__actions">
                    <button
                      type="button"
                      className="button button--ghost"
                      aria-label={`修改 ${row.year} 年末收益率`}
                      data-edit-year={row.year}
                      onClick={() => edit(row)}
                    >
                      修改
                    </button>
                    {row.edited_by !== null && (
                      <button
                        type="button"
                        className="button button--ghost"
                        aria-label={`恢复 ${row.year} 年末收益率${row.seed_rate === null ? '（删除该年）' : '为内置值'}`}
                        onClick={() => restore(row.year)}
                      >
                        {row.seed_rate === null ? '删除' : '恢复'}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
