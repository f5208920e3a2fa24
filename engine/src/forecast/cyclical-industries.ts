import { parseIndustry } from '../statements/industries.ts';

/**
 * CSRC divisions (证监会《上市公司行业分类指引》2012) whose revenue and margins follow a commodity or freight
 * cycle rather than a trend: a few years of one phase say little about the next (docs/model.md, the
 * normalised drivers). Chosen by what the industries sell — a price set by a world or national market —
 * not by the track record.
 */
export const CYCLICAL_DIVISIONS: readonly { readonly division: number; readonly name: string }[] = [
  { division: 3, name: '畜牧业' }, // the hog cycle
  { division: 6, name: '煤炭开采和洗选业' },
  { division: 7, name: '石油和天然气开采业' },
  { division: 8, name: '黑色金属矿采选业' },
  { division: 9, name: '有色金属矿采选业' },
  { division: 10, name: '非金属矿采选业' },
  { division: 11, name: '开采辅助活动' },
  { division: 25, name: '石油加工、炼焦和核燃料加工业' },
  { division: 26, name: '化学原料和化学制品制造业' },
  { division: 28, name: '化学纤维制造业' },
  { division: 30, name: '非金属矿物制品业' },
  { division: 31, name: '黑色金属冶炼和压延加工业' },
  { division: 32, name: '有色金属冶炼和压延加工业' },
  { division: 55, name: '水上运输业' },
];

const CYCLICAL_BY_DIVISION: ReadonlyMap<number, string> = new Map(
  CYCLICAL_DIVISIONS.map(({ division, name }) => [division, name]),
);

/** The cyclical division's name when `industry` ('C31', '31') is one, else null (a section alone is not). */
export function cyclicalDivisionOf(industry: string | null | undefined): string | null {
  const division = parseIndustry(industry)?.division;
  return division === null || division === undefined ? null : (CYCLICAL_BY_DIVISION.get(division) ?? null);
}
