import { envelope } from '@fcf/engine/report';
import { pullResponseSchema, pushResponseSchema, SyncHttpError, type SyncTransport } from '@fcf/engine/sync';
import { ApiRequestError, apiRequest } from '../api/http.ts';

// The protocol's own schemas check the answers, rows and all.
const pushAnswer = envelope(pushResponseSchema);
const pullAnswer = envelope(pullResponseSchema);

async function call<Answer>(work: () => Promise<{ data: Answer }>): Promise<Answer> {
  try {
    return (await work()).data;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status !== null) throw new SyncHttpError(error.status, error.message);
    throw error;
  }
}

/** The sync transport over HTTP with the stored token (a 401 surfaces as SyncHttpError 401). */
export const httpSyncTransport: SyncTransport = {
  push: (request) => call(() => apiRequest('/api/sync/push', { method: 'POST', body: request, schema: pushAnswer })),
  pull: ({ cursor, clientId, limit, tables }) =>
    call(() =>
      apiRequest(
        `/api/sync/pull?cursor=${cursor}&limit=${limit}&clientId=${encodeURIComponent(clientId)}&tables=${tables.join(',')}`,
        { schema: pullAnswer },
      ),
    ),
};
