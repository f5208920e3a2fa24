/** What an upload answers about one file (statements and quotes alike). */
export interface FileOutcome {
  readonly filename: string;
  readonly success: boolean;
  readonly error: string | null;
}

/** The statement formats the upload takes. */
export const ACCEPTED_EXTENSIONS = ['.xls', '.xlsx', '.csv'] as const;
export const ACCEPT_ATTRIBUTE = ACCEPTED_EXTENSIONS.join(',');

export type PendingStatus = 'waiting' | 'uploading' | 'success' | 'error';

/** How the pending lists show each status: an icon and its accessible name. */
export const PENDING_STATUS: Readonly<Record<PendingStatus, { readonly icon: string; readonly label: string }>> = {
  waiting: { icon: '○', label: '等待上传' },
  uploading: { icon: '↻', label: '上传中' },
  success: { icon: '✓', label: '上传成功' },
  error: { icon: '✗', label: '上传失败' },
};

export interface PendingFile {
  readonly id: number;
  readonly file: File;
  readonly status: PendingStatus;
  readonly error: string | null;
}

function isAcceptedFile(file: File): boolean {
  const name = file.name.toLowerCase();
  return ACCEPTED_EXTENSIONS.some((extension) => name.endsWith(extension));
}

/** Splits chosen or dropped files into the accepted ones and the names of the rest. */
export function splitAccepted(files: readonly File[]): { accepted: File[]; rejected: string[] } {
  const accepted: File[] = [];
  const rejected: string[] = [];
  for (const file of files) {
    if (isAcceptedFile(file)) accepted.push(file);
    else rejected.push(file.name);
  }
  return { accepted, rejected };
}

let lastId = 0;

const sameFile = (a: File, b: File) => a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/** Adds files as waiting items; a file already waiting (chosen twice) is not added again. */
export function addPending(list: readonly PendingFile[], files: readonly File[]): PendingFile[] {
  const added = files
    .filter((file) => !list.some((item) => item.status === 'waiting' && sameFile(item.file, file)))
    .map((file): PendingFile => ({ id: ++lastId, file, status: 'waiting', error: null }));
  return [...list, ...added];
}

/**
 * Pairs each sent item with its result. The server answers in the order the files were sent; the name is
 * the fallback should a result be missing.
 */
export function settleItems(
  list: readonly PendingFile[],
  sent: readonly PendingFile[],
  results: readonly FileOutcome[],
): PendingFile[] {
  const sentIds = sent.map((item) => item.id);
  return list.map((item) => {
    const position = sentIds.indexOf(item.id);
    if (position < 0) return item;
    const result =
      results[position]?.filename === item.file.name
        ? results[position]
        : results.find((candidate) => candidate.filename === item.file.name);
    if (!result) return { ...item, status: 'error', error: '服务器未返回该文件的结果' };
    return result.success
      ? { ...item, status: 'success', error: null }
      : { ...item, status: 'error', error: result.error ?? '上传失败' };
  });
}

/** The alerts after an upload: every file's failure, or all uploaded with the count. */
export function uploadSummary(results: readonly FileOutcome[]): { allOk: boolean; text: string } {
  const succeeded = results.filter((result) => result.success).length;
  const failed = results.length - succeeded;
  return failed === 0
    ? { allOk: true, text: `全部上传成功，共 ${succeeded} 个文件` }
    : { allOk: false, text: `上传完成：成功 ${succeeded} 个，失败 ${failed} 个` };
}
