import type { Context } from 'hono';
import type { z } from 'zod';
import { ApiError, MESSAGES } from './errors.ts';
import { isJsonMediaType } from './json-request-limits.ts';

/**
 * Parses the JSON body with a zod schema; a bad body is a 400 with the first problem in Chinese. A body
 * not labelled `application/json` is a 415 here too (the middleware refuses most before they are read;
 * this holds even where it cannot tell that a request has a body).
 */
export async function jsonBody<Schema extends z.ZodType>(c: Context, schema: Schema): Promise<z.infer<Schema>> {
  const contentType = c.req.header('Content-Type');
  if (!isJsonMediaType(contentType ?? '')) {
    throw new ApiError(415, MESSAGES.notJson, `Content-Type: ${contentType?.slice(0, 100) ?? '（未提供）'}`);
  }
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw new ApiError(400, MESSAGES.invalidJson);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : '请求';
    const problem = issue?.code === 'unrecognized_keys' ? `未知的字段：${issue.keys.join('、')}` : issue?.message;
    throw new ApiError(400, `参数错误：${where} ${problem ?? ''}`.trim(), JSON.stringify(parsed.error.issues));
  }
  return parsed.data;
}
