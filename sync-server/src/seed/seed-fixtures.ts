import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPORT_SECTIONS } from '@fcf/engine/report';
import { nextChangeSeq } from '../db/change-seq.ts';
import { type Database, transaction } from '../db/database.ts';
import { execute, queryAll, queryOne } from '../db/query.ts';
import { parseQuoteFile } from '../ingest/quotes/parse-quote-file.ts';
import { seedResearchPdfs } from '../pdf-library/seed-research.ts';
import { findCompany } from '../store/companies.ts';
import {
  type ImportContext,
  type ImportResult,
  importStatementFile,
  importStatementFiles,
} from '../store/import-statement-file.ts';
import { markIndustryStale, refreshPeerFigures } from '../store/industry-statistics.ts';
import { insertCoreMenu, insertTopMenu } from '../store/menus.ts';
import { readMeta, writeMetaIfAbsent } from '../store/meta.ts';
import { countQuoteSnapshots, storeQuotes } from '../store/quotes.ts';

interface MenuFixture {
  top_menus: { name: string; link?: string; isGroup?: boolean; children?: { name: string; link: string }[] }[];
}

/** Statement files shipped in fixtures/: the NetEase CSVs and the Excel workbooks. */
function fixtureStatementFiles(fixturesDir: string): string[] {
  const files: string[] = [];
  for (const folder of ['163', 'workbooks']) {
    const dir = join(fixturesDir, folder);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir).sort()) {
      if (/\.(csv|xlsx|xls)$/i.test(name)) files.push(join(dir, name));
    }
  }
  return files;
}

function importFiles(db: Database, paths: readonly string[], context: ImportContext): ImportResult[] {
  return paths.map((path) => importStatementFile(db, path.split('/').pop() as string, readFileSync(path), context));
}

/** fixtures/sina's quote file: the year-end closes of its companies (no statement file). */
const SINA_QUOTES = 'year-end-quotes.csv';

/** The Sina exports state their amounts nowhere; they are in 万元 (../shared/data/README.md, docs/data.md). */
const SINA_UNIT = { unit: '万元', forThisFile: true } as const;

/** The 6-digit code a fixture file is named by ('600519balancesheet.csv', '000333-美的集团.xlsx'). */
function codeOf(path: string): string | undefined {
  return /(?<!\d)(\d{6})(?!\d)/.exec(path.split('/').pop() ?? '')?.[1];
}

/**
 * fixtures/sina: the newer statements with their quarterly columns, one batch per company (its three
 * statements together, as interim reports require). The hand-made workbooks' companies keep theirs; a
 * company also in fixtures/163 keeps its NetEase reports, the Sina files adding the years and periods those
 * lack (docs/data.md says why).
 */
function importSinaFiles(db: Database, fixturesDir: string, context: ImportContext): ImportResult[] {
  const dir = join(fixturesDir, 'sina');
  if (!existsSync(dir)) return [];
  const handMade = new Set(
    existsSync(join(fixturesDir, 'workbooks')) ? readdirSync(join(fixturesDir, 'workbooks')).map(codeOf) : [],
  );
  const byCompany = new Map<string, string[]>();
  for (const name of readdirSync(dir).sort()) {
    const code = codeOf(name);
    if (!/\.csv$/i.test(name) || name === SINA_QUOTES || code === undefined || handMade.has(code)) continue;
    byCompany.set(code, [...(byCompany.get(code) ?? []), name]);
  }
  return [...byCompany.values()].flatMap((names) =>
    importStatementFiles(
      db,
      names.map((name) => ({ filename: name, bytes: readFileSync(join(dir, name)), unit: SINA_UNIT })),
      { ...context, keepStoredReports: true },
    ),
  );
}

function seedMenus(db: Database, fixturesDir: string): void {
  const file = join(fixturesDir, 'menus.json');
  if (!existsSync(file)) return;
  const menus = JSON.parse(readFileSync(file, 'utf8')) as MenuFixture;
  if ((queryOne<{ n: number }>(db, 'SELECT count(*) AS n FROM top_menus')?.n ?? 0) === 0) {
    for (const item of menus.top_menus) {
      const id = insertTopMenu(db, {
        parentId: null,
        name: item.name,
        link: item.link ?? null,
        isGroup: item.isGroup ?? false,
      });
      for (const child of item.children ?? []) {
        insertTopMenu(db, { parentId: id, name: child.name, link: child.link, isGroup: false });
      }
    }
  }
  // The report's sections come from the engine's registry, seeded with the top menus (a fixtures folder
  // without menus.json gets neither). A database made before a section existed gets it; a section an admin
  // removed keeps its tombstone row, so it is not brought back.
  const known = new Set(queryAll<{ path: string }>(db, 'SELECT path FROM core_menus').map((row) => row.path));
  for (const { path, menu } of REPORT_SECTIONS) {
    if (!known.has(path)) {
      insertCoreMenu(db, { name: menu.name, path, link: path, description: menu.description, sortOrder: menu.order });
    }
  }
}

function seedIndustryBetas(db: Database, fixturesDir: string): void {
  const file = join(fixturesDir, 'industry-betas.json');
  if (!existsSync(file)) return;
  const { betas } = JSON.parse(readFileSync(file, 'utf8')) as { betas: Record<string, number> };
  transaction(db, () => {
    for (const [industry, beta] of Object.entries(betas)) {
      execute(db, 'INSERT OR IGNORE INTO industry_betas (industry, beta) VALUES (?, ?)', industry, beta);
    }
  });
}

/**
 * Re-files stored companies whose industry the market list now gives differently: the list's own section
 * columns had filed 264 construction and retail companies under 电力、热力、燃气及水的生产和供应业 (β 0.7)
 * until the section came from the division code. The list is the only source of a company's industry, so
 * it wins; the changes are one synced change. Returns how many companies moved.
 */
export function refreshIndustries(db: Database, industries: ReadonlyMap<string, string>): number {
  const stored = queryAll<{ code: string; industry: string }>(
    db,
    'SELECT code, industry FROM companies WHERE deleted = 0',
  );
  const moved = stored.filter(({ code, industry }) => {
    const listed = industries.get(code);
    return listed !== undefined && listed !== industry;
  });
  if (moved.length === 0) return 0;
  transaction(db, () => {
    const changeSeq = nextChangeSeq(db);
    for (const { code, industry } of moved) {
      // Both industries' statistics change: the one it leaves and the one it joins.
      markIndustryStale(db, industry);
      execute(
        db,
        'UPDATE companies SET industry = ?, change_seq = ?, version = version + 1 WHERE code = ?',
        industries.get(code),
        changeSeq,
        code,
      );
      const company = findCompany(db, code);
      if (company) refreshPeerFigures(db, company);
    }
  });
  return moved.length;
}

/**
 * The sample companies' quote snapshot (fixtures/quotes: real year-end closes at each company's latest
 * annual report date), while no quote has been stored: a fresh install, or a database from before quotes.
 */
export function seedQuotes(db: Database, fixturesDir: string): number {
  const dir = join(fixturesDir, 'quotes');
  if (!existsSync(dir) || countQuoteSnapshots(db) > 0) return 0;
  const files = readdirSync(dir)
    .sort()
    .filter((name) => /\.csv$/i.test(name))
    .map((name) => join(dir, name));
  // The Sina companies' 2022 year-end closes travel with their statements (fixtures/sina).
  const sinaQuotes = join(fixturesDir, 'sina', SINA_QUOTES);
  if (existsSync(sinaQuotes)) files.push(sinaQuotes);
  let stored = 0;
  for (const path of files) {
    const name = path.split('/').pop() as string;
    const outcome = parseQuoteFile(name, readFileSync(path), {
      today: new Date().toISOString().slice(0, 10),
    });
    if (!outcome.success) throw new Error(`${path}: ${outcome.error}`);
    stored += transaction(db, () =>
      storeQuotes(db, outcome.file.quotes, { filename: name, uploadedBy: null }),
    ).imported;
  }
  return stored;
}

const SCREENER_MENU = { name: '估值筛选', link: '/screener' } as const;
const SCREENER_MENU_ADDED = 'menu_screener_added';

/**
 * "估值筛选" in the top menu of a database whose menus were seeded before the screener existed: added once
 * (after 首页), so an admin who removes it later keeps it removed.
 */
export function addScreenerMenuOnce(db: Database): void {
  if (readMeta(db, SCREENER_MENU_ADDED) !== undefined) return;
  const present = queryOne<{ n: number }>(
    db,
    'SELECT count(*) AS n FROM top_menus WHERE link = ? AND deleted = 0',
    SCREENER_MENU.link,
  );
  if ((present?.n ?? 0) === 0) {
    const home = queryOne<{ sort_order: number }>(
      db,
      "SELECT sort_order FROM top_menus WHERE parent_id IS NULL AND link = '/' AND deleted = 0",
    );
    // Right after 首页 (between it and the next item), else last.
    insertTopMenu(db, {
      parentId: null,
      name: SCREENER_MENU.name,
      link: SCREENER_MENU.link,
      isGroup: false,
      ...(home ? { sortOrder: home.sort_order + 0.5 } : {}),
    });
  }
  writeMetaIfAbsent(db, SCREENER_MENU_ADDED, '1');
}

export interface SeedReport {
  readonly seeded: boolean;
  readonly results: ImportResult[];
}

/**
 * Fills an empty database from fixtures/: menus, industry betas, research PDFs (with their categories) and
 * the sample companies' statements (fixtures/163 and the workbooks, then fixtures/sina). Each part is seeded only while its tables are empty (a beta missing from
 * the table is added); a database that already has companies keeps its statements. Industries are brought
 * in line with the market list at every start (refreshIndustries, called by the bootstrap).
 */
export function seedFixtures(db: Database, fixturesDir: string, context: ImportContext): SeedReport {
  seedMenus(db, fixturesDir);
  seedIndustryBetas(db, fixturesDir);
  seedResearchPdfs(db, fixturesDir);
  if ((queryOne<{ n: number }>(db, 'SELECT count(*) AS n FROM companies')?.n ?? 0) > 0) {
    return { seeded: false, results: [] };
  }
  return {
    seeded: true,
    results: [
      ...importFiles(db, fixtureStatementFiles(fixturesDir), context),
      ...importSinaFiles(db, fixturesDir, context),
    ],
  };
}
