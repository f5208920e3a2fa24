/**
 * Numbers inside the model's Chinese messages (warnings, errors, the drivers' notes). The report's own
 * table formats live with the report; these only make a sentence read well.
 */

/** A fraction as a percent: 0.0512 → '5.12%'. */
export function percentText(fraction: number, digits = 2): string {
  return `${(fraction * 100).toFixed(digits)}%`;
}

/** An amount in 亿元: 12.3456 → '12.35 亿元'. */
export function amountText(yi: number): string {
  return `${yi.toFixed(2)} 亿元`;
}

/** A share count in 亿股: 144.2523 → '144.25 亿股'. */
export function sharesText(count: number): string {
  return `${count.toFixed(2)} 亿股`;
}

/** Years as a list: [2017, 2018] → '2017、2018'. */
export function yearsText(years: readonly number[]): string {
  // Concatenated rather than joined: every valuation writes a few of these notes; no array is built for them.
  let text = '';
  for (let index = 0; index < years.length; index++) text += index === 0 ? `${years[index]}` : `、${years[index]}`;
  return text;
}
