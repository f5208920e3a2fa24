import { pushRequestSchema, SYNC_SCHEMA_VERSION, SYNC_TABLES, type SyncTable } from '@fcf/engine/sync';
import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env.ts';
import { ApiError } from '../http/errors.ts';
import { jsonBody } from '../http/validate.ts';
import { pullChanges } from '../sync/pull.ts';
import { pushMutations } from '../sync/push.ts';
import { TABLE_SPECS } from '../sync/sync-rows.ts';

function requestedTables(raw: string | undefined, isAdmin: boolean): SyncTable[] {
  const names = raw ? raw.split(',').map((name) => name.trim()) : [...SYNC_TABLES];
  const tables: SyncTable[] = [];
  for (const name of names) {
    if (!(SYNC_TABLES as readonly string[]).includes(name)) throw new ApiError(400, `未知的同步表：${name}`);
    const table = name as SyncTable;
    if (!TABLE_SPECS[table].public && !isAdmin) throw new ApiError(403, '无权限访问，请以管理员身份登录');
    tables.push(table);
  }
  return tables;
}

/** The sync protocol (README "Sync"): pull is public for public tables, push is admin-only. */
export const syncRoutes = new Hono<AppEnv>()
  .get('/sync/pull', (c) => {
    const cursor = Number(c.req.query('cursor') ?? 0);
    const limit = Number(c.req.query('limit') ?? 1000);
    if (!Number.isInteger(cursor) || cursor < 0) throw new ApiError(400, 'cursor 必须是非负整数');
    if (!Number.isInteger(limit) || limit < 1) throw new ApiError(400, 'limit 必须是正整数');
    const clientId = c.req.query('clientId') ?? null;
    const tables = requestedTables(c.req.query('tables'), c.var.user?.isAdmin === true);
    const page = pullChanges(c.var.services.db, { cursor, limit, tables, clientId });
    return c.json({ success: true, data: page, message: page.hasMore ? '还有更多' : '已同步到最新' });
  })
  .post('/sync/push', async (c) => {
    const body = await jsonBody(c, pushRequestSchema);
    if (body.schemaVersion !== SYNC_SCHEMA_VERSION) {
      throw new ApiError(
        409,
        '客户端版本与服务器不一致，请刷新页面更新应用后再同步',
        `schemaVersion ${body.schemaVersion}, server ${SYNC_SCHEMA_VERSION}`,
      );
    }
    const { db, forecasts } = c.var.services;
    const answer = pushMutations(db, forecasts, body, c.var.user?.username ?? 'admin');
    return c.json({ success: true, data: answer, message: '同步完成' });
  });
