import {
  categoryRemovedAnswer,
  envelope,
  errorAnswer,
  type PdfCategory,
  pdfCategoriesAnswer,
  pdfFileAnswer,
} from '@fcf/engine/contract';
import { pullResponseSchema } from '@fcf/engine/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusalOf } from '../testing/answers.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';
import { bodyOf, libraryCalls, samplePdf } from './testing/pdf-library.ts';

/** The research library's categories (add, move files, delete, sort) and who may change them. */

let platform: TestPlatform;
let admin: string;
let user: string;

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = await platform.adminToken();
  user = await platform.userToken();
});
afterAll(() => platform.close());

const { upload, uploaded, get, categories, files, addCategory } = libraryCalls(() => ({ platform, admin }));

describe('categories', () => {
  it('strips direction controls from a category name, so a look-alike is the same name (409)', async () => {
    const added = await addCategory('\u202E研报\u202C');
    expect(added.name).toBe('研报');
    const twin = await platform.call('POST', '/api/pdf-menu-categories', {
      token: admin,
      body: { name: '研\u200F报' },
    });
    expect(twin.status).toBe(409);
  });

  it('adds at the end (max + 1), trims, and refuses an empty, too long or duplicate name', async () => {
    const before = await categories();
    const added = await addCategory('  宏观策略  ');
    expect(added.name).toBe('宏观策略');
    expect(added.sort_order).toBe(Math.max(...before.map((category) => category.sort_order)) + 1);
    expect(added.file_count).toBe(0);
    const bad = [{ name: '   ' }, {}, { name: '长'.repeat(51) }, { name: '宏观策略' }];
    const statuses = [];
    for (const body of bad) {
      statuses.push((await platform.call('POST', '/api/pdf-menu-categories', { token: admin, body })).status);
    }
    expect(statuses).toEqual([400, 400, 400, 409]);
  });

  it('moves a file between categories and back to uncategorised (null or 0)', async () => {
    const target = await addCategory('晨会纪要');
    const file = await uploaded('晨会纪要0601.pdf');
    const move = (categoryId: number | null) =>
      platform.call('PUT', `/api/pdf-files/${file.id}/category`, { token: admin, body: { category_id: categoryId } });
    const moved = await move(target.id);
    expect(moved.status).toBe(200);
    expect((await bodyOf(moved, pdfFileAnswer)).data).toMatchObject({
      category_id: target.id,
      category_name: '晨会纪要',
    });
    expect((await files(`?category_id=${target.id}`)).map((item) => item.id)).toEqual([file.id]);
    expect((await bodyOf(move(0), pdfFileAnswer)).data.category_id).toBeNull();
    await move(target.id);
    expect((await bodyOf(move(null), pdfFileAnswer)).data.category_id).toBeNull();
    expect((await move(99999)).status).toBe(400);
    const badBody = await platform.call('PUT', `/api/pdf-files/${file.id}/category`, {
      token: admin,
      body: { category_id: 'x' },
    });
    expect((await refusalOf(badBody, 400)).message).toBe('参数错误：category_id 必须是分类编号或 null');
    const unknownFile = await platform.call('PUT', '/api/pdf-files/99999/category', {
      token: admin,
      body: { category_id: null },
    });
    expect(unknownFile.status).toBe(404);
  });

  it('deleting a category makes its files uncategorised, as synced changes', async () => {
    const category = await addCategory('待删除分类');
    const a = await uploaded('待删除分类-a.pdf');
    const b = await uploaded('待删除分类-b.pdf');
    for (const file of [a, b]) {
      await platform.call('PUT', `/api/pdf-files/${file.id}/category`, {
        token: admin,
        body: { category_id: category.id },
      });
    }
    const cursor = (platform.db.prepare('SELECT seq FROM change_counter').all([])[0] as { seq: number }).seq;
    const response = await platform.call('DELETE', `/api/pdf-menu-categories/${category.id}`, { token: admin });
    expect(response.status).toBe(200);
    expect((await bodyOf(response, categoryRemovedAnswer)).data.moved_files).toBe(2);
    expect((await categories()).some((item) => item.id === category.id)).toBe(false);
    const uncategorised = (await files('?category_id=0')).map((file) => file.id);
    expect(uncategorised).toEqual(expect.arrayContaining([a.id, b.id]));
    expect((await platform.call('GET', `/api/pdf-files?category_id=${category.id}`)).status).toBe(404);
    expect((await platform.call('DELETE', `/api/pdf-menu-categories/${category.id}`, { token: admin })).status).toBe(
      404,
    );

    // Clients pull the tombstone and the two moved files, written together under one change sequence.
    const pull = await bodyOf(
      platform.call('GET', `/api/sync/pull?cursor=${cursor}&tables=pdf_categories,pdf_files`),
      envelope(pullResponseSchema),
    );
    const changes = pull.data.changes;
    expect(changes.find((row) => row.table === 'pdf_categories' && row.key === String(category.id))?.data).toBeNull();
    const movedRows = changes.filter((row) => row.table === 'pdf_files');
    expect(movedRows.map((row) => row.key).sort()).toEqual([String(a.id), String(b.id)].sort());
    expect(movedRows.every((row) => row.data?.category_id === null)).toBe(true);
    expect(new Set(changes.map((row) => row.change_seq)).size).toBe(1);
  });

  it('sorting takes the full ordered array and renumbers 1..n', async () => {
    const current = await categories();
    const reversed = [...current].reverse();
    const response = await platform.call('POST', '/api/pdf-menu-categories/sort', {
      token: admin,
      body: reversed.map((category, index) => ({ ...category, sort_order: index + 1 })),
    });
    expect(response.status).toBe(200);
    const sorted = (await bodyOf(response, pdfCategoriesAnswer)).data;
    expect(sorted.map((category) => category.id)).toEqual(reversed.map((category) => category.id));
    expect(sorted.map((category) => category.sort_order)).toEqual(sorted.map((_, index) => index + 1));
    expect(await categories()).toEqual(sorted);

    // Ids alone, or wrapped in an object, work too; the ones left out keep their order after the rest.
    const [first, second] = sorted as [PdfCategory, PdfCategory];
    const wrapped = await bodyOf(
      platform.call('POST', '/api/pdf-menu-categories/sort', {
        token: admin,
        body: { categories: [second.id, first.id] },
      }),
      pdfCategoriesAnswer,
    );
    expect(wrapped.data.slice(0, 2).map((category) => category.id)).toEqual([second.id, first.id]);
    expect(wrapped.data.map((category) => category.sort_order)).toEqual(wrapped.data.map((_, index) => index + 1));
  });

  it('sorting refuses duplicates, unknown ids and a malformed body', async () => {
    const [first] = (await categories()) as [PdfCategory];
    const sort = (body: unknown) => platform.call('POST', '/api/pdf-menu-categories/sort', { token: admin, body });
    expect((await sort([first.id, first.id])).status).toBe(400);
    expect((await sort([first.id, 99999])).status).toBe(404);
    expect((await sort({ nope: true })).status).toBe(400);
    expect((await sort('not json{')).status).toBe(400);
  });

  it('a category with a non-numeric or unknown id is a 404', async () => {
    expect((await platform.call('DELETE', '/api/pdf-menu-categories/abc', { token: admin })).status).toBe(404);
    expect((await platform.call('DELETE', '/api/pdf-menu-categories/99999', { token: admin })).status).toBe(404);
  });
});

describe('access', () => {
  const writes: [string, string, unknown][] = [
    ['POST', '/api/pdf-menu-categories', { name: '无权限' }],
    ['POST', '/api/pdf-menu-categories/sort', [1]],
    ['DELETE', '/api/pdf-menu-categories/1', undefined],
    ['PUT', '/api/pdf-files/1/category', { category_id: null }],
    ['DELETE', '/api/pdf-files/1', undefined],
    ['POST', '/api/pdf-upload', undefined],
  ];

  it.each(writes)('%s %s needs a token (401) and an admin (403)', async (method, path, body) => {
    const anonymous = await platform.call(method, path, body === undefined ? {} : { body });
    expect(anonymous.status).toBe(401);
    const ordinary = await platform.call(method, path, { token: user, ...(body === undefined ? {} : { body }) });
    expect(ordinary.status).toBe(403);
    expect((await bodyOf(ordinary, errorAnswer)).message).toBe('无权限访问，请以管理员身份登录');
  });

  it('an upload without admin rights stores nothing', async () => {
    const before = (await files('/list')).length;
    expect((await upload(new Blob([samplePdf('anon')]), 'anon.pdf', '')).status).toBe(401);
    expect((await upload(new Blob([samplePdf('user')]), 'user.pdf', user)).status).toBe(403);
    expect((await files('/list')).length).toBe(before);
  });

  it('reads are public', async () => {
    for (const path of ['/api/pdf-menu-categories', '/api/pdf-files', '/api/pdf-files/list', '/api/pdf-files/1']) {
      expect((await get(path)).status, path).toBe(200);
    }
  });
});
