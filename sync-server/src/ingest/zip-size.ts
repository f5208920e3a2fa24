import { Unzip, UnzipInflate, unzipSync } from 'fflate';
import { INGEST_ERRORS, IngestError } from './errors.ts';

/**
 * Refuses a zip (an .xlsx) that unpacks to more than `limit` bytes, before anything parses it. First by
 * the sizes its central directory declares (no inflating at all), then by inflating every entry and
 * counting, stopping at the limit: a zip may declare small sizes and inflate to gigabytes. A damaged
 * zip is refused as a damaged workbook.
 */
export function refuseLargeUnpackedZip(bytes: Uint8Array, limit: number): void {
  let declared = 0;
  let inflated = 0;
  try {
    unzipSync(bytes, {
      filter: (entry) => {
        declared += entry.originalSize;
        return false;
      },
    });
    if (declared > limit) throw new IngestError(INGEST_ERRORS.unpackedTooLarge);
    const unzip = new Unzip((entry) => {
      if (inflated > limit) return;
      entry.ondata = (error, chunk) => {
        if (error) throw error;
        inflated += chunk.length;
        if (inflated > limit) entry.terminate();
      };
      entry.start();
    });
    unzip.register(UnzipInflate);
    unzip.push(bytes, true);
  } catch (error) {
    if (error instanceof IngestError) throw error;
    throw new IngestError(INGEST_ERRORS.corruptWorkbook);
  }
  if (inflated > limit) throw new IngestError(INGEST_ERRORS.unpackedTooLarge);
}
