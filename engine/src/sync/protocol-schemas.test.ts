import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { Writable } from '../testing/writable.ts';
import { type PullResponse, pullQuerySchema, type pullResponseSchema } from './protocol.ts';

describe('the pull’s schemas', () => {
  it('describe PullResponse exactly (checked by the compiler)', () => {
    expectTypeOf<Writable<z.output<typeof pullResponseSchema>>>().toEqualTypeOf<Writable<PullResponse>>();
  });

  it('read the query’s numbers, with the defaults and the messages of a bad one', () => {
    expect(pullQuerySchema.parse({})).toEqual({ cursor: 0, limit: 1000 });
    expect(pullQuerySchema.parse({ cursor: '12', limit: '50', tables: 'companies' })).toEqual({
      cursor: 12,
      limit: 50,
      tables: 'companies',
    });
    expect(pullQuerySchema.safeParse({ cursor: '-1' }).error?.issues[0]?.message).toBe('必须是非负整数');
    expect(pullQuerySchema.safeParse({ cursor: 'x' }).error?.issues[0]?.message).toBe('必须是非负整数');
    expect(pullQuerySchema.safeParse({ limit: '0' }).error?.issues[0]?.message).toBe('必须是正整数');
  });
});
