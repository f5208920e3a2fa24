import { envelope } from '@fcf/engine/contract';
import {
  CLIENT_OF_OTHER_USER,
  pullQuerySchema,
  pullResponseSchema,
  pushRequestSchema,
  pushResponseSchema,
  SYNC_QUOTA_USED,
  SYNC_SCHEMA_VERSION,
  SYNC_TABLES,
  type SyncTable,
} from '@fcf/engine/sync';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { retryAfterSeconds } from '../auth/attempt-window.ts';
import { ApiError, MESSAGES } from '../http/errors.ts';
import { documented } from '../http/openapi.ts';
import { jsonBody, queryOf } from '../http/validate.ts';
import { pullChanges } from '../sync/pull.ts';
import { pushMutations } from '../sync/push.ts';
import { ClientOfOtherUser, claimClient } from '../sync/sync-clients.ts';
import { SyncQuotaUsed } from '../sync/sync-limits.ts';
import { TABLE_SPECS } from '../sync/sync-rows.ts';

/** The sync domain's refusals as HTTP: another user's client id is a 403, a used-up quota a 429. */
function refusalOf(error: unknown): unknown {
  if (error instanceof ClientOfOtherUser) {
    return new ApiError(403, error.message, error.message, {}, { code: CLIENT_OF_OTHER_USER });
  }
  if (error instanceof SyncQuotaUsed) {
    return new ApiError(
      429,
      error.message,
      error.message,
      { 'Retry-After': String(retryAfterSeconds(error.retryAfterMs)) },
      { code: SYNC_QUOTA_USED },
    );
  }
  return error;
}

function refusingAsHttp<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw refusalOf(error);
  }
}

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
      description:
        '同步表都是报告所用的数据，任何人可拉取；watchlist（自选）与 scenarios（估值情景）只含调用者自己的行，未登录时为空。客户端的状态（已处理的修改、冲突）只回答给它所属的用户：登录用户首次使用的 clientId 归其所有，属于另一用户时 403（code client_of_other_user）；未登录时不含任何客户端的状态（clientState 为 false）。',
      answers: { 200: envelope(pullResponseSchema) },
      errors: [403, 429],
    }),
    queryOf(pullQuerySchema),
    (c) => {
      const { cursor, limit, clientId, tables } = c.req.valid('query');
      const { db } = c.var.services;
      const user = c.var.user;
      const requested = requestedTables(tables, user?.isAdmin === true);
      // Only the client's own user learns its state; an anonymous pull names no client.
      const client = clientId && user ? clientId : null;
      if (client && user) refusingAsHttp(() => claimClient(db, client, user, new Date()));
      const page = pullChanges(db, {
        cursor,
        limit,
        tables: requested,
        clientId: client,
        viewer: user?.username ?? null,
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
        '需要登录。clientId 在首次使用时归登录用户所有，属于另一用户时 403（code client_of_other_user）。普通用户只能推送自己的自选与估值情景的修改（addToWatchlist / removeFromWatchlist / putScenario / deleteScenario）；其他修改需要管理员，否则逐条拒绝（admin_only），为他人自选或情景的修改拒绝（other_user），都不写入。未知的修改类型、不合格或超出大小限制的参数逐条拒绝且不保存。每位用户每天保存的修改有上限，用尽时 429（Retry-After）。',
      answers: { 200: envelope(pushResponseSchema) },
      errors: [403, 409, 429],
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
      // The access policy lets no request without a valid token this far.
      if (!user) throw new ApiError(401, MESSAGES.unauthorized);
      const answer = refusingAsHttp(() => pushMutations(db, forecasts, body, user));
      return c.json({ success: true, data: answer, message: '同步完成' });
    },
  );
