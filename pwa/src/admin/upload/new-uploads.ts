/** How long a company keeps its 新上传 mark. */
export const NEW_UPLOAD_MS = 300_000;

const STORAGE_KEY = 'admin.newUploads';

/** Company name → when its mark ends (epoch ms). */
export type NewUploads = ReadonlyMap<string, number>;

export function activeUploads(marks: NewUploads, now: number): Map<string, number> {
  return new Map([...marks].filter(([, until]) => until > now));
}

/*
 * Kept in session storage so the mark survives a visit to another admin page within the 300 s (the page is
 * unmounted then), but not a new session.
 */
export function readNewUploads(now: number): Map<string, number> {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    const entries: unknown = raw ? JSON.parse(raw) : [];
    if (!Array.isArray(entries)) return new Map();
    const valid = entries.filter(
      (entry): entry is [string, number] =>
        Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'number',
    );
    return activeUploads(new Map(valid), now);
  } catch {
    return new Map();
  }
}

export function markNewUploads(marks: NewUploads, names: readonly string[], now: number): Map<string, number> {
  const next = activeUploads(marks, now);
  for (const name of names) next.set(name, now + NEW_UPLOAD_MS);
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...next]));
  } catch {
    // Storage full or denied: the mark still holds for this page's lifetime.
  }
  return next;
}
