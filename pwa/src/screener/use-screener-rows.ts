import { type ScreenerRow, screenerRows, valuationDate } from '@fcf/engine';
import { useEffect, useState } from 'react';
import { readMarket, refreshQuotes } from '../store/quotes.ts';

export type ScreenerRowsState =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly rows: readonly ScreenerRow[] }
  | { readonly status: 'error'; readonly message: string };

/**
 * Every company with a value and a price, from the offline copy (so the screen works offline); the copy is
 * brought up to date meanwhile and the rows rebuilt from it.
 */
export function useScreenerRows(): ScreenerRowsState {
  const [state, setState] = useState<ScreenerRowsState>({ status: 'loading' });
  useEffect(() => {
    let active = true;
    const load = async () => {
      const { models, quotes } = await readMarket();
      if (active) setState({ status: 'ready', rows: screenerRows(models, quotes, valuationDate(new Date())) });
    };
    const fail = (error: unknown) =>
      active &&
      setState({
        status: 'error',
        message: `筛选数据读取失败：${error instanceof Error ? error.message : String(error)}`,
      });
    load()
      .then(() => refreshQuotes())
      .then(load)
      .catch(fail);
    return () => {
      active = false;
    };
  }, []);
  return state;
}
