import * as z from 'zod/mini';

/** GET /api/openapi.json: the OpenAPI 3.1 document of this API (its parts as the standard defines them). */
export const openApiDocumentAnswer = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.optional(z.record(z.string(), z.unknown())),
});
