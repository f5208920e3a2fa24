import type { Database } from '../db/database.ts';
import { type CompanyListEntry, companyListVersion, listCompaniesAfter } from '../store/companies.ts';
import { type NamePinyin, namePinyin } from '../store/company-pinyin.ts';
import { TimeSlices, unitsPerSlice } from './time-slices.ts';

/** A company as the list shows it: code, name, industry, whether it has a history, and its name's pinyin. */
export type ListedCompany = CompanyListEntry & NamePinyin;

export interface CompanyList {
  /** Every live company, in code order. */
  readonly all: readonly ListedCompany[];
  /** The companies with a history to value, in code order: what the pages of bundles go through. */
  readonly withHistory: readonly ListedCompany[];
  /** The stored list's version it was read at (`companyListVersion`). */
  readonly version: number;
}

/** Companies read by the first query of a rebuild; later ones are sized to last about a slice. */
const FIRST_QUERY = 200;
const MOST_PER_QUERY = 2000;
/** A rebuild during which the list changed is done again, at most this many times in all. */
const ATTEMPTS = 3;

/**
 * The whole company list, built off the request path: in slices (a query of a few hundred companies, then
 * pinyin for their names, the event loop turning between slices), at start and again whenever a request
 * finds the stored list changed. Writes that do not touch companies or statements (a forecast edit, a
 * quote) keep it. Requests during a rebuild wait for it together, without holding anyone else up.
 *
 * The whole market's first build takes ~1.5 s of work (most of it pinyin, then kept per name), which on
 * the request path held every other request up; now no slice of it takes more than ~10 ms.
 */
export class CompanyListSnapshot {
  private list: CompanyList | null = null;
  private building: Promise<CompanyList> | null = null;

  constructor(private readonly db: Database) {}

  /** The list as now stored: the kept one when it is still the same, else a rebuild (shared by callers). */
  current(): Promise<CompanyList> {
    if (this.list && this.list.version === companyListVersion(this.db)) return Promise.resolve(this.list);
    if (!this.building) {
      const building = this.rebuild();
      this.building = building;
      const done = () => {
        if (this.building === building) this.building = null;
      };
      building.then(done, done);
    }
    return this.building;
  }

  private async rebuild(): Promise<CompanyList> {
    for (let attempt = 1; ; attempt++) {
      const version = companyListVersion(this.db);
      const all = await this.readAll();
      const list = { all, withHistory: all.filter((company) => company.has_forecast_data), version };
      // A list read while it changed is kept under the version it started from, so the next caller
      // rebuilds it; this caller gets it as it is after a few tries rather than never.
      this.list = list;
      if (attempt >= ATTEMPTS || companyListVersion(this.db) === version) return list;
    }
  }

  private async readAll(): Promise<ListedCompany[]> {
    const slices = new TimeSlices();
    const all: ListedCompany[] = [];
    let size = FIRST_QUERY;
    for (;;) {
      const asked = size;
      const started = performance.now();
      const rows = listCompaniesAfter(this.db, all[all.length - 1]?.code ?? '', asked);
      size = unitsPerSlice(asked, performance.now() - started, MOST_PER_QUERY);
      for (const row of rows) {
        all.push({ ...row, ...namePinyin(row.name) });
        await slices.pause();
      }
      if (rows.length < asked) return all;
      await slices.pause();
    }
  }
}
