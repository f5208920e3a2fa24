import { type AdminChoices, NO_ADMIN_CHOICES, reportedItem, type StatementItem } from '@fcf/engine';
import type { CompanyBundle } from '@fcf/engine/report';
import { ApiRequestError } from '../../api/http.ts';

export type AdminChoiceField = keyof AdminChoices;

/** One of the admin's per-company marks as the FCF parameter page offers it (docs/model.md §7). */
export interface AdminChoiceSpec {
  readonly field: AdminChoiceField;
  /** The statement line the mark is about; its latest amount is shown either way. */
  readonly item: StatementItem;
  readonly label: string;
  readonly itemName: string;
  /** What the amount's note says with the mark set, and without. */
  readonly marked: string;
  readonly unmarked: string;
}

export const ADMIN_CHOICE_SPECS: readonly AdminChoiceSpec[] = [
  {
    field: 'other_income_operating',
    item: 'other_income',
    label: '其他收益计入经营利润（政府补助、增值税返还等）',
    itemName: '其他收益',
    marked: '（计入 EBIT）',
    unmarked: '（非经营，不计入 EBIT）',
  },
  {
    field: 'other_current_assets_cash_like',
    item: 'other_current_assets',
    label: '其他流动资产计入类现金资产（理财产品等）',
    itemName: '其他流动资产',
    marked: '（已计入现金）',
    unmarked: '（仅列示，不计入现金）',
  },
];

/** A mark as stored and the amount it concerns, of the latest annual report in the bundle. */
export interface AdminChoiceState {
  readonly marked: boolean;
  /** 亿元; null when the latest annual report does not give the line. */
  readonly amount: number | null;
  readonly year: number | null;
}

export type AdminChoiceStates = Readonly<Record<AdminChoiceField, AdminChoiceState>>;

/** Every mark of the bundle (the defaults where the server sent none) with its line's latest amount. */
export function adminChoicesOf(bundle: CompanyBundle): AdminChoiceStates {
  const years = Object.keys(bundle.statements.years)
    .map(Number)
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  const year = years.at(-1) ?? null;
  const choices = bundle.admin_choices ?? NO_ADMIN_CHOICES;
  const stateOf = ({ field, item }: AdminChoiceSpec): AdminChoiceState => ({
    marked: choices[field],
    amount: year === null ? null : reportedItem(bundle.statements.years[year], item),
    year,
  });
  return Object.fromEntries(ADMIN_CHOICE_SPECS.map((spec) => [spec.field, stateOf(spec)])) as Record<
    AdminChoiceField,
    AdminChoiceState
  >;
}

/** Why marking failed, in Chinese: offline it cannot be saved (it is not an outbox edit). */
export function adminChoiceFailure(error: unknown): string {
  if (error instanceof ApiRequestError && (error.kind === 'network' || error.kind === 'timeout')) {
    return '保存失败：离线时无法修改此标记（需联网由服务器重算估值），请联网后重试';
  }
  return `保存失败：${error instanceof ApiRequestError ? (error.detail ?? error.message) : (error as Error).message}`;
}
