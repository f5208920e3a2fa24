import {
  type CoreMenuItem,
  coreMenuAnswer,
  coreMenusAnswer,
  createdTopMenuChildAnswer,
  doneAnswer,
  type ErrorAnswer,
  type TopMenuItem,
  topMenuAnswer,
  topMenusAnswer,
} from '@fcf/engine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { $ZodType, output } from 'zod/v4/core';
import { currentChangeSeq } from '../db/change-seq.ts';
import { answerOf, refusalOf } from '../testing/answers.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';

/** The sync columns of a menu row, read straight from the table. */
interface SyncRow {
  version: number;
  change_seq: number;
  deleted: number;
}

let platform: TestPlatform;
let token: string;

beforeAll(async () => {
  platform = await startTestPlatform();
  token = await platform.adminToken();
});
afterAll(() => platform.close());

function syncRow(table: 'top_menus' | 'core_menus', id: number): SyncRow {
  // `.all()`, not `.get()`: libsql's get() adds a `_metadata` field.
  const rows = platform.db
    .prepare(`SELECT version, change_seq, deleted FROM ${table} WHERE id = ?`)
    .all([id]) as SyncRow[];
  const [row] = rows;
  if (!row) throw new Error(`${table} ${id} not found`);
  return row;
}

/** Runs a write and checks it bumped the row's version and took the newest change_seq. */
async function expectBumped<T>(table: 'top_menus' | 'core_menus', id: number, write: () => Promise<T>): Promise<T> {
  const before = syncRow(table, id);
  const seqBefore = currentChangeSeq(platform.db);
  const result = await write();
  const after = syncRow(table, id);
  expect(after.version).toBe(before.version + 1);
  expect(after.change_seq).toBeGreaterThan(seqBefore);
  expect(after.change_seq).toBe(currentChangeSeq(platform.db));
  return result;
}

/** A request as the admin: an answer with `status`, checked against the contract's `schema`. */
async function send<Schema extends $ZodType>(
  method: string,
  path: string,
  schema: Schema,
  status: number,
  body?: unknown,
): Promise<output<Schema>> {
  return answerOf(await platform.call(method, path, body === undefined ? { token } : { token, body }), schema, status);
}

async function refused(method: string, path: string, status: number, body?: unknown): Promise<ErrorAnswer> {
  return refusalOf(await platform.call(method, path, body === undefined ? { token } : { token, body }), status);
}

async function topMenus(): Promise<TopMenuItem[]> {
  return answerOf(await platform.call('GET', '/api/top_menus'), topMenusAnswer);
}

async function coreMenus(): Promise<CoreMenuItem[]> {
  return answerOf(await platform.call('GET', '/api/core_menus'), coreMenusAnswer);
}

function topLevelIds(): number[] {
  return (
    platform.db.prepare('SELECT id FROM top_menus WHERE parent_id IS NULL AND deleted = 0').all([]) as { id: number }[]
  ).map((row) => row.id);
}

describe('reading the menus (public)', () => {
  it('GET /api/top_menus is an array with a group, its children and an external link', async () => {
    const menus = await topMenus();
    expect(Array.isArray(menus)).toBe(true);
    expect(menus.map((menu) => menu.name)).toEqual([
      '首页',
      '估值筛选',
      '估值工具',
      '行业研究报告',
      '巨潮资讯（公告披露）',
    ]);
    for (const menu of menus) {
      expect(Object.keys(menu).sort()).toEqual(['children', 'id', 'isGroup', 'link', 'name', 'sort_order']);
    }
    const group = menus.find((menu) => menu.isGroup);
    expect(group?.name).toBe('估值工具');
    expect(group?.link).toBeNull();
    expect(group?.children.map((child) => child.link)).toEqual(['/valuation-custom', '/wacc', '/compare']);
    expect(group?.children.map((child) => child.sort_order)).toEqual([1, 2, 3]);
    expect(menus.find((menu) => menu.link?.startsWith('http'))?.link).toBe('http://www.cninfo.com.cn/');
    expect(menus.map((menu) => menu.sort_order)).toEqual([1, 2, 3, 4, 5]);
  });

  it('GET /api/core_menus is sorted, with the report paths and order_index = sort_order', async () => {
    const menus = await coreMenus();
    expect(menus.map((menu) => menu.path)).toEqual([
      'basic-info',
      'valuation-summary',
      'roe-roic',
      'growth',
      'profitability',
      'risk',
      'industry-comparison',
      'fcf-structure',
      'fcf-ratio',
      'fcf-valuation',
      'sensitivity',
      'pe-valuation',
    ]);
    expect(menus.map((menu) => menu.order_index)).toEqual([1, 2, 3, 3.5, 4, 4.2, 4.4, 4.5, 4.8, 5, 5.5, 6]);
    for (const menu of menus) {
      expect(menu.sort_order).toBe(menu.order_index);
      expect(menu.link).toBe(menu.path);
      expect(menu.name.length).toBeGreaterThan(0);
    }
  });
});

describe('top menu structure rules', () => {
  it('adds children only under a group, and keeps a group with children a group', async () => {
    const item = await send('POST', '/api/top_menus', topMenuAnswer, 201, { name: '普通项', link: '/wacc-tool' });
    expect((await refused('POST', `/api/top_menus/${item.data.id}/children`, 400, {})).message).toContain(
      '只有分组菜单可以添加子菜单',
    );
    const group = await send('POST', '/api/top_menus', topMenuAnswer, 201, { name: '分组', isGroup: true });
    await send('POST', `/api/top_menus/${group.data.id}/children`, createdTopMenuChildAnswer, 201, {
      name: '子项',
      link: '/hk-valuation',
    });
    // A PUT without isGroup keeps the item a group.
    const renamed = await send('PUT', `/api/top_menus/${group.data.id}`, topMenuAnswer, 200, { name: '分组2' });
    expect(renamed.data.isGroup).toBe(true);
    expect(
      (await refused('PUT', `/api/top_menus/${group.data.id}`, 400, { name: '分组2', isGroup: false, link: '/' }))
        .message,
    ).toContain('子菜单');
  });
});

describe('top menu administration', () => {
  it('creates an ordinary item at max sort_order + 1', async () => {
    const maxBefore = Math.max(...(await topMenus()).map((menu) => menu.sort_order));
    const saved = await send('POST', '/api/top_menus', topMenuAnswer, 201, {
      name: '  估值方法  ',
      link: '/valuation-model',
    });
    expect(saved.success).toBe(true);
    expect(saved.data).toMatchObject({
      name: '估值方法',
      link: '/valuation-model',
      isGroup: false,
      sort_order: maxBefore + 1,
      children: [],
    });
    expect((await topMenus()).at(-1)?.id).toBe(saved.data.id);
    const row = syncRow('top_menus', saved.data.id);
    expect(row).toEqual({ version: 1, change_seq: currentChangeSeq(platform.db), deleted: 0 });
  });

  it('accepts an external https link and keeps an explicit sort_order', async () => {
    const saved = await send('POST', '/api/top_menus', topMenuAnswer, 201, {
      name: '上交所',
      link: 'https://www.sse.com.cn/',
      sort_order: 0.5,
    });
    expect(saved.data.sort_order).toBe(0.5);
    expect((await topMenus())[0]?.id).toBe(saved.data.id);
  });

  it('a group item has no link, whatever is sent', async () => {
    const saved = await send('POST', '/api/top_menus', topMenuAnswer, 201, {
      name: '研究',
      isGroup: true,
      link: '/ignored',
    });
    expect(saved.data).toMatchObject({ isGroup: true, link: null, children: [] });
    const rows = platform.db.prepare('SELECT link, is_group FROM top_menus WHERE id = ?').all([saved.data.id]) as {
      link: string | null;
      is_group: number;
    }[];
    expect(rows[0]).toEqual({ link: null, is_group: 1 });
  });

  it('an ordinary item without a link is a 400', async () => {
    const count = topLevelIds().length;
    expect((await refused('POST', '/api/top_menus', 400, { name: '无链接' })).message).toBe('普通菜单项必须有跳转链接');
    expect((await refused('POST', '/api/top_menus', 400, { name: '空链接', link: '   ' })).message).toBe(
      '普通菜单项必须有跳转链接',
    );
    expect(topLevelIds().length).toBe(count);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,<script>x</script>',
    '//evil.example.com',
    'ftp://x.example.com',
    // Browsers strip tabs and newlines from URLs: these opened evil.example as if they were site paths.
    '/\t/evil.example',
    '/\n/evil.example',
    '/\\evil.example',
    'https://www.sse.com.cn@evil.example/',
  ])('refuses the unsafe link %j', async (link) => {
    const error = await refused('POST', '/api/top_menus', 400, { name: '危险', link });
    expect(error.message).toContain('链接');
    const group = await send('POST', '/api/top_menus', topMenuAnswer, 201, { name: '危险组', isGroup: true });
    await refused('POST', `/api/top_menus/${group.data.id}/children`, 400, { name: '危险', link });
    await refused('POST', '/api/core_menus', 400, { name: '危险', path: 'unsafe', link });
    await send('DELETE', `/api/top_menus/${group.data.id}`, doneAnswer, 200);
  });

  it('strips direction controls from menu names', async () => {
    const saved = await send('POST', '/api/top_menus', topMenuAnswer, 201, {
      name: '研究\u202Efdp.exe',
      link: '/industry-research',
    });
    expect(saved.data.name).toBe('研究fdp.exe');
    const core = await send('POST', '/api/core_menus', coreMenuAnswer, 201, {
      name: '\u2067成长\u2069',
      path: 'growth-bidi',
      description: '说明\u200F',
    });
    expect(core.data).toMatchObject({ name: '成长', description: '说明' });
    await refused('POST', '/api/top_menus', 400, { name: '\u202E', link: '/' });
    await send('DELETE', `/api/top_menus/${saved.data.id}`, doneAnswer, 200);
    await send('DELETE', `/api/core_menus/${core.data.id}`, doneAnswer, 200);
  });

  it('an empty name is a 400', async () => {
    expect((await refused('POST', '/api/top_menus', 400, { name: '', link: '/' })).message).toContain(
      '菜单名称不能为空',
    );
    expect((await refused('POST', '/api/top_menus', 400, { name: '   ', link: '/' })).message).toContain(
      '菜单名称不能为空',
    );
    expect((await refused('POST', '/api/top_menus', 400, { link: '/' })).message).toContain('菜单名称不能为空');
  });

  it('PUT updates an item and bumps its version and change_seq', async () => {
    const home = (await topMenus()).find((menu) => menu.name === '首页');
    if (!home) throw new Error('no 首页');
    const saved = await expectBumped('top_menus', home.id, () =>
      send('PUT', `/api/top_menus/${home.id}`, topMenuAnswer, 200, { name: '主页', link: '/', sort_order: 99 }),
    );
    expect(saved.data).toMatchObject({ id: home.id, name: '主页', link: '/', sort_order: 99 });
    expect((await topMenus()).at(-1)?.name).toBe('主页');
  });

  it('PUT keeps the sort_order when none is sent, and follows the same rules as POST', async () => {
    const item = (await topMenus()).find((menu) => menu.name === '行业研究报告');
    if (!item) throw new Error('no 行业研究报告');
    const saved = await send('PUT', `/api/top_menus/${item.id}`, topMenuAnswer, 200, {
      name: '行业研究',
      link: '/industry-research',
    });
    expect(saved.data.sort_order).toBe(item.sort_order);
    await refused('PUT', `/api/top_menus/${item.id}`, 400, { name: '行业研究' });
    await refused('PUT', `/api/top_menus/${item.id}`, 400, { name: '行业研究', link: 'javascript:void(0)' });
    expect(syncRow('top_menus', item.id).version).toBe(2);
  });

  it('children: POST with defaults, PUT, DELETE, each bumping the row', async () => {
    const group = (await topMenus()).find((menu) => menu.name === '估值工具');
    if (!group) throw new Error('no group');
    const count = group.children.length;
    const created = await send('POST', `/api/top_menus/${group.id}/children`, createdTopMenuChildAnswer, 201, {});
    let child = (await topMenus()).find((menu) => menu.id === group.id)?.children.find((c) => c.id === created.data.id);
    expect(child).toMatchObject({ name: '新子菜单', sort_order: count + 1 });
    expect(syncRow('top_menus', created.data.id)).toMatchObject({ version: 1, deleted: 0 });

    await expectBumped('top_menus', created.data.id, () =>
      send('PUT', `/api/top_menus/${group.id}/children/${created.data.id}`, doneAnswer, 200, {
        name: '敏感性分析',
        link: '/sensitivity',
      }),
    );
    child = (await topMenus()).find((menu) => menu.id === group.id)?.children.find((c) => c.id === created.data.id);
    expect(child).toMatchObject({ name: '敏感性分析', link: '/sensitivity', sort_order: count + 1 });

    await refused('PUT', `/api/top_menus/${group.id}/children/${created.data.id}`, 400, {
      link: 'javascript:alert(1)',
    });
    await refused('PUT', `/api/top_menus/${group.id}/children/${created.data.id}`, 400, { name: '' });

    await expectBumped('top_menus', created.data.id, () =>
      send('DELETE', `/api/top_menus/${group.id}/children/${created.data.id}`, doneAnswer, 200),
    );
    expect(syncRow('top_menus', created.data.id).deleted).toBe(1);
    const after = (await topMenus()).find((menu) => menu.id === group.id);
    expect(after?.children.map((c) => c.id)).not.toContain(created.data.id);
    expect(after?.children).toHaveLength(count);
  });

  it('deleting a group tombstones its children too', async () => {
    const group = (await topMenus()).find((menu) => menu.name === '估值工具');
    if (!group) throw new Error('no group');
    const childIds = group.children.map((child) => child.id);
    expect(childIds.length).toBeGreaterThan(0);
    const versions = childIds.map((id) => syncRow('top_menus', id).version);
    await expectBumped('top_menus', group.id, () => send('DELETE', `/api/top_menus/${group.id}`, doneAnswer, 200));
    const seq = currentChangeSeq(platform.db);
    childIds.forEach((id, index) => {
      expect(syncRow('top_menus', id)).toEqual({ version: (versions[index] ?? 0) + 1, change_seq: seq, deleted: 1 });
    });
    expect((await topMenus()).find((menu) => menu.id === group.id)).toBeUndefined();
    // Gone: further writes to it or its children are 404s.
    await refused('DELETE', `/api/top_menus/${group.id}`, 404);
    await refused('POST', `/api/top_menus/${group.id}/children`, 404, {});
    await refused('PUT', `/api/top_menus/${group.id}/children/${childIds[0]}`, 404, { name: 'x' });
  });

  it('unknown ids are 404s', async () => {
    const [first] = await topMenus();
    if (!first) throw new Error('no menus');
    for (const [method, path, body] of [
      ['PUT', '/api/top_menus/999999', { name: 'x', link: '/' }],
      ['DELETE', '/api/top_menus/999999', undefined],
      ['DELETE', '/api/top_menus/abc', undefined],
      ['POST', '/api/top_menus/999999/children', {}],
      ['PUT', `/api/top_menus/${first.id}/children/999999`, { name: 'x' }],
      ['DELETE', `/api/top_menus/${first.id}/children/999999`, undefined],
    ] as const) {
      const error = await refused(method, path, 404, body);
      expect(error.message).toBe('菜单不存在或已删除');
    }
  });

  it('a child is only reachable under its own parent', async () => {
    const parent = await send('POST', '/api/top_menus', topMenuAnswer, 201, { name: '组A', isGroup: true });
    const other = await send('POST', '/api/top_menus', topMenuAnswer, 201, { name: '组B', isGroup: true });
    const child = await send('POST', `/api/top_menus/${parent.data.id}/children`, createdTopMenuChildAnswer, 201, {
      name: '子项',
      link: '/x',
    });
    await refused('DELETE', `/api/top_menus/${other.data.id}/children/${child.data.id}`, 404);
    // Nor as a top-level item.
    await refused('DELETE', `/api/top_menus/${child.data.id}`, 404);
    expect(syncRow('top_menus', child.data.id).deleted).toBe(0);
  });
});

describe('core (left) menu administration', () => {
  it('refuses a javascript: link', async () => {
    expect(
      (await refused('POST', '/api/core_menus', 400, { name: '坏链接', path: 'bad', link: 'javascript:alert(1)' }))
        .message,
    ).toContain('链接必须是');
  });

  it('POST needs a name and a path', async () => {
    expect((await refused('POST', '/api/core_menus', 400, { path: 'growth' })).message).toContain(
      '请填写菜单名称和路径',
    );
    expect((await refused('POST', '/api/core_menus', 400, { name: '成长性分析' })).message).toContain(
      '请填写菜单名称和路径',
    );
    expect((await refused('POST', '/api/core_menus', 400, { name: '', path: 'growth' })).message).toContain(
      '请填写菜单名称和路径',
    );
    await refused('POST', '/api/core_menus', 400, { name: '成长性分析', path: '' });
  });

  it('POST defaults the link to the path and the sort_order to max + 1', async () => {
    const max = Math.max(...(await coreMenus()).map((menu) => menu.sort_order));
    const saved = await send('POST', '/api/core_menus', coreMenuAnswer, 201, { name: '成长性分析', path: 'growth' });
    expect(saved.data).toMatchObject({
      name: '成长性分析',
      path: 'growth',
      link: 'growth',
      sort_order: max + 1,
      order_index: max + 1,
    });
    expect((await coreMenus()).at(-1)?.path).toBe('growth');
    expect(syncRow('core_menus', saved.data.id)).toEqual({
      version: 1,
      change_seq: currentChangeSeq(platform.db),
      deleted: 0,
    });
  });

  it('POST keeps a given link and order_index', async () => {
    const saved = await send('POST', '/api/core_menus', coreMenuAnswer, 201, {
      name: '公司基本信息',
      path: 'company-info',
      link: 'company-info-section',
      order_index: 0.5,
    });
    expect(saved.data).toMatchObject({ link: 'company-info-section', sort_order: 0.5, order_index: 0.5 });
    expect((await coreMenus())[0]?.path).toBe('company-info');
  });

  it('a path that is not an anchor id is a 400', async () => {
    await refused('POST', '/api/core_menus', 400, { name: '坏路径', path: 'a b/c' });
  });

  it('PUT edits an item and bumps version and change_seq', async () => {
    const target = (await coreMenus()).find((menu) => menu.path === 'growth');
    if (!target) throw new Error('no growth');
    const saved = await expectBumped('core_menus', target.id, () =>
      send('PUT', `/api/core_menus/${target.id}`, coreMenuAnswer, 200, { ...target, name: '成长能力', sort_order: 2 }),
    );
    expect(saved.data).toMatchObject({
      id: target.id,
      name: '成长能力',
      path: 'growth',
      sort_order: 2,
      order_index: 2,
    });
    const moved = await expectBumped('core_menus', target.id, () =>
      send('PUT', `/api/core_menus/${target.id}`, coreMenuAnswer, 200, { path: 'growth-analysis' }),
    );
    // A new path moves the default link with it.
    expect(moved.data).toMatchObject({ path: 'growth-analysis', link: 'growth-analysis', name: '成长能力' });
    await refused('PUT', `/api/core_menus/${target.id}`, 400, { name: '' });
  });

  it('DELETE tombstones the item', async () => {
    const target = (await coreMenus()).find((menu) => menu.path === 'growth-analysis');
    if (!target) throw new Error('no growth-analysis');
    await expectBumped('core_menus', target.id, () => send('DELETE', `/api/core_menus/${target.id}`, doneAnswer, 200));
    expect(syncRow('core_menus', target.id).deleted).toBe(1);
    expect((await coreMenus()).map((menu) => menu.id)).not.toContain(target.id);
    await refused('DELETE', `/api/core_menus/${target.id}`, 404);
    await refused('PUT', `/api/core_menus/${target.id}`, 404, { name: 'x' });
  });

  it('unknown ids are 404s', async () => {
    await refused('PUT', '/api/core_menus/999999', 404, { name: 'x' });
    await refused('DELETE', '/api/core_menus/999999', 404);
    await refused('DELETE', '/api/core_menus/0', 404);
  });
});
