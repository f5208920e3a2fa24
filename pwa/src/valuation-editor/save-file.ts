import { formatLocalDate } from '@fcf/engine/report';

/** Saving what the page made (an image, a workbook) as a file the reader keeps. */

/** `{company}_{what}_{YYYY-MM-DD}.{extension}`, without characters file systems refuse. */
export function datedFileName(company: string, what: string, date: Date, extension: string): string {
  const safe = company.replace(/[\\/:*?"<>|]/g, '_').trim() || '公司';
  return `${safe}_${what}_${formatLocalDate(date)}.${extension}`;
}

/** Downloads a blob under a file name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Safari starts the download asynchronously: revoking at once can cancel it.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
