import { ITEM_LABELS } from '../statements/item-labels.ts';
import type {
  RECEIVABLES_FINANCING_ITEM,
  StatementItem,
  StatementYear,
  WorkingCapitalItem,
} from '../statements/items.ts';

/**
 * Working-capital lines grouped by what a reclassification moves between them: 应收票据 → 应收款项融资
 * (2019), 存货/应收账款 → 合同资产 and 预收款项 → 合同负债 (2020). A family is compared as one sum from year
 * to year, so money moving inside it is no cash flow; a family reported in one year and not in the next (an
 * export that lacks the new line, a restated layout) is left out of that year's ΔOWC on both sides.
 */
export interface WorkingCapitalFamily {
  /** +1 for operating assets, −1 for operating liabilities. */
  readonly sign: 1 | -1;
  readonly items: readonly StatementItem[];
  /** The row items (and driver ratios) the family's lines appear under. */
  readonly rowItems: readonly WorkingCapitalItem[];
}

export const WORKING_CAPITAL_FAMILIES: readonly WorkingCapitalFamily[] = [
  { sign: 1, items: ['Notes_Receivable', 'receivables_financing'], rowItems: ['Notes_Receivable'] },
  {
    sign: 1,
    items: ['Accounts_Receivable', 'Inventories', 'Contract_Assets'],
    rowItems: ['Accounts_Receivable', 'Inventories', 'Contract_Assets'],
  },
  { sign: 1, items: ['Prepayments'], rowItems: ['Prepayments'] },
  { sign: 1, items: ['Other_Receivables'], rowItems: ['Other_Receivables'] },
  { sign: -1, items: ['Notes_Payable'], rowItems: ['Notes_Payable'] },
  { sign: -1, items: ['Accounts_Payable'], rowItems: ['Accounts_Payable'] },
  {
    sign: -1,
    items: ['Advances_From_Customers', 'Contract_Liabilities'],
    rowItems: ['Advances_From_Customers', 'Contract_Liabilities'],
  },
  { sign: -1, items: ['Employee_Benefits_Payable'], rowItems: ['Employee_Benefits_Payable'] },
  { sign: -1, items: ['Taxes_Payable'], rowItems: ['Taxes_Payable'] },
];

/** Index in WORKING_CAPITAL_FAMILIES of the family each row item belongs to. */
export const FAMILY_OF_ROW_ITEM: Readonly<Record<WorkingCapitalItem, number>> = Object.fromEntries(
  WORKING_CAPITAL_FAMILIES.flatMap((family, index) => family.rowItems.map((item) => [item, index])),
) as Record<WorkingCapitalItem, number>;

/** The statement lines the families group: the twelve working-capital items and 应收款项融资. */
export type WorkingCapitalLine = WorkingCapitalItem | typeof RECEIVABLES_FINANCING_ITEM;

/** A year's working-capital lines as reported (undefined when not), in one small object. */
export type WorkingCapitalLines = Readonly<Record<WorkingCapitalLine, number | undefined>>;

/**
 * The year's working-capital lines, each read once: the historical row takes its amounts from them and
 * reportedFamilies its mask. Statement years are large dictionaries and most of these lines are absent
 * (a miss costs the most), so reading them twice was a tenth of a full valuation.
 */
export function workingCapitalLines(source: StatementYear): WorkingCapitalLines {
  return {
    Notes_Receivable: source.Notes_Receivable,
    receivables_financing: source.receivables_financing,
    Accounts_Receivable: source.Accounts_Receivable,
    Prepayments: source.Prepayments,
    Inventories: source.Inventories,
    Other_Receivables: source.Other_Receivables,
    Contract_Assets: source.Contract_Assets,
    Notes_Payable: source.Notes_Payable,
    Accounts_Payable: source.Accounts_Payable,
    Advances_From_Customers: source.Advances_From_Customers,
    Contract_Liabilities: source.Contract_Liabilities,
    Employee_Benefits_Payable: source.Employee_Benefits_Payable,
    Taxes_Payable: source.Taxes_Payable,
  };
}

/** Every family reported: the mask of a year whose presence is not tracked (forecast years, tests). */
export const ALL_FAMILIES = (1 << WORKING_CAPITAL_FAMILIES.length) - 1;

const reported = (source: StatementYear, item: StatementItem): boolean => {
  const value = source[item];
  return value !== undefined && Number.isFinite(value);
};

/** Each family's lines with the family's bit, flat, so reportedFamilies is one loop. */
const LINE_FAMILY_BITS: readonly { readonly item: StatementItem; readonly bit: number }[] =
  WORKING_CAPITAL_FAMILIES.flatMap((family, index) => family.items.map((item) => ({ item, bit: 1 << index })));

/** Bit i set when the year reports any line of family i (a year's lines or workingCapitalLines of them). */
export function reportedFamilies(source: StatementYear): number {
  let mask = 0;
  for (const { item, bit } of LINE_FAMILY_BITS) {
    // A family's first reported line decides it: its other lines are not read.
    if ((mask & bit) === 0 && reported(source, item)) mask |= bit;
  }
  return mask;
}

/** The family bit of each of workingCapitalLines' values, in the order Object.values lists them. */
const FAMILY_BIT_OF_LINE: readonly number[] = Object.keys(workingCapitalLines({})).map((line) => {
  const family = WORKING_CAPITAL_FAMILIES.findIndex((candidate) => candidate.items.includes(line as StatementItem));
  return family < 0 ? 0 : 1 << family;
});

/**
 * reportedFamilies of a year's workingCapitalLines, read by position (the lines object always has one
 * shape, so its values come in one order): reading thirteen lines by key was the slowest part of the mask.
 */
export function reportedFamiliesOfLines(lines: WorkingCapitalLines): number {
  const amounts = Object.values(lines);
  let mask = 0;
  for (let index = 0; index < amounts.length; index++) {
    const amount = amounts[index];
    if (amount !== undefined && Number.isFinite(amount)) mask |= FAMILY_BIT_OF_LINE[index] as number;
  }
  return mask;
}

/** The family's lines summed (亿元, unsigned); 0 when none is reported. */
export function familyTotal(source: StatementYear, family: WorkingCapitalFamily): number {
  let total = 0;
  for (const item of family.items) if (reported(source, item)) total += source[item] as number;
  return total;
}

export function isFamilyReported(mask: number, index: number): boolean {
  return (mask & (1 << index)) !== 0;
}

/**
 * A working-capital family reported in one of two consecutive annual reports and not in the other:
 * 'vanished' when the earlier year has it (non-zero) and the later one does not, 'appeared' the other way.
 */
export interface LineGap {
  /** The later of the two years. */
  readonly year: number;
  readonly kind: 'vanished' | 'appeared';
  /** The lines reported in the year that has them. */
  readonly items: readonly StatementItem[];
  /** Their names, joined: '应收票据'. */
  readonly label: string;
  /** Their total in the year that has them (亿元). */
  readonly amount: number;
}

export interface WorkingCapitalComparison {
  /** The change of operating working capital over the families both years report (signed as OWC). */
  readonly change: number;
  readonly gaps: LineGap[];
}

/**
 * ΔOWC of `year` against `previousYear`, like with like: a family that only one of the two years reports is
 * left out of both, and recorded as a gap (a non-zero family that disappears would otherwise read as cash
 * released, one that appears as cash spent). `net` and `previousNet` are the two years' OWC over everything
 * reported; without gaps the answer is exactly their difference. `now` and `before` are the two years'
 * reportedFamilies, when the caller has them.
 */
export function compareWorkingCapital(
  year: number,
  source: StatementYear,
  previous: StatementYear,
  net: number,
  previousNet: number,
  { now, before }: { now: number; before: number } = {
    now: reportedFamilies(source),
    before: reportedFamilies(previous),
  },
): WorkingCapitalComparison {
  if (now === before) return { change: net - previousNet, gaps: [] };
  let current = net;
  let earlier = previousNet;
  const gaps: LineGap[] = [];
  WORKING_CAPITAL_FAMILIES.forEach((family, index) => {
    const hasNow = isFamilyReported(now, index);
    if (hasNow === isFamilyReported(before, index)) return;
    const holder = hasNow ? source : previous;
    const amount = familyTotal(holder, family);
    if (amount === 0) return;
    if (hasNow) current -= family.sign * amount;
    else earlier -= family.sign * amount;
    const items = family.items.filter((item) => reported(holder, item));
    gaps.push({
      year,
      kind: hasNow ? 'appeared' : 'vanished',
      items,
      label: items.map((item) => ITEM_LABELS[item]).join('、'),
      amount,
    });
  });
  return { change: current - earlier, gaps };
}
