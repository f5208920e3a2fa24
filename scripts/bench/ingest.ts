/**
 * Section 5: the whole market (3,969 NetEase financial summaries) through the upload path
 * (POST /api/upload_excel, 200 files a request, as an admin) into an empty database, then the 99 Sina
 * statement files of fixtures/sina (33 companies, every quarter, in 万元 stated by the form's `unit`) in one
 * request, then a batch valuation of every company (POST /api/valuation/auto, force_all).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { login, type RunningServer } from './processes.ts';
import { progress } from './stats.ts';

const FILES_PER_REQUEST = 200;
const SINA_DIR = new URL('../../fixtures/sina/', import.meta.url).pathname;

/** The Sina files' import: one request of 99 files with their interim reports. */
export interface SinaFigures {
  readonly files: number;
  readonly imported: number;
  readonly failed: number;
  readonly megabytes: number;
  readonly millis: number;
}

export interface IngestFigures {
  readonly files: number;
  readonly importedFiles: number;
  readonly failedFiles: number;
  readonly companies: number;
  readonly megabytes: number;
  readonly importMillis: number;
  /** Each upload request's time, ms. */
  readonly requestMillis: readonly number[];
  readonly valuationMillis: number;
  readonly valued: number;
  readonly valuationFailed: number;
  readonly failureReasons: ReadonlyMap<string, number>;
  readonly sina: SinaFigures;
}

interface UploadAnswer {
  uploaded_files?: { success: boolean; error: string | null }[];
  affected_companies?: string[];
}

export async function measureIngest(server: RunningServer, marketDir: string): Promise<IngestFigures> {
  const token = await login(server.baseURL);
  const summaryDir = join(marketDir, 'summary');
  const names = readdirSync(summaryDir)
    .filter((name) => name.endsWith('.csv'))
    .sort();
  const contents = names.map((name) => readFileSync(join(summaryDir, name)));
  const bytes = contents.reduce((total, content) => total + content.byteLength, 0);
  progress(`5. ingest: ${names.length} files (${(bytes / 1024 / 1024).toFixed(1)} MB) through POST /api/upload_excel`);

  let importedFiles = 0;
  let failedFiles = 0;
  const companies = new Set<string>();
  const requestMillis: number[] = [];
  const started = performance.now();
  for (let first = 0; first < names.length; first += FILES_PER_REQUEST) {
    const form = new FormData();
    for (let index = first; index < Math.min(names.length, first + FILES_PER_REQUEST); index++) {
      form.append('files', new Blob([new Uint8Array(contents[index] as Buffer)], { type: 'text/csv' }), names[index]);
    }
    const requestStart = performance.now();
    const response = await fetch(`${server.baseURL}/api/upload_excel`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    const answer = (await response.json()) as UploadAnswer;
    requestMillis.push(performance.now() - requestStart);
    for (const file of answer.uploaded_files ?? []) {
      if (file.success) importedFiles++;
      else failedFiles++;
    }
    for (const company of answer.affected_companies ?? []) companies.add(company);
    if ((first / FILES_PER_REQUEST) % 5 === 4) {
      progress(`5. ingest: ${Math.min(names.length, first + FILES_PER_REQUEST)} / ${names.length} files`);
    }
  }
  const importMillis = performance.now() - started;
  const sina = await importSina(server.baseURL, token);

  progress('5. batch valuation of every company (POST /api/valuation/auto, force_all)');
  const valuationStart = performance.now();
  const response = await fetch(`${server.baseURL}/api/valuation/auto`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ mode: 'force_all' }),
  });
  const answer = (await response.json()) as {
    data?: { successful_companies: string[]; failed: { company: string; reason: string }[] };
  };
  const valuationMillis = performance.now() - valuationStart;
  if (!answer.data) throw new Error(`batch valuation failed: ${response.status}`);
  const failureReasons = new Map<string, number>();
  for (const failure of answer.data.failed) {
    const reason = failure.reason.replace(/^[^：]*：/, '');
    failureReasons.set(reason, (failureReasons.get(reason) ?? 0) + 1);
  }
  return {
    files: names.length,
    importedFiles,
    failedFiles,
    companies: companies.size,
    megabytes: bytes / 1024 / 1024,
    importMillis,
    requestMillis,
    valuationMillis,
    valued: answer.data.successful_companies.length,
    valuationFailed: answer.data.failed.length,
    failureReasons,
    sina,
  };
}

/** fixtures/sina through the upload path in one request, the unit given once (`unit=万元`). */
async function importSina(baseURL: string, token: string): Promise<SinaFigures> {
  const names = readdirSync(SINA_DIR)
    .filter((name) => /^\d{6}\w+\.csv$/.test(name))
    .sort();
  const contents = names.map((name) => readFileSync(join(SINA_DIR, name)));
  const bytes = contents.reduce((total, content) => total + content.byteLength, 0);
  progress(`5. ingest: ${names.length} Sina files (${(bytes / 1024 / 1024).toFixed(1)} MB) with unit=万元`);
  const form = new FormData();
  names.forEach((name, index) => {
    form.append('files', new Blob([new Uint8Array(contents[index] as Buffer)], { type: 'text/csv' }), name);
  });
  form.append('unit', '万元');
  const started = performance.now();
  const response = await fetch(`${baseURL}/api/upload_excel`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  const answer = (await response.json()) as UploadAnswer;
  const millis = performance.now() - started;
  const imported = (answer.uploaded_files ?? []).filter((file) => file.success).length;
  return { files: names.length, imported, failed: names.length - imported, megabytes: bytes / 1024 / 1024, millis };
}

/** One row changed on the server (a company's manual WACC), for the incremental pull. */
export async function changeOneRow(baseURL: string, token: string, company: string, wacc: number): Promise<void> {
  const response = await fetch(`${baseURL}/api/admin/adjust-parameters/${encodeURIComponent(company)}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ year: null, parameters: { wacc_manual: wacc } }),
  });
  if (!response.ok) throw new Error(`adjust-parameters answered ${response.status}: ${await response.text()}`);
}
