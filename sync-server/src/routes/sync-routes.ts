import { envelope } from '@fcf/engine/report';
import {
  pullQuerySchema,
  pullResponseSchema,
  pushRequestSchema,
  pushResponseSchema,
  SYNC_SCHEMA_VERSION,
  SYNC_TABLES,
  type SyncTable,
} from '@fcf/engine/sync';
import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env.ts';
import { ApiError } from '../http/errors.ts';
import { documented } from '../http/openapi.ts';
import { jsonBody, queryOf } from '../http/validate.ts';
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

/** The sync protocol (docs/sync.md): pull is public (owned tables answer the caller's rows), push needs a login. */
export const syncRoutes = new Hono<AppEnv>()
  .get(
    '/sync/pull',
    documented({
      tag: 'sync',
      summary: '拉取 cursor 之后变更的行（分页），及本客户端已处理的修改与冲突',
      description: '同步表都是报告所用的数据，任何人可拉取；watchlist（自选）只含调用者自己的行，未登录时为空。',
      answers: { 200: envelope(pullResponseSchema) },
      errors: [403],
    }),
    queryOf(pullQuerySchema),
    (c) => {
      const { cursor, limit, clientId, tables } = c.req.valid('query');
      const page = pullChanges(c.var.services.db, {
        cursor,
        limit,
        tables: requestedTables(tables, c.var.user?.isAdmin === true),
        clientId: clientId ?? null,
        viewer: c.var.user?.username ?? null,
      });
      return c.json({ success: true, data: page, message: page.hasMore ? '还有更多' : '已同步到最新' });
    },
  )
  .post(
    '/sync/push',
    documented({
      tag: 'sync',
      summary: '推送离线修改（每条在自己的事务中：应用、冲突或拒绝）',
      description:
        '需要登录。普通用户只能推送自己的自选修改（addToWatchlist / removeFromWatchlist）；其他修改需要管理员，否则逐条拒绝（admin_only），为他人自选的修改拒绝（other_user），都不写入。',
      answers: { 200: envelope(pushResponseSchema) },
      errors: [409],
    }),
    jsonBody(pushRequestSchema),
    (c) => {
      const body = c.req.valid('json');
      if (body.schemaVersion !== SYNC_SCHEMA_VERSION) {
        throw new ApiError(
          409,
          '客户端版本与服务器不一致，请刷新页面更新应用后再同步',
          `schemaVersion ${body.schemaVersion}, server ${SYNC_SCHEMA_VERSION}`,
        );
      }
      const { db, forecasts } = c.var.services;
      const user = c.var.user;
      const answer = pushMutations(db, forecasts, body, user?.username ?? 'admin', user?.isAdmin ?? false);
      return c.json({ success: true, data: answer, message: '同步完成' });
    },
  );
