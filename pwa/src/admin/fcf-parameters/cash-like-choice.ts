import { NO_ADMIN_CHOICES } from '@fcf/engine';
import type { CompanyBundle } from '@fcf/engine/report';
import { ApiRequestError } from '../../api/http.ts';

/** The admin's mark on 其他流动资产 and the amount it concerns, of the latest annual report in the bundle. */
export interface CashLikeChoice {
  readonly marked: boolean;
  /** 亿元; null when the latest annual report does not give the line. */
  readonly amount: number | null;
  readonly year: number | null;
}

export function cashLikeChoiceOf(bundle: CompanyBundle): CashLikeChoice {
  const years = Object.keys(bundle.statements.years)
    .map(Number)
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  const year = years.at(-1) ?? null;
  const amount = year === null ? undefined : bundle.statements.years[year]?.other_current_assets;
  return {
    marked: (bundle.admin_choices ?? NO_ADMIN_CHOICES).other_current_assets_cash_like,
    amount: typeof amount === 'number' && Number.isFinite(amount) ? amount : null,
    year,
  };
}

/** Why marking failed, in Chinese: offline it cannot be saved (it is not an outbox edit). */
export function cashLikeFailure(error: unknown): string {
  if (error instanceof ApiRequestError && (error.kind === 'network' || error.kind === 'timeout')) {
    return '保存失败：离线时无法修改此标记（需联网由服务器重算估值），请联网后重试';
  }
  return `保存失败：${error instanceof ApiRequestError ? (error.detail ?? error.message) : (error as Error).message}`;
}
