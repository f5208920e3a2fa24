import { type PullResponse, type PushResponse, SyncHttpError, type SyncTransport } from '@fcf/engine/sync';
import * as z from 'zod/mini';
import { ApiRequestError, apiRequest } from '../api/http.ts';

// The answers are checked for their envelope; the rows inside are the engine's own types.
const pushAnswer = z.object({
  success: z.boolean(),
  data: z.object({ results: z.array(z.unknown()), lastMutationId: z.number() }),
});
const pullAnswer = z.object({
  success: z.boolean(),
  data: z.object({
    changes: z.array(z.unknown()),
    cursor: z.number(),
    hasMore: z.boolean(),
    lastMutationId: z.number(),
    issues: z.array(z.unknown()),
  }),
});

async function call<Answer>(work: () => Promise<{ data: unknown }>): Promise<Answer> {
  try {
    return (await work()).data as Answer;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status !== null) throw new SyncHttpError(error.status, error.message);
    throw error;
  }
}

/** The sync transport over HTTP with the stored token (a 401 surfaces as SyncHttpError 401). */
export const httpSyncTransport: SyncTransport = {
  push: (request) =>
    call<PushResponse>(() => apiRequest('/api/sync/push', { method: 'POST', body: request, schema: pushAnswer })),
  pull: ({ cursor, clientId, limit, tables }) =>
    call<PullResponse>(() =>
      apiRequest(
        `/api/sync/pull?cursor=${cursor}&limit=${limit}&clientId=${encodeURIComponent(clientId)}&tables=${tables.join(',')}`,
        { schema: pullAnswer },
      ),
    ),
};
