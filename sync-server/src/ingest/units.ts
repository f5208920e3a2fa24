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

/**
 * The unit at the end of an item label, '营业收入(万元)', '每股收益（元/股）', '净资产收益率(%)'. NetEase
 * truncates long labels, so the closing bracket may be missing: '向中央银行借款净增加额(万元'.
 */
// Each run of spaces follows a required token, never another optional run: adjacent optional `\s*` runs
// made a label of many spaces cost cubic time.
const LABEL_UNIT =
  /[(（]\s*(?:单位[:：]?\s*)?(?:人民币\s*)?(百万元|百万|千元|万元|万|亿元|亿|元\/股|元|%)\s*(?:[)）]\s*)?$/;

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

/** Division by an exact power of ten keeps 765275 万元 exactly 76.5275 亿元, which a multiply would not. */
export function toYi(amount: number, unit: AmountUnit): number {
  return amount / DIVISOR_TO_YI[unit];
}
