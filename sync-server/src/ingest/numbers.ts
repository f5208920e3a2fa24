export type CellValue = { kind: 'number'; value: number } | { kind: 'missing' } | { kind: 'invalid' };

/** How the exports write "not reported". */
const MISSING_MARKERS: ReadonlySet<string> = new Set(['', '-', '--', '---', '—', '——', 'N/A', 'NA', 'NULL', 'NONE']);

// `\d+(?:\.\d*)?`, not `\d+\.?\d*`: the latter splits a long digit run every way (quadratic time).
const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

/**
 * Reads a figure as written by hand or by an export: thousands separators, stray spaces, accounting
 * negatives '(123)', a trailing '%' on ratio columns.
 */
export function parseCellValue(raw: string): CellValue {
  const text = raw.normalize('NFKC').replace(/[\s,]/g, '');
  if (MISSING_MARKERS.has(text.toUpperCase())) return { kind: 'missing' };
  const accountingNegative = /^\((.*)\)$/.exec(text);
  const digits = (accountingNegative?.[1] ?? text).replace(/%$/, '');
  if (!PLAIN_NUMBER.test(digits)) return { kind: 'invalid' };
  const value = Number(digits);
  return { kind: 'number', value: accountingNegative ? -value : value };
}
