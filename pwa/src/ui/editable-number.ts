/**
 * Numbers people type into an input and the text an input shows for editing: the table cells of the
 * valuation editor, the WACC tool and the terminal value's RONIC read and write through these. Percent
 * inputs are typed in percent and hold a fraction. Pure: no DOM.
 */

/**
 * A number as people type it: surrounding spaces, thousands separators, a trailing % and full-width
 * digits or signs (Chinese input methods) are accepted; anything else is not a number.
 */
export function parseNumberText(raw: string): number | null {
  const text = raw
    .replace(/[０-９．－＋]/g, (char) => String.fromCharCode(char.charCodeAt(0) - 0xfee0))
    .replace(/[,，\s]/g, '')
    .replace(/[%％]$/, '')
    .replace(/^[−–]/, '-');
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** The value a typed text stands for (a percent as a fraction), or null when it is not a number. */
export function parseEditableNumber(raw: string, percent: boolean): number | null {
  const typed = parseNumberText(raw);
  if (typed === null || !percent) return typed;
  // Rounded so that typing 7.1 holds 0.071, not 0.07100000000000001.
  return Number((typed / 100).toPrecision(12));
}

/**
 * A value as an input shows it for editing: in percent when `percent`, with `minDecimals` to
 * `maxDecimals` decimals, no thousands separators, never a negative zero.
 */
export function editableText(
  value: number,
  {
    percent = false,
    minDecimals = 2,
    maxDecimals = 4,
  }: { percent?: boolean; minDecimals?: number; maxDecimals?: number } = {},
): string {
  let text = (percent ? value * 100 : value).toFixed(maxDecimals);
  if (maxDecimals > minDecimals) {
    text = text.replace(new RegExp(`0{1,${maxDecimals - minDecimals}}$`), '').replace(/\.$/, '');
  }
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
}
