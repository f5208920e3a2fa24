import * as z from 'zod/mini';

/**
 * A page's reports, `{ [year or period end]: [item, value, item, value, …] }`, checked by one loop rather than
 * by `z.record(key, z.array(z.number()))`: they are two thirds of a page of "离线下载全部" (about 90,000
 * numbers), and zod's generic check (no JIT under the app's CSP) took about 55 ns a number, half of checking a
 * whole page. The same rule: every key matches `key`, every value is an array of finite numbers (and one
 * stricter point: an own `__proto__` key, which zod's record passed over, is refused). A failure says only
 * that the reports are not of that shape, not which key: the client answers any such page 数据格式错误. The
 * JSON Schema of the documented API says the rule (`z.meta`).
 */
export function pagedReportsSchema(key: RegExp) {
  return z.custom<Record<string, number[]>>(isPagedReports(key)).check(
    z.meta({
      type: 'object',
      propertyNames: { pattern: key.source },
      additionalProperties: { type: 'array', items: { type: 'number' } },
    }),
  );
}

function isPagedReports(key: RegExp): (value: unknown) => boolean {
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
    const reports = value as Record<string, unknown>;
    // for…in and an indexed loop: no entry arrays or iterators made for 90,000 numbers.
    for (const name in reports) {
      if (!Object.hasOwn(reports, name) || !key.test(name) || !isNumbers(reports[name])) return false;
    }
    return true;
  };
}

function isNumbers(value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  for (let index = 0; index < value.length; index++) if (!Number.isFinite(value[index])) return false;
  return true;
}
