import * as z from 'zod/mini';
import { isSafeMenuLink, MENU_LINK_ERROR } from './menu-links.ts';
import { displayText, numberField } from './text-fields.ts';

/** What an admin sends to change the menus (apart from the lists, so the app's first screen loads none of it). */

const menuName = displayText(
  { min: '菜单名称不能为空', max: 50, maxMessage: '菜单名称不能超过50个字符' },
  {
    error: '菜单名称不能为空',
  },
);
const safeLink = z.string().check(z.trim(), z.maxLength(500), z.refine(isSafeMenuLink, MENU_LINK_ERROR));
const description = displayText({ max: 500, maxMessage: '描述不能超过500个字符' });

/** A top menu item: a group has no link; an ordinary item must have a safe one (checked with the group flag). */
export const topMenuBody = z.object({
  name: menuName,
  link: z.nullish(z.string().check(z.trim(), z.maxLength(500))),
  isGroup: z.optional(z.boolean()),
  is_group: z.optional(z.boolean()),
  sort_order: z.optional(numberField),
});
export type TopMenuBody = z.infer<typeof topMenuBody>;

export const topMenuChildBody = z.object({
  name: z.optional(menuName),
  link: z.optional(safeLink),
  sort_order: z.optional(numberField),
});

const corePath = z
  .string({ error: '请填写菜单名称和路径' })
  .check(
    z.trim(),
    z.minLength(1, '菜单路径不能为空'),
    z.maxLength(100),
    z.regex(/^[A-Za-z0-9_-]+$/, '路径只能包含字母、数字、下划线和连字符（它是报告章节的锚点）'),
  );

/** A report section's link: its anchor id ('roe-roic', '#roe-roic') or a safe link. */
const coreLink = z.string().check(
  z.trim(),
  z.maxLength(500),
  z.refine((value) => value === '' || /^#?[A-Za-z0-9_-]+$/.test(value) || isSafeMenuLink(value), MENU_LINK_ERROR),
);

export const coreMenuCreateBody = z.object({
  name: displayText(
    { min: '请填写菜单名称和路径', max: 50, maxMessage: '菜单名称不能超过50个字符' },
    { error: '请填写菜单名称和路径' },
  ),
  path: corePath,
  link: z.nullish(coreLink),
  description: z.nullish(description),
  sort_order: z.optional(numberField),
  order_index: z.optional(numberField),
});

export const coreMenuUpdateBody = z.object({
  name: z.optional(menuName),
  path: z.optional(corePath),
  link: z.nullish(coreLink),
  description: z.nullish(description),
  sort_order: z.optional(numberField),
  order_index: z.optional(numberField),
});
