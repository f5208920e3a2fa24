import type { QuoteSnapshot } from '@fcf/engine/contract';
import { formatMinute } from '@fcf/engine/report';
import type { Remote } from '../../ui/use-remote.ts';

/** The quote history: each trading date with its company count and when it was last uploaded. */
export function QuoteSnapshots({ snapshots }: { readonly snapshots: Remote<QuoteSnapshot[]> }) {
  const { data, error, loading, reload } = snapshots;
  return (
    <section className="panel panel--stack" aria-labelledby="quote-snapshots-title">
      <header className="upload-card__header">
        <h2 id="quote-snapshots-title">行情快照历史</h2>
        <span className="upload-card__meta">最新一期用于估值对比与筛选</span>
        <button type="button" className="button button--ghost quote-snapshots__reload" onClick={reload}>
          刷新
        </button>
      </header>
      {error && (
        <p className="upload-notice upload-notice--warning" role="alert">
          {error}
        </p>
      )}
      {data === null ? (
        loading && (
          <p className="upload-empty" role="status">
            加载中…
          </p>
        )
      ) : data.length === 0 ? (
        <p className="upload-empty">还没有行情快照：上传一份行情文件后显示在这里。</p>
      ) : (
        <table className="quote-snapshots" data-testid="quote-snapshots">
          <thead>
            <tr>
              <th scope="col">行情日期</th>
              <th scope="col">公司数</th>
              <th scope="col">最后上传</th>
            </tr>
          </thead>
          <tbody>
            {data.map((snapshot, index) => (
              <tr key={snapshot.date} className={index === 0 ? 'is-latest' : undefined}>
                <td>
                  {snapshot.date}
                  {index === 0 && <span className="upload-chip">最新</span>}
                </td>
                <td>{snapshot.rows}</td>
                <td>
                  <time dateTime={snapshot.uploaded_at}>{formatMinute(snapshot.uploaded_at)}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
