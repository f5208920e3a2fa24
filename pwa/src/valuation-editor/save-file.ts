/** Saving what the page made (an image, a workbook) as a file the reader keeps. */

/** YYYY-MM-DD in the reader's time zone: the day they saved it. */
export function localDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** `{company}_{what}_{YYYY-MM-DD}.{extension}`, without characters file systems refuse. */
export function datedFileName(company: string, what: string, date: Date, extension: string): string {
  const safe = company.replace(/[\\/:*?"<>|]/g, '_').trim() || '公司';
  return `${safe}_${what}_${localDate(date)}.${extension}`;
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
