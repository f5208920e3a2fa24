import {
  type PullResponse,
  type PushRequest,
  type PushResponse,
  SyncHttpError,
  type SyncTransport,
} from '@fcf/engine/sync';

type RequestApp = { request(path: string, init?: RequestInit): Response | Promise<Response> };

/** A SyncTransport that calls the Hono app in-process (no sockets), as a browser would over HTTP. */
export function appTransport(app: RequestApp, token: () => string | undefined): SyncTransport {
  const call = async <Body>(path: string, init: RequestInit = {}): Promise<Body> => {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    const bearer = token();
    if (bearer) headers.Authorization = `Bearer ${bearer}`;
    const response = await app.request(path, { ...init, headers });
    const body = (await response.json()) as { data: Body; message?: string; code?: string };
    if (!response.ok) {
      const retryAfter = response.headers.get('Retry-After');
      throw new SyncHttpError(
        response.status,
        body.message ?? `HTTP ${response.status}`,
        body.code ?? null,
        retryAfter ? Number(retryAfter) * 1000 : null,
      );
    }
    return body.data;
  };
  return {
    push: (request: PushRequest) =>
      call<PushResponse>('/api/sync/push', { method: 'POST', body: JSON.stringify(request) }),
    pull: ({ cursor, clientId, limit, tables }) =>
      call<PullResponse>(
        `/api/sync/pull?cursor=${cursor}&limit=${limit}&clientId=${encodeURIComponent(clientId)}&tables=${tables.join(',')}`,
      ),
  };
}
