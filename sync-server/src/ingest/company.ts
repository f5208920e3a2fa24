import { normalizeStockCode } from '@fcf/engine';
import { type CompanyDirectory, type CompanyRef, cleanCompanyName, companyNameKey } from './market-lists.ts';

/** A 6-digit run not part of a longer number: '600298' in 'lrb600298.csv', not in '20191231'. */
const SIX_DIGIT_CODE = /(?<!\d)(\d{6})(?!\d)/;
/** A file named only by a short code, with or without the NetEase prefix: '333.csv', 'lrb333.csv'. */
const SHORT_CODE_NAME = /^(?:lrb|zcfzb|xjllb)?(\d{1,6})$/i;

const CODE_KEY = /(?:股票|证券|公司)?代码/;
const NAME_KEY = /公司名称|公司简称|证券简称|股票简称|股票名称|证券名称/;
// `\s*(?:[:：]\s*)?`, not `\s*[:：]?\s*`: two adjacent runs of spaces cost quadratic time on a long one.
const CODE_IN_CELL = new RegExp(`(?:${CODE_KEY.source})\\s*(?:[:：]\\s*)?(\\d{1,6})(?!\\d)`);
const NAME_IN_CELL = new RegExp(`(?:${NAME_KEY.source})\\s*(?:[:：]\\s*)?([^\\s,，;；:：]+)`);
const KEY_ONLY_CELL = (key: RegExp) => new RegExp(`^(?:${key.source})\\s*[:：]?$`);

/**
 * Who a file is about. The file name is what uploaders control most reliably, so a code or a known
 * company name there wins; otherwise the title rows ('公司名称：美的集团', '股票代码：000333').
 * A code the directory does not know (a listing newer than the list) still identifies the company; its
 * name is whatever the file calls it, or the code itself.
 */
export function resolveCompany(
  filename: string,
  titleRows: readonly (readonly string[])[],
  directory: CompanyDirectory,
): CompanyRef | undefined {
  const base = filename.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '');
  const cells = titleRows.flat().filter((cell) => cell !== '');
  const written = codeInFilename(base) ?? declaredValue(titleRows, CODE_KEY, CODE_IN_CELL);
  const code = written === undefined ? null : normalizeStockCode(written.trim());
  const known = code === null ? undefined : directory.byCode(code);
  if (known) return known;

  const declaredName = declaredValue(titleRows, NAME_KEY, NAME_IN_CELL);
  if (code !== null) return { code, name: declaredName ?? nameLeftInFilename(base) ?? code };

  return (
    longestNameWithin(base, directory) ??
    (declaredName === undefined ? undefined : directory.byName(declaredName)) ??
    knownCodeWithin(cells, directory) ??
    cells.map((cell) => longestNameWithin(cell, directory)).find((company) => company !== undefined)
  );
}

function codeInFilename(base: string): string | undefined {
  return SIX_DIGIT_CODE.exec(base)?.[1] ?? SHORT_CODE_NAME.exec(base)?.[1];
}

/** A value written after its key in one cell ('股票代码：000333') or in the next cell of the row. */
function declaredValue(rows: readonly (readonly string[])[], key: RegExp, inline: RegExp): string | undefined {
  const keyOnly = KEY_ONLY_CELL(key);
  for (const row of rows) {
    for (const [column, cell] of row.entries()) {
      const value = inline.exec(cell)?.[1] ?? (keyOnly.test(cell) ? nextValue(row, column) : undefined);
      if (value) return value;
    }
  }
  return undefined;
}

function nextValue(row: readonly string[], column: number): string | undefined {
  return row.slice(column + 1).find((cell) => cell !== '');
}

function knownCodeWithin(cells: readonly string[], directory: CompanyDirectory): CompanyRef | undefined {
  for (const cell of cells) {
    const code = SIX_DIGIT_CODE.exec(cell)?.[1];
    const company = code ? directory.byCode(code) : undefined;
    if (company) return company;
  }
  return undefined;
}

/** The longest match, so '东方通信' is not read as 东方通, a different company whose name it contains. */
function longestNameWithin(text: string, directory: CompanyDirectory): CompanyRef | undefined {
  const haystack = companyNameKey(text);
  let best: { company: CompanyRef; length: number } | undefined;
  for (const company of directory.all()) {
    const key = companyNameKey(company.name);
    if (key.length >= 2 && key.length > (best?.length ?? 0) && haystack.includes(key)) {
      best = { company, length: key.length };
    }
  }
  return best?.company;
}

/** Words of a statement file name that are not the company's name. */
const STATEMENT_WORDS =
  /利润表|损益表|资产负债表|现金流量表|主要财务指标|财务摘要|财务指标|财务报表|报表|合并|母公司|\d*年度报告|\d*年报|\d+年度?|季报/g;

/** '688981 中芯国际 2019年报.xlsx' → '中芯国际': what is left once codes, years and statement words go. */
function nameLeftInFilename(base: string): string | undefined {
  const name = base
    .replace(/^(?:lrb|zcfzb|xjllb)/i, '')
    .replace(STATEMENT_WORDS, ' ')
    .split(/[\s\d_\-.,，、()（）[\]【】]+/)
    .find((word) => /\p{Script=Han}/u.test(word));
  return name === undefined ? undefined : cleanCompanyName(name);
}
