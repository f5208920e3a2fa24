/** A report period read from a header cell; only annual ones become statement years. */
export interface Period {
  year: number;
  annual: boolean;
}

const EARLIEST_YEAR = 1900;
const LATEST_YEAR = 2100;

/** 2019-12-31, 2019/12/31, 2019.12.31, 2019年12月31日, 20191231. */
const FULL_DATE = /^(\d{4})(?:[-/.年](\d{1,2})[-/.月](\d{1,2})日?|(\d{2})(\d{2}))$/;
/** 2019, 2019年, 2019年度, 2019年报, 2019A, 2019FY. */
const ANNUAL_YEAR = /^(\d{4})(?:年|年度|年报|年年报|年度报告|A|FY)?$/i;
/** Interim and forecast columns that sit beside annual ones: recognised so they can be skipped quietly. */
const OTHER_PERIOD = /^(\d{4})(?:Q[1-4]|[HE]\d?|年?(?:[一二三]季报|[一二三四]季度|中报|半年报|半年度))$/i;

export function parsePeriod(cell: string): Period | undefined {
  const text = cell.replace(/\s/g, '');
  const date = FULL_DATE.exec(text);
  if (date) {
    const year = Number(date[1]);
    const month = Number(date[2] ?? date[4]);
    const day = Number(date[3] ?? date[5]);
    if (!inRange(year) || month < 1 || month > 12 || day < 1 || day > 31) return undefined;
    return { year, annual: month === 12 && day === 31 };
  }
  const annual = ANNUAL_YEAR.exec(text);
  if (annual) return inRange(Number(annual[1])) ? { year: Number(annual[1]), annual: true } : undefined;
  const other = OTHER_PERIOD.exec(text);
  if (other) return inRange(Number(other[1])) ? { year: Number(other[1]), annual: false } : undefined;
  return undefined;
}

function inRange(year: number): boolean {
  return year >= EARLIEST_YEAR && year <= LATEST_YEAR;
}
