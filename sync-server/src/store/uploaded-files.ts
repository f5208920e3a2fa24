import type { ReportType } from '@fcf/engine';
import type { Database } from '../db/database.ts';
import { execute } from '../db/query.ts';

export interface UploadedFileInput {
  readonly companyCode: string;
  readonly fileName: string;
  readonly reportTypes: readonly ReportType[];
  readonly firstYear: number | null;
  readonly lastYear: number | null;
  readonly size: number;
  readonly sha256: string;
  readonly uploadedBy: string | null;
}

export function recordUploadedFile(db: Database, file: UploadedFileInput): number {
  return execute(
    db,
    `INSERT INTO uploaded_files (company_code, file_name, report_types, first_year, last_year, size, sha256,
       uploaded_by, upload_time) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    file.companyCode,
    file.fileName,
    file.reportTypes.join(','),
    file.firstYear,
    file.lastYear,
    file.size,
    file.sha256,
    file.uploadedBy,
    new Date().toISOString(),
  ).lastInsertRowid;
}
