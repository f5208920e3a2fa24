import type { CompanyListing } from '@fcf/engine/report';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { MergeSchemaPath } from 'hono/types';
import type { AppEnv, Services } from './app-env.ts';
import { BuildGate } from './cache/build-gate.ts';
import type { BundlePagesWarmer } from './cache/bundle-pages-warmer.ts';
import { changeSeqSnapshot, companyListVersionSnapshot } from './cache/change-seq-snapshot.ts';
import { CompanyListSnapshot } from './cache/company-list.ts';
import { ViewCache } from './cache/view-cache.ts';
import type { ServerConfig } from './config.ts';
import { databaseUnreachable } from './db/connection-errors.ts';
import type { Database } from './db/database.ts';
import { unitOfWork } from './db/invalidations.ts';
import { ForecastService } from './forecast/forecast-service.ts';
import { answerHeaders } from './http/answer-headers.ts';
import { authMiddleware } from './http/auth-middleware.ts';
import { answerCachedReadsFirst } from './http/cached-reads-first.ts';
import { compressAnswers } from './http/compression.ts';
import { ApiError, errorBody, MESSAGES, requestReference } from './http/errors.ts';
import { jsonRequestLimits } from './http/json-request-limits.ts';
import { openApiDocument } from './http/openapi.ts';
import { requestLog, writeToStdout } from './http/request-log.ts';
import { serveApp } from './http/static-files.ts';
import type { CompanyDirectory } from './ingest/index.ts';
import { BackgroundJobs } from './jobs/background-jobs.ts';
import { adjustmentRoutes } from './routes/adjustment-routes.ts';
import { adminChoiceRoutes } from './routes/admin-choice-routes.ts';
import { apiDocsRoutes } from './routes/api-docs-routes.ts';
import { authRoutes } from './routes/auth-routes.ts';
import { COMPANY_LIST_PATH, companyRoutes, SERVER_VERSION } from './routes/company-routes.ts';
import { httpErrorOf } from './routes/domain-errors.ts';
import { menuRoutes } from './routes/menu-routes.ts';
import { pdfLibraryRoutes } from './routes/pdf-library-routes.ts';
import { pdfRoutes } from './routes/pdf-routes.ts';
import { platformSettingsRoutes } from './routes/platform-settings-routes.ts';
import { quoteRoutes } from './routes/quote-routes.ts';
import { reportRoutes } from './routes/report-routes.ts';
import { reportSectionRoutes } from './routes/report-section-routes.ts';
import { storyRoutes } from './routes/story-routes.ts';
import { syncRoutes } from './routes/sync-routes.ts';
import { uncertaintyRoutes } from './routes/uncertainty-routes.ts';
import { uploadRoutes } from './routes/upload-routes.ts';
import { valuationRoutes } from './routes/valuation-routes.ts';
import { valuationRunRoutes } from './routes/valuation-run-routes.ts';
import { watchlistRoutes } from './routes/watchlist-routes.ts';
import { ValuationService } from './valuation/valuation-service.ts';
import type { ServerPool } from './workers/server-pool.ts';

export interface AppDependencies {
  readonly db: Database;
  readonly config: ServerConfig;
  readonly jwtSecret: string;
  readonly directory: CompanyDirectory;
  readonly industries: ReadonlyMap<string, string>;
  /** Market, listing date and 国标 division by code, for 公司基本信息 (none when absent). */
  readonly listings?: ReadonlyMap<string, CompanyListing>;
  /** Waits before a login is checked (the slow-down of a username under attack); tests pass their own. */
  readonly pause?: (ms: number) => Promise<void>;
  readonly workers: ServerPool;
  /** The platform's background jobs (it stops them when it closes); a new set by default. */
  readonly jobs?: BackgroundJobs;
  /** The company list, built at start by the platform; a new one (built on first use) by default. */
  readonly companyList?: CompanyListSnapshot;
  /** Builds the pages of the offline download ahead, at start and after writes (the platform's); none by default. */
  readonly bundlePages?: BundlePagesWarmer;
}

/** Large builds running at once, and waiting beyond those (more are answered 503). */
const LARGE_BUILDS = { running: 2, waiting: 16 } as const;

/** How long a client should wait before trying again while the database cannot be reached, in seconds. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The routes a Hono app (or sub-app) carries. */
type RoutesOf<App> = App extends Hono<AppEnv, infer Routes, '/'> ? Routes : never;
type MountedAtApi<Routes> = MergeSchemaPath<RoutesOf<Routes>, '/api'>;

/**
 * The app's type: every /api route with its request and answer, so `hc<App>` infers a typed client.
 * Spelled out by name because the compiler cannot write the inferred type of the whole chain down.
 */
export type App = Hono<
  AppEnv,
  | MountedAtApi<typeof companyRoutes>
  | MountedAtApi<typeof reportRoutes>
  | MountedAtApi<typeof valuationRoutes>
  | MountedAtApi<typeof storyRoutes>
  | MountedAtApi<typeof uncertaintyRoutes>
  | MountedAtApi<typeof authRoutes>
  | MountedAtApi<typeof menuRoutes>
  | MountedAtApi<typeof uploadRoutes>
  | MountedAtApi<typeof valuationRunRoutes>
  | MountedAtApi<typeof adjustmentRoutes>
  | MountedAtApi<typeof adminChoiceRoutes>
  | MountedAtApi<typeof syncRoutes>
  | MountedAtApi<typeof pdfRoutes>
  | MountedAtApi<typeof pdfLibraryRoutes>
  | MountedAtApi<typeof quoteRoutes>
  | MountedAtApi<typeof watchlistRoutes>
  | MountedAtApi<ReturnType<typeof apiDocsRoutes>>,
  '/'
>;

/**
 * Builds the whole HTTP app from a database handle and config (no listening socket), so tests drive it
 * with `app.request()` against a real database file. Its type carries every /api route (`hc<App>`).
 */
export function createApp(dependencies: AppDependencies): App {
  const valuations = new ValuationService(dependencies.db, dependencies.listings);
  const changeSeq = changeSeqSnapshot(dependencies.db);
  const listVersion = companyListVersionSnapshot(dependencies.db);
  const services: Services = {
    ...dependencies,
    pause: dependencies.pause ?? sleep,
    valuations,
    forecasts: new ForecastService(dependencies.db, valuations),
    jobs: dependencies.jobs ?? new BackgroundJobs(dependencies.db, dependencies.config.jobHeartbeatTimeoutMs),
    views: new ViewCache(),
    changeSeq,
    companyListVersion: listVersion,
    invalidations: {
      // 行业对比 of the industries the unit's writes marked, rebuilt before a request answers, never in a read.
      'industry-statistics': () => valuations.industries.rebuild(),
      // The next read through this instance, in this turn too, sees the write; the download's pages are
      // built again once the data is quiet.
      'cached-views': () => {
        changeSeq.forget();
        listVersion.forget();
        services.bundlePages?.schedule();
      },
    },
    companyList: dependencies.companyList ?? new CompanyListSnapshot(dependencies.db),
    largeBuilds: new BuildGate(LARGE_BUILDS.running, LARGE_BUILDS.waiting),
  };
  services.bundlePages?.attach(services);
  const app = new Hono<AppEnv>();

  app.use('*', answerHeaders(dependencies.config.trustProxy ?? 0));
  if (dependencies.config.logRequests) app.use('*', requestLog());
  app.use('/api/*', compressAnswers());
  app.use('/api/*', (c, next) => {
    c.set('services', services);
    // Each request is a unit of work: what its writes invalidate is made good before it answers.
    return unitOfWork(services.invalidations, next);
  });
  app.use('/api/*', jsonRequestLimits());
  app.use('/api/*', authMiddleware);

  const api = new Hono<AppEnv>()
    .route('/', companyRoutes)
    .route('/', reportRoutes)
    .route('/', reportSectionRoutes)
    .route('/', valuationRoutes)
    .route('/', storyRoutes)
    .route('/', uncertaintyRoutes)
    .route('/', authRoutes)
    .route('/', menuRoutes)
    .route('/', uploadRoutes)
    .route('/', valuationRunRoutes)
    .route('/', adjustmentRoutes)
    .route('/', adminChoiceRoutes)
    .route('/', syncRoutes)
    .route('/', pdfRoutes)
    .route('/', pdfLibraryRoutes)
    .route('/', quoteRoutes)
    .route('/', watchlistRoutes)
    .route('/', platformSettingsRoutes)
    .route(
      '/',
      apiDocsRoutes(() => openApiDocument(app, SERVER_VERSION)),
    );
  const routed = app.route('/api', api);

  app.notFound((c) =>
    c.req.path.startsWith('/api')
      ? c.json(errorBody(MESSAGES.notFound, `${c.req.method} ${c.req.path}`), 404)
      : c.text('Not Found', 404),
  );
  app.onError((thrown, c) => {
    const error = httpErrorOf(thrown);
    if (error instanceof ApiError) {
      return c.json(errorBody(error.message, error.detail, error.extra), error.status, error.headers);
    }
    if (error instanceof HTTPException) {
      const status = error.status;
      const message = status === 413 ? MESSAGES.bodyTooLarge : error.message || '请求错误';
      return c.json(errorBody(message, error.message), status);
    }
    // What went wrong stays in the log (driver text and stack can tell an attacker about the system); the
    // answer carries the request id that finds it there.
    const reference = requestReference(c.var.requestId);
    console.error(`${reference}：${c.req.method} ${c.req.path} 出错`, error);
    if (databaseUnreachable(error)) {
      const retryAfter = { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) };
      return c.json(errorBody(MESSAGES.databaseUnavailable, reference), 503, retryAfter);
    }
    return c.json(errorBody(MESSAGES.internal, reference), 500);
  });
  serveApp(app, dependencies.config.staticDir);
  answerCachedReadsFirst(app, {
    views: services.views,
    // The company list's answers are kept by its own version (routes/company-routes.ts), the rest by the sequence.
    versionOf: (path) => (path === COMPANY_LIST_PATH ? listVersion.current() : changeSeq.current()),
    trustProxy: dependencies.config.trustProxy ?? 0,
    log: dependencies.config.logRequests ? writeToStdout : null,
  });
  return routed;
}
