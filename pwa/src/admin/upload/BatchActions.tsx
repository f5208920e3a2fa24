import { ProgressBar } from '../../ui/ProgressBar.tsx';
import type { BatchKind, BatchSummary } from './batch-result.ts';
import { type RateLimiter, rateLimitMessage } from './rate-limit.ts';
import { useBatchJob } from './use-batch-job.ts';
import './BatchActions.css';

const BATCHES: Record<
  BatchKind,
  { button: string; action: string; title: string; question: (n: number | null) => string }
> = {
  valuation: {
    button: '批量估值未估值公司',
    action: '批量估值',
    title: '批量估值',
    question: (n) => `确定对全部未估值公司${n === null ? '' : `（${n} 家）`}执行批量估值吗？`,
  },
  fcf_ratio: {
    button: '批量分析缺少比率的公司',
    action: '批量分析',
    title: '批量后分析',
    question: (n) => `确定对缺少 FCF 比率的公司${n === null ? '' : `（${n} 家）`}执行批量后分析吗？`,
  },
};

interface BatchActionsProps {
  readonly limiter: RateLimiter;
  /** Companies each batch would take, from the status call (null while unknown). */
  readonly pending: Readonly<Record<BatchKind, number | null>>;
  onFinished(): void;
}

/** The two batch runs, each confirmed and rate limited, with job progress and a summary of the outcome. */
export function BatchActions({ limiter, pending, onFinished }: BatchActionsProps) {
  const { state, run, refuse } = useBatchJob(onFinished);
  const running = state.phase === 'running';

  const start = (kind: BatchKind) => {
    const batch = BATCHES[kind];
    if (!window.confirm(batch.question(pending[kind]))) return;
    if (!limiter.attempt(batch.action)) {
      refuse(rateLimitMessage(batch.action));
      return;
    }
    void run(kind);
  };

  return (
    <div className="batch-actions">
      <div className="batch-actions__buttons">
        {(Object.keys(BATCHES) as BatchKind[]).map((kind) => (
          <button
            key={kind}
            type="button"
            className="button button--primary"
            data-testid={kind === 'valuation' ? 'batch-valuation' : 'batch-analysis'}
            disabled={running}
            onClick={() => start(kind)}
          >
            {BATCHES[kind].button}
            {pending[kind] !== null && <span className="batch-actions__count">{pending[kind]}</span>}
          </button>
        ))}
      </div>
      {state.phase === 'running' && (
        <div className="batch-actions__running">
          <span>{BATCHES[state.kind].title}进行中…</span>
          <ProgressBar
            value={state.done}
            max={state.total}
            label={`${BATCHES[state.kind].title}进度`}
            text={state.total > 0 ? `${state.done}/${state.total}` : '准备中'}
            testId="batch-progress"
          />
        </div>
      )}
      {state.phase === 'done' && <BatchResult title={BATCHES[state.kind].title} summary={state.summary} />}
      {state.phase === 'error' && (
        <p className="upload-notice upload-notice--error" role="alert" data-testid="batch-result">
          {state.kind ? `${BATCHES[state.kind].title}失败：` : ''}
          {state.message}
        </p>
      )}
    </div>
  );
}

function BatchResult({ title, summary }: { title: string; summary: BatchSummary }) {
  const { succeeded, failed } = summary;
  const total = succeeded.length + failed.length;
  return (
    <div className={`batch-result${failed.length > 0 ? ' has-failures' : ''}`} role="status" data-testid="batch-result">
      <p className="batch-result__summary">
        {total === 0 ? (
          `${title}完成：没有需要处理的公司`
        ) : (
          <>
            {title}完成：成功 <strong>{succeeded.length}</strong> 家，失败 <strong>{failed.length}</strong> 家
          </>
        )}
      </p>
      {failed.length > 0 && (
        <ul className="batch-result__failures" aria-label="失败的公司">
          {failed.map((item) => (
            <li key={item.company}>
              <span className="batch-result__company">{item.company}</span>
              {item.reason}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
