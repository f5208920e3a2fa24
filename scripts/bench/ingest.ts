/**
 * Section 5: the whole market (3,969 NetEase financial summaries) through the upload path
 * (POST /api/upload_excel, 200 files a request, as an admin) into an empty database, then a batch
 * valuation of every company (POST /api/valuation/auto, force_all).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { login, type RunningServer } from './processes.ts';
import { progress } from './stats.ts';

const FILES_PER_REQUEST = 200;

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
  };
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
