import { envelope } from '@fcf/engine/contract';
import { pullResponseSchema, pushResponseSchema, SyncHttpError, type SyncTransport } from '@fcf/engine/sync';
import { ApiRequestError, apiRequest } from '../api/http.ts';

// The protocol's own schemas check the answers, rows and all.
const pushAnswer = envelope(pushResponseSchema);
const pullAnswer = envelope(pullResponseSchema);

/** `Retry-After` in seconds (the sync routes' 429) as milliseconds; null when absent. */
function retryAfterMs(headers: Headers | null): number | null {
  const seconds = Number(headers?.get('Retry-After') ?? Number.NaN);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : null;
}

async function call<Answer>(
  work: (onHeaders: (headers: Headers) => void) => Promise<{ data: Answer }>,
): Promise<Answer> {
  let headers: Headers | null = null;
  try {
    return (
      await work((seen) => {
        headers = seen;
      })
    ).data;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status !== null) {
      throw new SyncHttpError(error.status, error.message, error.code, retryAfterMs(headers));
    }
    throw error;
  }
}

/** The sync transport over HTTP with the stored token (a 401 surfaces as SyncHttpError 401). */
export const httpSyncTransport: SyncTransport = {
  push: (request) =>
    call((onHeaders) => apiRequest('/api/sync/push', { method: 'POST', body: request, schema: pushAnswer, onHeaders })),
  pull: ({ cursor, clientId, limit, tables }) =>
    call((onHeaders) =>
      apiRequest(
        `/api/sync/pull?cursor=${cursor}&limit=${limit}&clientId=${encodeURIComponent(clientId)}&tables=${tables.join(',')}`,
        { schema: pullAnswer, onHeaders },
      ),
    ),
};
