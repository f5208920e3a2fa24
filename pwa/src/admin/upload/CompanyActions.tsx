import { analyzeCompanyNow, deleteCompany, valueCompanyNow } from '../admin-api.ts';
import { type RateLimiter, rateLimitMessage } from './rate-limit.ts';
import { type ActionPhase, type ActionState, useActionPhase } from './use-action-phase.ts';
import './CompanyActions.css';

interface CompanyActionsProps {
  readonly company: string;
  readonly limiter: RateLimiter;
  /** Results changed (valued or analyzed): the status should be read again. */
  onChanged(): void;
  onDeleted(company: string): void;
}

type Labels = Record<ActionPhase, string>;
const VALUE_LABELS: Labels = { idle: '估值', loading: '估值中…', success: '估值完成 ✓', error: '估值失败 ✗' };
const ANALYZE_LABELS: Labels = { idle: '后分析', loading: '分析中…', success: '分析完成 ✓', error: '分析失败 ✗' };

/** One company's 估值, 后分析 and 删除公司, each confirmed first; the two runs are rate limited. */
export function CompanyActions({ company, limiter, onChanged, onDeleted }: CompanyActionsProps) {
  const valuation = useActionPhase();
  const analysis = useActionPhase();
  const removal = useActionPhase();
  const busy = [valuation, analysis, removal].some((action) => action.phase === 'loading');
  const latest = [removal, analysis, valuation].find((action) => action.message !== null);

  const guarded = (action: ActionState, name: string, question: string, task: () => Promise<string>) => {
    if (!window.confirm(question)) return;
    if (!limiter.attempt(name)) {
      action.fail(rateLimitMessage(name));
      return;
    }
    void action.run(task);
  };

  const value = () =>
    guarded(valuation, '估值', `确定对"${company}"强制重新估值吗？已有估值结果将被覆盖。`, async () => {
      const answer = await valueCompanyNow(company);
      if (!answer.success) throw new Error(answer.message ?? '估值失败');
      onChanged();
      return answer.message ?? `${company} 估值完成`;
    });

  const analyze = () =>
    guarded(analysis, '后分析', `确定对"${company}"执行后分析（FCF 比率）吗？`, async () => {
      const answer = await analyzeCompanyNow(company);
      const failure = answer.data.failed.find((item) => item.company === company) ?? answer.data.failed[0];
      if (!answer.success || failure) throw new Error(failure?.reason ?? answer.message ?? '后分析失败');
      onChanged();
      return `${company} 后分析完成`;
    });

  const remove = () => {
    if (!window.confirm(`确定删除公司"${company}"的全部数据吗？此操作无法撤销`)) return;
    void removal.run(async () => {
      const answer = await deleteCompany(company);
      if (!answer.success) throw new Error(answer.message ?? '删除失败');
      onDeleted(company);
      return answer.message ?? `已删除公司"${company}"`;
    });
  };

  return (
    <div className="company-actions">
      <fieldset className="company-actions__buttons">
        <legend className="visually-hidden">{company} 操作</legend>
        <PhaseButton action={valuation} labels={VALUE_LABELS} disabled={busy} onClick={value} />
        <PhaseButton action={analysis} labels={ANALYZE_LABELS} disabled={busy} onClick={analyze} />
        <button
          type="button"
          className="upload-action upload-action--danger"
          disabled={busy}
          aria-label={`删除公司 ${company}`}
          onClick={remove}
        >
          {removal.phase === 'loading' ? '删除中…' : '删除公司'}
        </button>
      </fieldset>
      <p className={`company-actions__message is-${latest?.phase ?? 'idle'}`} role="status">
        {latest?.message}
      </p>
    </div>
  );
}

function PhaseButton({
  action,
  labels,
  disabled,
  onClick,
}: {
  action: ActionState;
  labels: Labels;
  disabled: boolean;
  onClick(): void;
}) {
  return (
    <button
      type="button"
      className={`upload-action is-${action.phase}`}
      disabled={disabled}
      aria-busy={action.phase === 'loading'}
      onClick={onClick}
    >
      {labels[action.phase]}
    </button>
  );
}
