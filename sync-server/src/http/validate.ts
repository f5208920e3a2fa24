import type { Context, Env, MiddlewareHandler } from 'hono';
import { uniqueSymbol, validator } from 'hono-openapi';
import { type $ZodType, config } from 'zod/v4/core';
import { zhCN } from 'zod/v4/locales';
import { ApiError, MESSAGES } from './errors.ts';
import { isJsonMediaType } from './json-request-limits.ts';

/**
 * Request validation with the contract's schemas (`@fcf/engine/report`), as route middleware: the route
 * reads `c.req.valid('json' | 'query')`, and the OpenAPI document learns each route's request from the same
 * middleware. A bad request is a 400 with the first problem in Chinese; nothing is done with it.
 */

// The built-in messages (a wrong type, a number out of range) in Chinese, for every schema the server checks.
config(zhCN());

/** A problem as the validators report it (zod's issues carry a code, and the names of unknown fields). */
interface Issue {
  readonly message: string;
  readonly path?: readonly (PropertyKey | { readonly key: PropertyKey })[] | undefined;
  readonly code?: string;
  readonly keys?: readonly string[];
}

function fieldName(issue: Issue): string {
  const path = (issue.path ?? []).map((segment) => (typeof segment === 'object' ? segment.key : segment));
  return path.length > 0 ? path.map(String).join('.') : '请求';
}

/** The validators' hook: the first problem, named by its field, as the 400's message; all of them in `detail`. */
function refuseInvalid(result: { success: true } | { success: false; error: readonly Issue[] }) {
  if (result.success) return;
  const issue: Issue | undefined = result.error[0];
  const problem = issue?.code === 'unrecognized_keys' ? `未知的字段：${issue.keys?.join('、') ?? ''}` : issue?.message;
  const where = issue ? fieldName(issue) : '请求';
  throw new ApiError(400, `参数错误：${where} ${problem ?? ''}`.trim(), JSON.stringify(result.error));
}

/**
 * The JSON body, checked with `schema`. A body not labelled `application/json` is a 415 here too (the
 * request-limits middleware refuses most before they are read; this holds where it cannot tell that a
 * request has a body), unreadable JSON a 400.
 */
export function jsonBody<Schema extends $ZodType, E extends Env, P extends string>(schema: Schema) {
  const check = validator<Schema, 'json', E, P>('json', schema, refuseInvalid);
  const readJson: MiddlewareHandler = async (c: Context, next) => {
    const contentType = c.req.header('Content-Type');
    if (!isJsonMediaType(contentType ?? '')) {
      throw new ApiError(415, MESSAGES.notJson, `Content-Type: ${contentType?.slice(0, 100) ?? '（未提供）'}`);
    }
    try {
      // Read once here (Hono keeps the parsed body), so the validator below finds it parsed.
      await c.req.json();
    } catch {
      throw new ApiError(400, MESSAGES.invalidJson);
    }
    return check(c, next);
  };
  // The OpenAPI document reads the request's schema from the validator's mark.
  return Object.assign(readJson, { [uniqueSymbol]: check[uniqueSymbol as keyof typeof check] }) as typeof check;
}

/** The query string, checked with `schema` (every value arrives as a string). */
export function queryOf<Schema extends $ZodType, E extends Env, P extends string>(schema: Schema) {
  return validator<Schema, 'query', E, P>('query', schema, refuseInvalid);
}
