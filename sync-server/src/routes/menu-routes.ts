import { isSafeMenuLink, MENU_LINK_ERROR } from '@fcf/engine/report';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../http/app-env.ts';
import { ApiError } from '../http/errors.ts';
import { displayText } from '../http/text-fields.ts';
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

const name = displayText({ error: '菜单名称不能为空' }).min(1, '菜单名称不能为空').max(50, '菜单名称不能超过50个字符');
const link = z.string().trim().max(500).refine(isSafeMenuLink, MENU_LINK_ERROR);
const description = displayText().max(500, '描述不能超过500个字符');
const sortOrder = z.number({ error: '无效的数值' });

const topMenuBody = z.object({
  name,
  link: z.string().trim().max(500).nullish(),
  isGroup: z.boolean().optional(),
  is_group: z.boolean().optional(),
  sort_order: sortOrder.optional(),
});

/** The spec's top-menu rules: a group has no link; an ordinary item must have a safe one. */
function checkedTopMenu(
  body: z.infer<typeof topMenuBody>,
  wasGroup = false,
): { name: string; link: string | null; isGroup: boolean } {
  const isGroup = body.isGroup ?? body.is_group ?? wasGroup;
  if (isGroup) return { name: body.name, link: null, isGroup };
  const target = body.link?.trim() ?? '';
  if (!target) throw new ApiError(400, '普通菜单项必须有跳转链接');
  if (!isSafeMenuLink(target)) throw new ApiError(400, MENU_LINK_ERROR);
  return { name: body.name, link: target, isGroup };
}

const childBody = z.object({ name: name.optional(), link: link.optional(), sort_order: sortOrder.optional() });

const corePath = z
  .string({ error: '请填写菜单名称和路径' })
  .trim()
  .min(1, '菜单路径不能为空')
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, '路径只能包含字母、数字、下划线和连字符（它是报告章节的锚点）');

/** A report section's link: its anchor id ('roe-roic', '#roe-roic') or a safe link. */
const coreLink = z
  .string()
  .trim()
  .max(500)
  .refine((value) => value === '' || /^#?[A-Za-z0-9_-]+$/.test(value) || isSafeMenuLink(value), MENU_LINK_ERROR);

const coreMenuCreate = z.object({
  name: displayText({ error: '请填写菜单名称和路径' })
    .min(1, '请填写菜单名称和路径')
    .max(50, '菜单名称不能超过50个字符'),
  path: corePath,
  link: coreLink.nullish(),
  description: description.nullish(),
  sort_order: sortOrder.optional(),
  order_index: sortOrder.optional(),
});

const coreMenuUpdate = z.object({
  name: name.optional(),
  path: corePath.optional(),
  link: coreLink.nullish(),
  description: description.nullish(),
  sort_order: sortOrder.optional(),
  order_index: sortOrder.optional(),
});

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

/** Top navigation and report-section menus (public-side §2, back-office §2, §5, §7). */
export const menuRoutes = new Hono<AppEnv>()
  .get('/top_menus', (c) => c.json(listTopMenus(c.var.services.db)))
  .post('/top_menus', async (c) => {
    const body = await jsonBody(c, topMenuBody);
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
  })
  .put('/top_menus/:id', async (c) => {
    const id = idParam(c, 'id');
    const existing = requireTopMenu(c, id, null);
    const body = await jsonBody(c, topMenuBody);
    const item = checkedTopMenu(body, existing.is_group === 1);
    const hasChildren = listTopMenus(c.var.services.db).some((menu) => menu.id === id && menu.children.length > 0);
    if (!item.isGroup && hasChildren) throw new ApiError(400, '该分组下还有子菜单，请先删除子菜单再改为普通菜单');
    updateTopMenu(c.var.services.db, id, { ...item, sortOrder: body.sort_order ?? existing.sort_order });
    return c.json({
      success: true,
      data: listTopMenus(c.var.services.db).find((m) => m.id === id),
      message: '保存成功',
    });
  })
  .delete('/top_menus/:id', (c) => {
    const id = idParam(c, 'id');
    requireTopMenu(c, id, null);
    deleteTopMenu(c.var.services.db, id);
    return c.json({ success: true, message: '删除成功' });
  })
  .post('/top_menus/:id/children', async (c) => {
    const parentId = idParam(c, 'id');
    if (requireTopMenu(c, parentId, null).is_group !== 1) throw new ApiError(400, '只有分组菜单可以添加子菜单');
    const body = await jsonBody(c, childBody);
    const id = insertTopMenu(c.var.services.db, {
      parentId,
      name: body.name ?? '新子菜单',
      link: body.link ?? '/',
      isGroup: false,
      ...(body.sort_order !== undefined ? { sortOrder: body.sort_order } : {}),
    });
    return c.json({ success: true, data: { id }, message: '添加成功' }, 201);
  })
  .put('/top_menus/:id/children/:childId', async (c) => {
    const parentId = idParam(c, 'id');
    const childId = idParam(c, 'childId');
    const existing = requireTopMenu(c, childId, parentId);
    const body = await jsonBody(c, childBody);
    updateTopMenu(c.var.services.db, childId, {
      name: body.name ?? existing.name,
      link: body.link ?? existing.link ?? '/',
      isGroup: false,
      sortOrder: body.sort_order ?? existing.sort_order,
    });
    return c.json({ success: true, message: '保存成功' });
  })
  .delete('/top_menus/:id/children/:childId', (c) => {
    const parentId = idParam(c, 'id');
    const childId = idParam(c, 'childId');
    requireTopMenu(c, childId, parentId);
    deleteTopMenu(c.var.services.db, childId);
    return c.json({ success: true, message: '删除成功' });
  })
  .get('/core_menus', (c) => c.json(listCoreMenus(c.var.services.db)))
  .post('/core_menus', async (c) => {
    const body = await jsonBody(c, coreMenuCreate);
    const target = body.link?.trim() || body.path;
    const id = insertCoreMenu(c.var.services.db, {
      name: body.name,
      path: body.path,
      link: target,
      description: body.description ?? null,
      ...((body.sort_order ?? body.order_index) !== undefined
        ? { sortOrder: (body.sort_order ?? body.order_index) as number }
        : {}),
    });
    return c.json({ success: true, data: findCoreMenu(c.var.services.db, id), message: '添加成功' }, 201);
  })
  .put('/core_menus/:id', async (c) => {
    const id = idParam(c, 'id');
    const existing = findCoreMenu(c.var.services.db, id);
    if (!existing) throw new ApiError(404, '菜单不存在或已删除');
    const body = await jsonBody(c, coreMenuUpdate);
    const path = body.path ?? existing.path;
    updateCoreMenu(c.var.services.db, id, {
      name: body.name ?? existing.name,
      path,
      link: body.link?.trim() || (body.path ? path : existing.link),
      description: body.description === undefined ? existing.description : body.description,
      sortOrder: body.sort_order ?? body.order_index ?? existing.sort_order,
    });
    return c.json({ success: true, data: findCoreMenu(c.var.services.db, id), message: '保存成功' });
  })
  .delete('/core_menus/:id', (c) => {
    const id = idParam(c, 'id');
    if (!findCoreMenu(c.var.services.db, id)) throw new ApiError(404, '菜单不存在或已删除');
    deleteCoreMenu(c.var.services.db, id);
    return c.json({ success: true, message: '删除成功' });
  });
