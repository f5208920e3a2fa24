import * as z from 'zod/mini';
import { apiRequest } from '../../api/http.ts';
import { type TopMenu, topMenusSchema } from '../../api/schemas.ts';
import { rememberTopMenus } from '../../store/menus.ts';

/** The menu managers' calls (back-office §7); bodies as sync-server/src/routes/menu-routes.ts reads them. */

export type { TopMenu };
export type TopMenuChild = TopMenu['children'][number];

/** The admin view of a report-section menu: the whole row, since a PUT sends the full item back. */
const adminCoreMenuSchema = z.object({
  id: z.number(),
  name: z.string(),
  path: z.string(),
  link: z.nullable(z.string()),
  description: z.optional(z.nullable(z.string())),
  sort_order: z.number(),
});
export type AdminCoreMenu = z.infer<typeof adminCoreMenuSchema>;

const done = z.object({ success: z.boolean(), message: z.optional(z.string()) });
const createdChild = z.object({ success: z.boolean(), data: z.object({ id: z.number() }) });
const savedCore = z.object({ success: z.boolean(), data: adminCoreMenuSchema });

export interface TopMenuBody {
  readonly name: string;
  readonly link: string | null;
  readonly isGroup: boolean;
  readonly sort_order: number;
}

export interface TopMenuChildBody {
  readonly name: string;
  readonly link: string;
  readonly sort_order: number;
}

const topPath = (id: number) => `/api/top_menus/${id}`;
const childPath = (parentId: number, childId: number) => `${topPath(parentId)}/children/${childId}`;

/** The admin's fresh list also refreshes the public navigation's offline copy, so changes show at once. */
export const fetchTopMenus = (signal?: AbortSignal) =>
  apiRequest('/api/top_menus', { schema: topMenusSchema, ...(signal ? { signal } : {}) }).then(async (menus) => {
    await rememberTopMenus(menus);
    return menus;
  });

export const createTopMenu = (body: TopMenuBody) =>
  apiRequest('/api/top_menus', { method: 'POST', body, schema: done });

export const updateTopMenu = (id: number, body: TopMenuBody) =>
  apiRequest(topPath(id), { method: 'PUT', body, schema: done });

/** The server also removes a group's children. */
export const deleteTopMenu = (id: number) => apiRequest(topPath(id), { method: 'DELETE', schema: done });

/** Answers the new child's id, so the page can open it for editing. */
export const createTopMenuChild = (parentId: number, body: Pick<TopMenuChildBody, 'name' | 'sort_order'>) =>
  apiRequest(`${topPath(parentId)}/children`, { method: 'POST', body, schema: createdChild }).then(
    (answer) => answer.data.id,
  );

export const updateTopMenuChild = (parentId: number, childId: number, body: TopMenuChildBody) =>
  apiRequest(childPath(parentId, childId), { method: 'PUT', body, schema: done });

export const deleteTopMenuChild = (parentId: number, childId: number) =>
  apiRequest(childPath(parentId, childId), { method: 'DELETE', schema: done });

export const fetchCoreMenus = (signal?: AbortSignal) =>
  apiRequest('/api/core_menus', { schema: z.array(adminCoreMenuSchema), ...(signal ? { signal } : {}) });

export interface CoreMenuBody {
  readonly name: string;
  readonly path: string;
  readonly link: string;
  readonly sort_order: number;
}

export const createCoreMenu = (body: CoreMenuBody) =>
  apiRequest('/api/core_menus', { method: 'POST', body, schema: done });

/** Sends the full item and answers the row as stored. */
export const updateCoreMenu = (item: AdminCoreMenu) =>
  apiRequest(`/api/core_menus/${item.id}`, {
    method: 'PUT',
    body: {
      name: item.name,
      path: item.path,
      link: item.link,
      description: item.description ?? null,
      sort_order: item.sort_order,
    },
    schema: savedCore,
  }).then((answer) => answer.data);

export const deleteCoreMenu = (id: number) => apiRequest(`/api/core_menus/${id}`, { method: 'DELETE', schema: done });
