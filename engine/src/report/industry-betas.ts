import { INDUSTRY_SECTIONS } from '../statements/industries.ts';

/**
 * The WACC tool's industry table: the β each 国标 industry section's companies are valued with and how many
 * companies of the market set are in it. An industry without a β of its own uses the default β.
 */
export interface IndustryBetaRow {
  /** The section's name ('制造业'), as companies and the β table name it. */
  readonly industry: string;
  readonly beta: number;
  /** True when the industry has no β of its own and its companies use the default. */
  readonly default_beta: boolean;
  /** Companies of the market set in the industry. */
  readonly companies: number;
}

const SECTION_ORDER: ReadonlyMap<string, number> = new Map(
  INDUSTRY_SECTIONS.map((section, index) => [section.name, index]),
);

/**
 * Every industry with a β or with companies, in the classification's order (A 农、林、牧、渔业 … S 综合,
 * then any other name alphabetically).
 */
export function industryBetaRows(
  betas: ReadonlyMap<string, number>,
  companyCounts: ReadonlyMap<string, number>,
  defaultBeta: number,
): IndustryBetaRow[] {
  const industries = new Set([...betas.keys(), ...companyCounts.keys()].filter((name) => name.trim() !== ''));
  const rank = (name: string) => SECTION_ORDER.get(name) ?? INDUSTRY_SECTIONS.length;
  return [...industries]
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b, 'zh-CN'))
    .map((industry) => {
      const own = betas.get(industry);
      return {
        industry,
        beta: own ?? defaultBeta,
        default_beta: own === undefined,
        companies: companyCounts.get(industry) ?? 0,
      };
    });
}
