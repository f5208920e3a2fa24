import { useEffect, useState } from 'react';
import { useOnline } from '../ui/use-online.ts';

interface ReportUnavailableProps {
  readonly message: string;
  readonly onReload: () => void;
  /** Opens another company's report (one this device holds). */
  readonly onPick: (company: string) => void;
}

/**
 * A report that could not be loaded: one message for the whole report (not one per module), and offline,
 * what can be read instead — the companies this device keeps.
 */
export function ReportUnavailable({ message, onReload, onPick }: ReportUnavailableProps) {
  const online = useOnline();
  const [cached, setCached] = useState<readonly string[] | null>(null);
  useEffect(() => {
    let active = true;
    import('../store/companies.ts')
      .then(({ cachedCompanyNames }) => cachedCompanyNames())
      .then(
        (names) => active && setCached(names),
        () => active && setCached([]),
      );
    return () => {
      active = false;
    };
  }, []);
  return (
    <section className="report-module report-unavailable" role="alert" aria-labelledby="report-unavailable-title">
      <h2 id="report-unavailable-title" className="report-module__title">
        {online ? '报告加载失败' : '离线状态下无法查看该公司'}
      </h2>
      <p>{online ? `数据加载失败：${message}` : '本机没有该公司的离线数据，联网后即可查看。'}</p>
      {!online && cached && cached.length > 0 ? (
        <div className="report-unavailable__cached">
          <p>本机已保存、离线可读的公司：</p>
          <ul>
            {cached.map((name) => (
              <li key={name}>
                <button type="button" className="button button--ghost" onClick={() => onPick(name)}>
                  {name}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {!online && cached?.length === 0 ? <p>本机还没有离线保存的公司：联网时打开报告或使用“离线下载”。</p> : null}
      <button type="button" className="button button--primary" onClick={onReload}>
        重新加载
      </button>
    </section>
  );
}
