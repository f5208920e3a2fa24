/**
 * Statement-file ingest: uploaded NetEase and Sina CSV exports and Excel workbooks → canonical statement items
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
  type ParsedReport,
  type ParsedStatementFile,
  parseStatementFile,
  type UnitChoice,
  type UnitNeeded,
  type UnitSample,
} from './parse-statement-file.ts';
export { CHOSEN_UNITS, type ChosenUnit, isChosenUnit } from './units.ts';
