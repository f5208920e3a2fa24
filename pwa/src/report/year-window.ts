/** A year column needs about 60 px beside the 180 px of the label column. */
const YEAR_COLUMN_WIDTH = 60;
const LABEL_COLUMN_WIDTH = 180;
/** Fewer than 2 years leaves nothing to compare; the table scrolls sideways instead. */
const MIN_YEAR_COLUMNS = 2;

/** How many of the latest years a year table shows at this width. */
export function yearColumnCount(viewportWidth: number, available: number): number {
  const fitting = Math.floor((viewportWidth - LABEL_COLUMN_WIDTH) / YEAR_COLUMN_WIDTH);
  return Math.min(available, Math.max(MIN_YEAR_COLUMNS, fitting));
}
