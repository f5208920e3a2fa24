import type { Context } from 'hono';
import { errorBody } from './errors.ts';

/**
 * A refusal the caller should repeat later (429 too many requests, 503 busy), with `Retry-After` in
 * seconds; `extra` fields stand beside the error's (an upload's per-file results).
 */
export function retryLater(
  c: Context,
  status: 429 | 503,
  message: string,
  retryAfterSeconds: number,
  extra: Record<string, unknown> = {},
) {
  return c.json({ ...errorBody(message), ...extra }, status, { 'Retry-After': String(retryAfterSeconds) });
}
