/** The default company of the analysis and valuation pages (docs/requirements.md#screens-and-routes). */
export const DEFAULT_COMPANY = '美的集团';
