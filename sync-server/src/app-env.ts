import type { AuthenticatedUser } from './auth/token.ts';
import type { BuildGate } from './cache/build-gate.ts';
import type { BundlePagesWarmer } from './cache/bundle-pages-warmer.ts';
import type { PerTurnRead } from './cache/change-seq-snapshot.ts';
import type { CompanyListSnapshot } from './cache/company-list.ts';
import type { ViewCache } from './cache/view-cache.ts';
import type { ServerConfig } from './config.ts';
import type { Database } from './db/database.ts';
import type { InvalidationFlushers } from './db/invalidations.ts';
import type { ForecastService } from './forecast/forecast-service.ts';
import type { CompanyDirectory } from './ingest/index.ts';
import type { BackgroundJobs } from './jobs/background-jobs.ts';
import type { ValuationService } from './valuation/valuation-service.ts';
import type { ServerPool } from './workers/server-pool.ts';

/** What every handler can reach: built once in createApp. */
export interface Services {
  readonly db: Database;
  readonly config: ServerConfig;
  readonly jwtSecret: string;
  readonly valuations: ValuationService;
  /** Forecast edits (REST and sync): checked, written and revalued in one transaction. */
  readonly forecasts: ForecastService;
  readonly directory: CompanyDirectory;
  readonly industries: ReadonlyMap<string, string>;
  /** Waits before a login is checked (the slow-down of a username under attack). */
  readonly pause: (ms: number) => Promise<void>;
  /** Worker threads for CPU-heavy work (upload parsing, PDF drawing). */
  readonly workers: ServerPool;
  /** Background jobs (valuation batches), kept in the database for every instance to report. */
  readonly jobs: BackgroundJobs;
  /** Serialised read answers (company list, bundles, report views) by change sequence, bounded by bytes. */
  readonly views: ViewCache;
  /** The whole company list with pinyin, rebuilt in slices off the request path when it changes. */
  readonly companyList: CompanyListSnapshot;
  /** Lets a few large answers (pages of bundles) be built at once; the rest wait or are refused (503). */
  readonly largeBuilds: BuildGate;
  /** Builds the offline download's pages ahead (cache/bundle-pages-warmer.ts), where the platform runs one. */
  readonly bundlePages?: BundlePagesWarmer;
  /** The change sequence the views are keyed on (read once per event-loop turn, forgotten after writes). */
  readonly changeSeq: PerTurnRead;
  /** The company list's version its answers are kept on (read once per event-loop turn, forgotten after writes). */
  readonly companyListVersion: PerTurnRead;
  /** How this instance makes good what a unit of work's writes invalidate (db/invalidations.ts). */
  readonly invalidations: InvalidationFlushers;
}

export type AppEnv = {
  Variables: {
    services: Services;
    /** The caller, when the request carries a valid token. */
    user: AuthenticatedUser | null;
    /** Names this request in the log, the `X-Request-Id` header and a 500 answer. */
    requestId: string;
  };
};
