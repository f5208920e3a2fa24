import { formatLocalDate } from '@fcf/engine/report';

/** Saving what the page made or fetched (an image, a workbook, a PDF) as a file the reader keeps. */

/** `{company}_{what}_{YYYY-MM-DD}.{extension}`, without characters file systems refuse. */
export function datedFileName(company: string, what: string, date: Date, extension: string): string {
  const safe = company.replace(/[\\/:*?"<>|]/g, '_').trim() || '公司';
  return `${safe}_${what}_${formatLocalDate(date)}.${extension}`;
}

/** Downloads a blob under a file name, through a temporary link (offline too: the bytes are in memory). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser may take the download after this returns (Safari starts it asynchronously, a large PDF
  // takes a moment): revoking early can cancel it, so the URL is released only after 30 s.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
