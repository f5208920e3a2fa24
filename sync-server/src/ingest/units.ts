import { UPLOAD_UNITS, type UploadUnit } from '@fcf/engine/contract';

/** Units a statement states its amounts in, as divisors that bring an amount to 亿元. */
const DIVISOR_TO_YI = {
  元: 1e8,
  千元: 1e5,
  万: 1e4,
  万元: 1e4,
  百万: 1e2,
  百万元: 1e2,
  亿: 1,
  亿元: 1,
} as const satisfies Record<string, number>;

export type AmountUnit = keyof typeof DIVISOR_TO_YI;

/** Units a share count is stated in, as divisors that bring it to 亿股. */
const DIVISOR_TO_YI_GU = {
  股: 1e8,
  千股: 1e5,
  万股: 1e4,
  百万股: 1e2,
  亿股: 1,
} as const satisfies Record<string, number>;

export type ShareUnit = keyof typeof DIVISOR_TO_YI_GU;

/**
 * A sheet that states amounts in 万元 states counts in 万股 (the exports that carry 总股本 without a unit
 * of its own follow the sheet's scale).
 */
const SHARE_UNIT_OF_AMOUNT_UNIT: Readonly<Record<AmountUnit, ShareUnit>> = {
  元: '股',
  千元: '千股',
  万: '万股',
  万元: '万股',
  百万: '百万股',
  百万元: '百万股',
  亿: '亿股',
  亿元: '亿股',
};

/**
 * The unit at the end of an item label, '营业收入(万元)', '每股收益（元/股）', '净资产收益率(%)'. NetEase
 * truncates long labels, so the closing bracket may be missing: '向中央银行借款净增加额(万元'.
 */
// Each run of spaces follows a required token, never another optional run: adjacent optional `\s*` runs
// made a label of many spaces cost cubic time.
const LABEL_UNIT =
  /[(（]\s*(?:单位[:：]?\s*)?(?:人民币\s*)?(百万元|百万股|百万|千元|千股|万元|万股|万|亿元|亿股|亿|元\/股|元|股|%)\s*(?:[)）]\s*)?$/;

/** '单位：万元', '金额单位：人民币元', '(单位:亿元)' in a title or header cell. */
const HEADER_UNIT = /单位\s*(?:[:：]\s*)?(?:人民币\s*)?(百万元|千元|万元|亿元|元)/;

export interface LabelParts {
  /** The label without its unit suffix. */
  name: string;
  /** The unit as written ('万元', '元/股', '%'), undefined when the label states none. */
  unit: string | undefined;
}

export function splitLabelUnit(label: string): LabelParts {
  const match = LABEL_UNIT.exec(label);
  if (!match) return { name: label.trim(), unit: undefined };
  return { name: label.slice(0, match.index).trim(), unit: match[1] };
}

/** The unit a sheet declares for every label that does not state its own. */
export function findHeaderUnit(headerRows: readonly (readonly string[])[]): AmountUnit | undefined {
  for (const row of headerRows) {
    for (const cell of row) {
      const unit = HEADER_UNIT.exec(cell)?.[1];
      if (isAmountUnit(unit)) return unit;
    }
  }
  return undefined;
}

export function isAmountUnit(unit: string | undefined): unit is AmountUnit {
  return unit !== undefined && Object.hasOwn(DIVISOR_TO_YI, unit);
}

/** The unit as the upload names it: '万' is '万元', '亿' is '亿元', '百万' is '百万元'. */
export function canonicalAmountUnit(unit: AmountUnit): AmountUnit {
  return unit === '万' ? '万元' : unit === '亿' ? '亿元' : unit === '百万' ? '百万元' : unit;
}

/** The units an uploader may choose for a file that states none (the form field `unit`, the contract's). */
export const CHOSEN_UNITS: readonly (UploadUnit & AmountUnit)[] = UPLOAD_UNITS;
export type ChosenUnit = UploadUnit;

export function isChosenUnit(value: string | undefined): value is ChosenUnit {
  return value !== undefined && (CHOSEN_UNITS as readonly string[]).includes(value);
}

/** Division by an exact power of ten keeps 765275 万元 exactly 76.5275 亿元, which a multiply would not. */
export function toYi(amount: number, unit: AmountUnit): number {
  return amount / DIVISOR_TO_YI[unit];
}

function isShareUnit(unit: string | undefined): unit is ShareUnit {
  return unit !== undefined && Object.hasOwn(DIVISOR_TO_YI_GU, unit);
}

/** The share unit of a count stated in a label's unit or, without one, by the sheet's amount unit. */
export function shareUnitFor(labelUnit: string | undefined, sheetUnit: AmountUnit | undefined): ShareUnit | undefined {
  if (isShareUnit(labelUnit)) return labelUnit;
  if (labelUnit === undefined && sheetUnit !== undefined) return SHARE_UNIT_OF_AMOUNT_UNIT[sheetUnit];
  return undefined;
}

/** A share count in 亿股, by an exact power of ten as toYi. */
export function toYiGu(count: number, unit: ShareUnit): number {
  return count / DIVISOR_TO_YI_GU[unit];
}
