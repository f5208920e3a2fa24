/** The spec's default company of the analysis and valuation pages: the large home-appliance maker. */
export const DEFAULT_COMPANY = '美的集团';
