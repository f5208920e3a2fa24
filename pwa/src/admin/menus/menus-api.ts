import {
  type CoreMenuItem,
  coreMenuAnswer,
  type coreMenuCreateBody,
  coreMenusAnswer,
  createdTopMenuChildAnswer,
  doneAnswer,
  type TopMenuChild,
  type TopMenuItem,
  type topMenuBody,
  type topMenuChildBody,
  topMenusAnswer,
} from '@fcf/engine/contract';
import type * as z from 'zod/mini';
import { apiRequest } from '../../api/http.ts';
import { rememberTopMenus } from '../../store/menus.ts';

/** The menu managers' calls; bodies and answers as the API contract (`@fcf/engine/report`) has them. */

export type TopMenu = TopMenuItem;
export type { TopMenuChild };
/** The admin view of a report-section menu: the whole row, since a PUT sends the full item back. */
export type AdminCoreMenu = CoreMenuItem;

export type TopMenuBody = z.input<typeof topMenuBody>;
export type TopMenuChildBody = Required<z.input<typeof topMenuChildBody>>;
export type CoreMenuBody = z.input<typeof coreMenuCreateBody>;

const topPath = (id: number) => `/api/top_menus/${id}`;
const childPath = (parentId: number, childId: number) => `${topPath(parentId)}/children/${childId}`;

/** The admin's fresh list also refreshes the public navigation's offline copy, so changes show at once. */
export const fetchTopMenus = (signal?: AbortSignal) =>
  apiRequest('/api/top_menus', { schema: topMenusAnswer, ...(signal ? { signal } : {}) }).then(async (menus) => {
    await rememberTopMenus(menus);
    return menus;
  });

export const createTopMenu = (body: TopMenuBody) =>
  apiRequest('/api/top_menus', { method: 'POST', body, schema: doneAnswer });

export const updateTopMenu = (id: number, body: TopMenuBody) =>
  apiRequest(topPath(id), { method: 'PUT', body, schema: doneAnswer });

/** The server also removes a group's children. */
export const deleteTopMenu = (id: number) => apiRequest(topPath(id), { method: 'DELETE', schema: doneAnswer });

/** Answers the new child's id, so the page can open it for editing. */
export const createTopMenuChild = (parentId: number, body: Pick<TopMenuChildBody, 'name' | 'sort_order'>) =>
  apiRequest(`${topPath(parentId)}/children`, { method: 'POST', body, schema: createdTopMenuChildAnswer }).then(
    (answer) => answer.data.id,
  );

export const updateTopMenuChild = (parentId: number, childId: number, body: TopMenuChildBody) =>
  apiRequest(childPath(parentId, childId), { method: 'PUT', body, schema: doneAnswer });

export const deleteTopMenuChild = (parentId: number, childId: number) =>
  apiRequest(childPath(parentId, childId), { method: 'DELETE', schema: doneAnswer });

export const fetchCoreMenus = (signal?: AbortSignal) =>
  apiRequest('/api/core_menus', { schema: coreMenusAnswer, ...(signal ? { signal } : {}) });

export const createCoreMenu = (body: CoreMenuBody) =>
  apiRequest('/api/core_menus', { method: 'POST', body, schema: doneAnswer });

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
    schema: coreMenuAnswer,
  }).then((answer) => answer.data);

export const deleteCoreMenu = (id: number) =>
  apiRequest(`/api/core_menus/${id}`, { method: 'DELETE', schema: doneAnswer });
