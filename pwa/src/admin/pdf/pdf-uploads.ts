import { formatBytes } from '@fcf/engine/report';

/** The PDF manager's upload rules, pure. */

/** The server's limit per PDF (docs/api.md#notes-on-particular-endpoints); checked here first so a big file is not sent. */
export const PDF_MAX_BYTES = 20 * 1024 * 1024;
export const PDF_ACCEPT = 'application/pdf,.pdf';

/** PDF upload takes only application/pdf (some systems give no type: then the .pdf name decides). */
export function isPdfFile(file: Pick<File, 'name' | 'type'>): boolean {
  if (file.type) return file.type === 'application/pdf';
  return /\.pdf$/i.test(file.name);
}

export function splitPdfs(files: readonly File[]): { accepted: File[]; rejected: string[] } {
  const accepted: File[] = [];
  const rejected: string[] = [];
  for (const file of files) {
    if (isPdfFile(file)) accepted.push(file);
    else rejected.push(file.name);
  }
  return { accepted, rejected };
}

/** Why a file will not be sent, or null. */
export function localProblem(file: Pick<File, 'size'>): string | null {
  if (file.size === 0) return '文件为空';
  if (file.size > PDF_MAX_BYTES) return `文件过大（${formatBytes(file.size)}）：单个PDF不超过 20 MB`;
  return null;
}

export interface UploadProgress {
  readonly done: number;
  readonly total: number;
}

/** '批量上传 (n)' while waiting, '上传中... (done/total)' while sending. */
export function uploadButtonLabel(waiting: number, progress: UploadProgress | null): string {
  return progress ? `上传中... (${progress.done}/${progress.total})` : `批量上传 (${waiting})`;
}

/** The failed files, one line each: 'filename: error'. */
export function failureLines(results: readonly { filename: string; success: boolean; error: string | null }[]) {
  return results
    .filter((result) => !result.success)
    .map((result) => `${result.filename}: ${result.error ?? '上传失败'}`);
}
