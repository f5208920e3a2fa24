/**
 * Statement-file ingest: uploaded NetEase CSV exports and Excel workbooks → canonical statement items
 * (engine vocabulary, 亿元). Pure parsing, no database and no HTTP.
 */
export { INGEST_ERRORS } from './errors.ts';
export { INGEST_LIMITS } from './limits.ts';
export {
  type CompanyDirectory,
  loadCompanyDirectory,
  loadIndustries,
} from './market-lists.ts';
export {
  type IngestOutcome,
  parseStatementFile,
} from './parse-statement-file.ts';
