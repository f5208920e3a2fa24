import type { IncomingMessage } from 'node:http';
import type { Hono } from 'hono';
import { getPath } from 'hono/utils/url';
import type { AppEnv } from '../app-env.ts';
import { requestText, type ViewCache } from '../cache/view-cache.ts';
import { accessFor } from './access-policy.ts';
import { completeResponse } from './answer-headers.ts';
import { cachedAnswer } from './cached-answer.ts';
import { isHttpsRequest } from './client-address.ts';
import { REQUEST_ID_HEADER, requestIdFor } from './request-id.ts';
import { requestLogLine } from './request-log.ts';

/** What the fast path reads: the views, the change sequence they are keyed on, and two settings. */
export interface CachedReads {
  readonly views: ViewCache;
  /** The version a view at this path is kept by (the change sequence, or the company list's own version). */
  readonly versionOf: (path: string) => number;
  /** `TRUST_PROXY`: how many proxies' forwarding headers count. */
  readonly trustProxy: number;
  /** Where a request's log line goes (`LOG_REQUESTS`), or null. */
  readonly log: ((line: string) => void) | null;
}

/** The Node request @hono/node-server passes beside the `Request` (absent for in-process `app.request`). */
function nodeIncoming(env: unknown): IncomingMessage | undefined {
  if (typeof env !== 'object' || env === null || !('incoming' in env)) return undefined;
  const { incoming } = env as { incoming: unknown };
  return typeof incoming === 'object' && incoming !== null && 'headers' in incoming
    ? (incoming as IncomingMessage)
    : undefined;
}

/**
 * A request header (`name` in lower case): from Node's parsed headers when the request came over a
 * socket (the adapter's `Request` would build a whole `Headers` for one read), else from the `Request`.
 */
function headerOf(incoming: IncomingMessage | undefined, request: Request, name: string): string | undefined {
  if (!incoming) return request.headers.get(name) ?? undefined;
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

const REQUEST_ID = REQUEST_ID_HEADER.toLowerCase();

const PATHS_KEPT = 1024;
const pathsByUrl = new Map<string, string>();

/**
 * The path the router reads from this URL (`getPath`, which decodes it): kept per URL, since clients ask
 * the same few URLs again and again and decoding a company's name was a tenth of a cached answer.
 */
function routerPath(request: Request, url: string): string {
  let path = pathsByUrl.get(url);
  if (path === undefined) {
    path = getPath(request);
    if (pathsByUrl.size >= PATHS_KEPT) pathsByUrl.clear();
    pathsByUrl.set(url, path);
  }
  return path;
}

/**
 * Makes the app's `fetch` answer the cached public reads before routing: a `GET` without a query whose
 * path names a view the cache already holds at the database's current change sequence (in the encoding
 * asked for, already made) is answered from it at once, with what the middleware chain would add (request
 * id, HSTS, the log line). Everything else, a miss included, goes to the app, whose route builds and keeps
 * the view (`cachedJson`, keyed by the same path as Hono computes it). Only paths the access policy makes
 * public are looked up, so a view is never given to a caller the route would have turned away.
 *
 * Why: a cached answer is a lookup and a write, yet Hono's chain of five async middlewares around it cost
 * two thirds of the time of each one (docs/BENCHMARKS.md, section 4).
 */
export function answerCachedReadsFirst(app: Hono<AppEnv>, reads: CachedReads): void {
  const routed = app.fetch;
  const { views, versionOf, trustProxy: trustedProxies, log: write } = reads;
  // The database may be unreachable: then the route meets the same error and answers it (503, request id).
  const keptView = (path: string, url: string) => {
    try {
      const seq = versionOf(path);
      if (!url.includes('?') && !url.includes('#')) return views.kept(path, seq);
      const text = requestText(path, url);
      return text === null ? undefined : views.keptForRequest(text, seq);
    } catch {
      return undefined;
    }
  };
  app.fetch = (request, env, executionContext) => {
    if (request.method === 'GET') {
      const started = write ? performance.now() : 0;
      const url = request.url;
      const path = routerPath(request, url);
      if (path.startsWith('/api/')) {
        // A query can choose the answer (a page of the company list): such a view is found by the request's
        // text, kept when its route answered the same request before.
        const view = keptView(path, url);
        if (view && accessFor('GET', path) === 'public') {
          const incoming = nodeIncoming(env);
          const answer = cachedAnswer(
            view,
            headerOf(incoming, request, 'if-none-match'),
            headerOf(incoming, request, 'accept-encoding'),
          );
          // A large view's form not made yet: the route waits for it off the event loop.
          if (!answer) return routed(request, env, executionContext);
          const { status, bytes, headers } = answer;
          // What a proxy says counts only behind trusted proxies: otherwise the headers are not read.
          const proxied = trustedProxies > 0;
          const id = requestIdFor(proxied ? headerOf(incoming, request, REQUEST_ID) : undefined, trustedProxies);
          const proto = proxied ? headerOf(incoming, request, 'x-forwarded-proto') : undefined;
          const https = isHttpsRequest(proto, url, trustedProxies);
          const response = completeResponse(status, bytes, headers, id, https);
          write?.(requestLogLine(id, 'GET', path, status, started));
          return response;
        }
      }
    }
    return routed(request, env, executionContext);
  };
}
