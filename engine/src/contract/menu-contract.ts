import * as z from 'zod/mini';
import { envelope, named } from './envelope.ts';

/** The top navigation and the report-section ("core") menus as the API lists them (what an admin sends: menu-requests.ts). */

export const topMenuChildSchema = z.object({
  id: z.number(),
  name: z.string(),
  link: z.string(),
  sort_order: z.number(),
});
export const topMenuItemSchema = named(
  'TopMenuItem',
  z.object({
    id: z.number(),
    name: z.string(),
    link: z.nullable(z.string()).check(z.describe('分组没有链接（null）')),
    isGroup: z.boolean(),
    sort_order: z.number(),
    children: z.array(topMenuChildSchema),
  }),
);
export type TopMenuItem = z.infer<typeof topMenuItemSchema>;
export type TopMenuChild = z.infer<typeof topMenuChildSchema>;
/** GET /api/top_menus answers the bare list (docs/requirements.md#api). */
export const topMenusAnswer = z.array(topMenuItemSchema);

export const coreMenuItemSchema = named(
  'CoreMenuItem',
  z.object({
    id: z.number(),
    name: z.string(),
    path: z.string().check(z.describe('报告章节的锚点')),
    link: z.string(),
    description: z.nullable(z.string()),
    order_index: z.number().check(z.describe('与 sort_order 相同')),
    sort_order: z.number(),
  }),
);
export type CoreMenuItem = z.infer<typeof coreMenuItemSchema>;
/** GET /api/core_menus answers the bare list (docs/requirements.md#api). */
export const coreMenusAnswer = z.array(coreMenuItemSchema);

export const topMenuAnswer = envelope(topMenuItemSchema);
export const createdTopMenuChildAnswer = envelope(z.object({ id: z.number() }));
export const coreMenuAnswer = envelope(coreMenuItemSchema);
