import { type ErrorAnswer, errorAnswer } from '@fcf/engine/contract';
import { expect } from 'vitest';
import { safeParse } from 'zod/mini';
import type { $ZodType, output } from 'zod/v4/core';
import type { TestPlatform } from './test-platform.ts';

/**
 * Route tests read answers through the API contract's schemas (`@fcf/engine/report`): an answer of the
 * wrong shape, or with a field the contract does not name, fails the test where it is read, and what the
 * test gets is typed by the schema. No test declares an answer's type of its own.
 */

/** Paths of `raw` that parsing dropped: fields the server sends that the schema does not describe. */
function undocumented(raw: unknown, parsed: unknown, path: string): string[] {
  if (Array.isArray(raw) && Array.isArray(parsed)) {
    return raw.flatMap((item, index) => undocumented(item, parsed[index], `${path}[${index}]`));
  }
  if (raw === null || parsed === null || typeof raw !== 'object' || typeof parsed !== 'object') return [];
  return Object.entries(raw).flatMap(([key, value]) =>
    key in parsed
      ? undocumented(value, (parsed as Record<string, unknown>)[key], `${path}.${key}`)
      : [`${path}.${key}`],
  );
}

/** `body` as `schema` has it; fails the test naming the problem, or the fields the schema does not name. */
export function conforming<Schema extends $ZodType>(schema: Schema, body: unknown, label = 'answer'): output<Schema> {
  const parsed = safeParse(schema, body);
  if (!parsed.success) {
    throw new Error(`${label} does not match the contract: ${JSON.stringify(parsed.error.issues).slice(0, 2000)}`);
  }
  expect(undocumented(body, parsed.data, label), `${label}: fields the contract does not name`).toEqual([]);
  return parsed.data;
}

/** The JSON answer, expected with `status` and checked against `schema`. */
export async function answerOf<Schema extends $ZodType>(
  response: Response,
  schema: Schema,
  status = 200,
): Promise<output<Schema>> {
  const text = await response.text();
  expect(response.status, text.slice(0, 500)).toBe(status);
  return conforming(schema, JSON.parse(text), `${response.status} answer`);
}

/** A refusal: `status` and the error envelope `{success: false, message, detail}` with a message to show. */
export async function refusalOf(response: Response, status: number): Promise<ErrorAnswer> {
  const body = await answerOf(response, errorAnswer, status);
  expect(body.message.length).toBeGreaterThan(0);
  return body;
}

/** GET `path` (with `token`): a 200 whose envelope `schema` checks; its `data`. */
export async function readData<Schema extends $ZodType<{ data: unknown }>>(
  platform: Pick<TestPlatform, 'call'>,
  path: string,
  schema: Schema,
  token?: string,
): Promise<output<Schema>['data']> {
  const answer = await answerOf(await platform.call('GET', path, token ? { token } : {}), schema);
  return answer.data;
}
