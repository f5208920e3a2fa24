import {
  coreMenuAnswer,
  coreMenuCreateBody,
  coreMenusAnswer,
  coreMenuUpdateBody,
  createdTopMenuChildAnswer,
  doneAnswer,
  isSafeMenuLink,
  MENU_LINK_ERROR,
  type TopMenuBody,
  topMenuAnswer,
  topMenuBody,
  topMenuChildBody,
  topMenusAnswer,
} from '@fcf/engine/contract';
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { ApiError } from '../http/errors.ts';
import { documented } from '../http/openapi.ts';
import { jsonBody } from '../http/validate.ts';
import {
  deleteCoreMenu,
  deleteTopMenu,
  findCoreMenu,
  findTopMenu,
  insertCoreMenu,
  insertTopMenu,
  listCoreMenus,
  listTopMenus,
  updateCoreMenu,
  updateTopMenu,
} from '../store/menus.ts';

/** The top-menu rules (docs/requirements.md#back-office): a group has no link; an ordinary item must have a safe one. */
function checkedTopMenu(body: TopMenuBody, wasGroup = false): { name: string; link: string | null; isGroup: boolean } {
  const isGroup = body.isGroup ?? body.is_group ?? wasGroup;
  if (isGroup) return { name: body.name, link: null, isGroup };
  const target = body.link?.trim() ?? '';
  if (!target) throw new ApiError(400, '普通菜单项必须有跳转链接');
  if (!isSafeMenuLink(target)) throw new ApiError(400, MENU_LINK_ERROR);
  return { name: body.name, link: target, isGroup };
}

function idParam(c: Context<AppEnv>, key: string): number {
  const id = Number(c.req.param(key));
  if (!Number.isInteger(id) || id <= 0) throw new ApiError(404, '菜单不存在或已删除');
  return id;
}

function requireTopMenu(c: Context<AppEnv>, id: number, parentId: number | null) {
  const found = findTopMenu(c.var.services.db, id, parentId);
  if (!found) throw new ApiError(404, '菜单不存在或已删除');
  return found;
}

const done = (summary: string) => documented({ tag: 'menus', summary, answers: { 200: doneAnswer } });

/** Top navigation and report-section menus: public lists, admin edits. */
export const menuRoutes = new Hono<AppEnv>()
  .get(
    '/top_menus',
    documented({ tag: 'menus', summary: '顶部导航菜单（含分组的子菜单）', answers: { 200: topMenusAnswer } }),
    (c) => c.json(listTopMenus(c.var.services.db)),
  )
  .post(
    '/top_menus',
    documented({ tag: 'menus', summary: '新增顶部菜单项或分组', answers: { 201: topMenuAnswer } }),
    jsonBody(topMenuBody),
    (c) => {
      const body = c.req.valid('json');
      const item = checkedTopMenu(body);
      const id = insertTopMenu(c.var.services.db, {
        parentId: null,
        ...item,
        ...(body.sort_order !== undefined ? { sortOrder: body.sort_order } : {}),
      });
      return c.json(
        { success: true, data: listTopMenus(c.var.services.db).find((m) => m.id === id), message: '添加成功' },
        201,
      );
    },
  )
  .put(
    '/top_menus/:id',
    documented({ tag: 'menus', summary: '修改顶部菜单项', answers: { 200: topMenuAnswer } }),
    jsonBody(topMenuBody),
    (c) => {
      const id = idParam(c, 'id');
      const existing = requireTopMenu(c, id, null);
      const body = c.req.valid('json');
      const item = checkedTopMenu(body, existing.is_group === 1);
      const hasChildren = listTopMenus(c.var.services.db).some((menu) => menu.id === id && menu.children.length > 0);
      if (!item.isGroup && hasChildren) throw new ApiError(400, '该分组下还有子菜单，请先删除子菜单再改为普通菜单');
      updateTopMenu(c.var.services.db, id, { ...item, sortOrder: body.sort_order ?? existing.sort_order });
      return c.json({
        success: true,
        data: listTopMenus(c.var.services.db).find((m) => m.id === id),
        message: '保存成功',
      });
    },
  )
  .delete('/top_menus/:id', done('删除顶部菜单项（分组连同子菜单）'), (c) => {
    const id = idParam(c, 'id');
    requireTopMenu(c, id, null);
    deleteTopMenu(c.var.services.db, id);
    return c.json({ success: true, message: '删除成功' });
  })
  .post(
    '/top_menus/:id/children',
    documented({ tag: 'menus', summary: '在分组下新增子菜单', answers: { 201: createdTopMenuChildAnswer } }),
    jsonBody(topMenuChildBody),
    (c) => {
      const parentId = idParam(c, 'id');
      if (requireTopMenu(c, parentId, null).is_group !== 1) throw new ApiError(400, '只有分组菜单可以添加子菜单');
      const body = c.req.valid('json');
      const id = insertTopMenu(c.var.services.db, {
        parentId,
        name: body.name ?? '新子菜单',
        link: body.link ?? '/',
        isGroup: false,
        ...(body.sort_order !== undefined ? { sortOrder: body.sort_order } : {}),
      });
      return c.json({ success: true, data: { id }, message: '添加成功' }, 201);
    },
  )
  .put('/top_menus/:id/children/:childId', done('修改子菜单'), jsonBody(topMenuChildBody), (c) => {
    const parentId = idParam(c, 'id');
    const childId = idParam(c, 'childId');
    const existing = requireTopMenu(c, childId, parentId);
    const body = c.req.valid('json');
    updateTopMenu(c.var.services.db, childId, {
      name: body.name ?? existing.name,
      link: body.link ?? existing.link ?? '/',
      isGroup: false,
      sortOrder: body.sort_order ?? existing.sort_order,
    });
    return c.json({ success: true, message: '保存成功' });
  })
  .delete('/top_menus/:id/children/:childId', done('删除子菜单'), (c) => {
    const parentId = idParam(c, 'id');
    const childId = idParam(c, 'childId');
    requireTopMenu(c, childId, parentId);
    deleteTopMenu(c.var.services.db, childId);
    return c.json({ success: true, message: '删除成功' });
  })
  .get(
    '/core_menus',
    documented({ tag: 'menus', summary: '报告章节菜单（分析页的模块与顺序）', answers: { 200: coreMenusAnswer } }),
    (c) => c.json(listCoreMenus(c.var.services.db)),
  )
  .post(
    '/core_menus',
    documented({ tag: 'menus', summary: '新增报告章节菜单', answers: { 201: coreMenuAnswer } }),
    jsonBody(coreMenuCreateBody),
    (c) => {
      const body = c.req.valid('json');
      const target = body.link?.trim() || body.path;
      const sortOrder = body.sort_order ?? body.order_index;
      const id = insertCoreMenu(c.var.services.db, {
        name: body.name,
        path: body.path,
        link: target,
        description: body.description ?? null,
        ...(sortOrder !== undefined ? { sortOrder } : {}),
      });
      return c.json({ success: true, data: findCoreMenu(c.var.services.db, id), message: '添加成功' }, 201);
    },
  )
  .put(
    '/core_menus/:id',
    documented({ tag: 'menus', summary: '修改报告章节菜单', answers: { 200: coreMenuAnswer } }),
    jsonBody(coreMenuUpdateBody),
    (c) => {
      const id = idParam(c, 'id');
      const existing = findCoreMenu(c.var.services.db, id);
      if (!existing) throw new ApiError(404, '菜单不存在或已删除');
      const body = c.req.valid('json');
      const path = body.path ?? existing.path;
      updateCoreMenu(c.var.services.db, id, {
        name: body.name ?? existing.name,
        path,
        link: body.link?.trim() || (body.path ? path : existing.link),
        description: body.description === undefined ? existing.description : body.description,
        sortOrder: body.sort_order ?? body.order_index ?? existing.sort_order,
      });
      return c.json({ success: true, data: findCoreMenu(c.var.services.db, id), message: '保存成功' });
    },
  )
  .delete('/core_menus/:id', done('删除报告章节菜单'), (c) => {
    const id = idParam(c, 'id');
    if (!findCoreMenu(c.var.services.db, id)) throw new ApiError(404, '菜单不存在或已删除');
    deleteCoreMenu(c.var.services.db, id);
    return c.json({ success: true, message: '删除成功' });
  });
