import type { IndustryBetas } from '@fcf/engine/contract';
import { formatPrecise } from '@fcf/engine/report';
import { useEffect, useState } from 'react';
import { reportLoadMessage } from '../api/http.ts';
import { loadIndustryBetas } from '../store/industry-betas.ts';
import { RetryNotice } from '../ui/RetryNotice.tsx';
import { TableScroll } from '../ui/TableScroll.tsx';

type BetasState =
  | { readonly status: 'loading' }
  | { readonly status: 'error'; readonly message: string }
  | { readonly status: 'ready'; readonly betas: IndustryBetas; readonly stale: boolean };

function useIndustryBetas(reload: number): BetasState {
  const [state, setState] = useState<BetasState>({ status: 'loading' });
  useEffect(() => {
    let cancelled = false;
    setState({ status: 'loading' });
    loadIndustryBetas(reload > 0).then(
      ({ value, stale }) => !cancelled && setState({ status: 'ready', betas: value, stale }),
      (error: unknown) => !cancelled && setState({ status: 'error', message: reportLoadMessage(error, '行业β表') }),
    );
    return () => {
      cancelled = true;
    };
  }, [reload]);
  return state;
}

/**
 * β per 国标 industry with the count of companies in it (the server's `GET /api/data/industry-betas`, kept
 * on the device, so it reads offline once seen), the chosen company's industry highlighted.
 */
export function IndustryBetaTable({ highlight }: { highlight: string | null }) {
  const [reload, setReload] = useState(0);
  const state = useIndustryBetas(reload);
  return (
    <section
      className="wacc-tool__industries"
      aria-labelledby="wacc-industries-title"
      data-testid="wacc-industry-table"
    >
      <h2 id="wacc-industries-title">各行业β</h2>
      {state.status === 'loading' ? (
        <p className="wacc-tool__status" role="status">
          正在加载行业β表…
        </p>
      ) : null}
      {state.status === 'error' ? (
        <RetryNotice message={`行业β表加载失败：${state.message}`} onRetry={() => setReload((value) => value + 1)} />
      ) : null}
      {state.status === 'ready' ? (
        <>
          {state.stale ? <p className="wacc-tool__status">无法连接服务器，显示的是离线缓存数据</p> : null}
          <TableScroll label="各行业β表">
            <table className="data-table wacc-tool__industry-table">
              <caption>
                国标行业门类的β（计算WACC所用）与市场数据中的公司数；未配置β的行业使用默认β{' '}
                {formatPrecise(state.betas.default_beta)}
              </caption>
              <thead>
                <tr>
                  <th scope="col">国标行业</th>
                  <th scope="col" className="num">
                    β
                  </th>
                  <th scope="col" className="num">
                    公司数
                  </th>
                </tr>
              </thead>
              <tbody>
                {state.betas.industries.map((row) => {
                  const current = row.industry === highlight;
                  return (
                    <tr
                      key={row.industry}
                      data-industry={row.industry}
                      className={current ? 'is-current' : undefined}
                      aria-current={current ? 'true' : undefined}
                    >
                      <th scope="row">
                        {row.industry}
                        {current ? <span className="wacc-tool__tag">本公司所属</span> : null}
                      </th>
                      <td className="num">
                        {formatPrecise(row.beta)}
                        {row.default_beta ? <small>（默认）</small> : null}
                      </td>
                      <td className="num">{row.companies}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableScroll>
        </>
      ) : null}
    </section>
  );
}
