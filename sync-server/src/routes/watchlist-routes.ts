import { valuationDate, watchlistEntry } from '@fcf/engine';
import { watchlistAnswer } from '@fcf/engine/contract';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { ApiError } from '../http/errors.ts';
import { documented } from '../http/openapi.ts';
import { latestQuote } from '../store/quotes.ts';
import { findScreenerModel } from '../store/screener-models.ts';
import { listWatchlist } from '../store/watchlist.ts';

/** The signed-in user's watchlist (自选), kept by the sync protocol's `watchlist` table. */
export const watchlistRoutes = new Hono<AppEnv>().get(
  '/user/watchlist',
  documented({
    tag: 'companies',
    summary: '我的自选：每家公司的最新价格（日期）、每股价值、安全边际与估值标记',
    description:
      '需要登录，只返回调用者自己的自选，按加入时间倒序。加入与移除通过同步推送 addToWatchlist / removeFromWatchlist（见 docs/sync.md）。',
    answers: { 200: watchlistAnswer },
  }),
  (c) => {
    const user = c.var.user;
    // The access policy already asks for a login; this keeps the handler honest on its own.
    if (!user) throw new ApiError(401, '请先登录');
    const { db } = c.var.services;
    const today = valuationDate(new Date());
    const entries = listWatchlist(db, user.username).map((watched) => {
      const quote = latestQuote(db, watched.code) ?? null;
      return watchlistEntry(watched, findScreenerModel(db, watched.code), quote, today);
    });
    return c.json({ success: true, data: entries, message: `共 ${entries.length} 家自选公司` });
  },
);
