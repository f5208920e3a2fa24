/**
 * A stock code as people and spreadsheets write it: six digits, or fewer when the leading zeros were lost
 * ('333', as Excel makes of 000333). Answers the six-digit code, or null when the text is not a code.
 * The caller trims: what counts as the text (a cell, a query, a file name part) is theirs to say.
 */
export function normalizeStockCode(text: string): string | null {
  return /^\d{1,6}$/.test(text) ? text.padStart(6, '0') : null;
}
