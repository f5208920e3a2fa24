import * as z from 'zod/mini';

/**
 * The answer envelope every JSON endpoint shares: `{success, data, message}` on success (some answers name
 * their fields beside `success` instead of `data`, as the product's API does), `{success: false, message,
 * detail}` on failure, with a Chinese message a person can act on.
 */

/**
 * Gives a schema its name in the API's documents: the OpenAPI document lists it once under that name and
 * refers to it wherever an answer holds it.
 */
export function named<Schema extends z.ZodMiniType>(id: string, schema: Schema): Schema {
  const documented: z.ZodMiniType = schema;
  z.globalRegistry.add(documented, { id });
  return schema;
}

/** `{success, data, message}` around `data`. */
export function envelope<Data extends z.ZodMiniType>(data: Data) {
  return z.object({ success: z.boolean(), data, message: z.string() });
}

/** An answer that only says it worked (deletes, saves). */
export const doneAnswer = z.object({ success: z.boolean(), message: z.string() });

/** Every error answer: HTTP status plus this body. `detail` says more for support (the field, the reason). */
export const errorAnswer = z.object({
  success: z.literal(false),
  message: z.string().check(z.describe('给用户看的中文说明')),
  detail: z.string().check(z.describe('更具体的原因（出错的字段、数值等）')),
});
export type ErrorAnswer = z.infer<typeof errorAnswer>;
