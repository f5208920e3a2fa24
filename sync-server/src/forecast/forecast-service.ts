import {
  type AdjustableParameter,
  type CompanyValuation,
  type DriverKey,
  forecastYearsAfter,
  inputContextOf,
  isAdjustableParameter,
  isDriverKey,
  type ResetScope,
  resetValuationKeys,
  VALUATION_ERROR_MESSAGES,
  type ValuationInput,
  type ValuationParameterKey,
  validateValuationInput,
} from '@fcf/engine';
import { type DcfValuationView, dcfValuationView } from '@fcf/engine/report';
import { atomically, type Database } from '../db/database.ts';
import { appendAudit } from '../store/audit-log.ts';
import { type CompanyRecord, findCompany } from '../store/companies.ts';
import {
  type ChangeContext,
  clearOverride,
  clearOverrides,
  setOverride,
  setValuationInputs,
} from '../store/forecast-parameters.ts';
import { latestReportYear } from '../store/statements.ts';
import { saveValuationResult, type ValuationSource } from '../store/stored-results.ts';
import { storeValuation } from '../valuation/valuation-runs.ts';
import type { ValuationService } from '../valuation/valuation-service.ts';
import { ForecastError, inputRefused } from './forecast-error.ts';

/** The latest annual report year and the forecast years after it. */
export interface Horizon {
  readonly latestYear: number;
  readonly forecastYears: readonly number[];
}

/** An edit of a company's forecast, as both doors pass it. */
export interface ForecastEdit {
  /** A forecast year for drivers; null for the valuation parameters (WACC, g, shares). */
  readonly year: number | null;
  /** Parameter name → a number sets it, null clears it. Checked here: names, numbers and ranges. */
  readonly parameters: Readonly<Record<string, unknown>>;
  /** Sets the drivers for the year and every later forecast year as well. */
  readonly cascade?: boolean;
}

/** One value that changed. */
export interface AppliedChange {
  readonly year: number | null;
  readonly parameter: AdjustableParameter;
  readonly value: number | null;
}

export interface EditOptions {
  /**
   * The editor saw other versions of the rows the edit writes (the sync push's version check, made before
   * the call). The edit is still checked whole, so an invalid one is refused rather than a conflict; a
   * valid one is then undone and answered 'stale'.
   */
  readonly stale?: boolean;
}

/**
 * What became of an edit: 'stale' when it was stale (see `EditOptions`). `valuation` is the revaluation
 * stored with the edit, null when nothing changed (nothing is written then).
 */
export type EditOutcome<Applied> =
  | ({ readonly status: 'applied'; readonly valuation: CompanyValuation | null } & Applied)
  | { readonly status: 'stale' };

type ValuationValues = Partial<Record<ValuationParameterKey, number | null>>;

interface CheckedEdit {
  readonly drivers: ReadonlyMap<DriverKey, number | null>;
  readonly valuation: ValuationValues;
}

/** Undoes a stale edit once it has been checked whole (see `EditOptions`). */
class StaleEdit extends Error {}

/**
 * The one place forecast edits are checked and written, for the REST routes and the sync push alike:
 * each parameter against the engine's range table, the year against the horizon read from the stored
 * statements (no valuation needed), then, in one transaction, the write, its audit entries, and the
 * company revalued once: that valuation is checked (WACC against g on the values as written) and stored
 * for the lists.
 */
export class ForecastService {
  constructor(
    private readonly db: Database,
    private readonly valuations: ValuationService,
  ) {}

  /** The company by code or name; unknown_company when there is none. */
  company(named: string): CompanyRecord {
    const company = findCompany(this.db, named);
    if (!company) throw new ForecastError('unknown_company', `未找到公司"${named}"（可能已被删除）`);
    return company;
  }

  /** The forecast years from the stored statements; no_history when the company has no annual report. */
  horizon(company: CompanyRecord): Horizon {
    const latestYear = latestReportYear(this.db, company);
    if (latestYear === null) {
      throw new ForecastError('no_history', `${company.name}：${VALUATION_ERROR_MESSAGES.NO_HISTORY}`);
    }
    return { latestYear, forecastYears: forecastYearsAfter(latestYear) };
  }

  /** Sets or clears drivers of a forecast year (and later ones with `cascade`) or valuation parameters. */
  adjust(
    company: CompanyRecord,
    edit: ForecastEdit,
    change: ChangeContext,
    options: EditOptions = {},
  ): EditOutcome<{ readonly applied: AppliedChange[] }> {
    const checked = checkEdit(edit);
    const { latestYear, forecastYears } = this.horizon(company);
    const { year } = edit;
    // The engine's one check of valuation inputs, as the what-if endpoint, the page and the worker run it:
    // here on the stored horizon; WACC > g waits for the values as written (revalueAfterWrite).
    const input = editAsInput(edit);
    const issues = validateValuationInput(input, {
      firstForecastYear: latestYear + 1,
      forecastYears: forecastYears.length,
    });
    if (issues.length > 0) throw inputRefused(issues);
    return this.write('forecast_edit', options, () => {
      const applied: AppliedChange[] = [];
      let changed = 0;
      if (year === null) {
        changed = setValuationInputs(this.db, company.code, checked.valuation, change);
        for (const [parameter, value] of Object.entries(checked.valuation) as [
          ValuationParameterKey,
          number | null,
        ][]) {
          applied.push({ year: null, parameter, value });
        }
      } else {
        const years = edit.cascade ? forecastYears.filter((later) => later >= year) : [year];
        for (const [parameter, value] of checked.drivers) {
          for (const target of years) {
            const written =
              value === null
                ? clearOverride(this.db, company.code, target, parameter, change)
                : setOverride(this.db, company.code, target, parameter, value, change);
            if (written) applied.push({ year: target, parameter, value });
          }
        }
        changed = applied.length;
      }
      const valuation = changed > 0 ? this.revalueAfterWrite(company, input) : null;
      return { status: 'applied' as const, applied, valuation };
    });
  }

  /** Clears the scope's manual values so the auto forecast applies again. */
  reset(
    company: CompanyRecord,
    scope: ResetScope,
    change: ChangeContext,
    options: EditOptions = {},
  ): EditOutcome<{ readonly cleared: number }> {
    this.horizon(company);
    return this.write('forecast_reset', options, () => {
      const drivers = scope.fcf_parameters ? clearOverrides(this.db, company.code, change) : 0;
      const cleared = Object.fromEntries(resetValuationKeys(scope).map((key) => [key, null]));
      const parameters = setValuationInputs(this.db, company.code, cleared, change, 'reset');
      return {
        status: 'applied' as const,
        cleared: drivers + parameters,
        valuation: drivers + parameters > 0 ? this.revalueAfterWrite(company, null) : null,
      };
    });
  }

  /**
   * Stores the valuation of what is stored under `source` and audits it with the figure a page showed
   * (`shown`, checked against the engine's): the save of a complete valuation (docs/api.md). `dcf` null: the
   * company has no valid value, and nothing was written.
   */
  saveValuation(
    company: CompanyRecord,
    shown: { readonly valuePerShare: number | null; readonly year: number | null },
    change: ChangeContext,
    source: ValuationSource,
  ): { valuation: CompanyValuation; dcf: DcfValuationView | null; agrees: boolean } {
    this.horizon(company);
    return atomically(this.db, 'forecast_save', () => {
      const valuation = this.valuations.valuation(company);
      const dcf = dcfValuationView(valuation);
      if (!dcf) return { valuation, dcf, agrees: false };
      saveValuationResult(this.db, company.code, valuation.latestYear, dcf, source);
      const computed = dcf.valuation.value_per_share;
      const posted = shown.valuePerShare;
      const agrees =
        posted !== null && computed !== null && Math.abs(posted - computed) <= 1e-6 * Math.max(1, Math.abs(posted));
      appendAudit(this.db, {
        company_code: company.code,
        year: shown.year ?? valuation.latestYear + 1,
        parameter: 'valuation',
        old_value: null,
        new_value: computed,
        action: 'save_valuation',
        reason: agrees ? null : `页面提交的每股价值 ${posted ?? '-'} 与服务器计算不一致，已按服务器计算保存`,
        modified_by: change.modifiedBy,
      });
      return { valuation, dcf, agrees };
    });
  }

  /**
   * An edit's write, atomically (under a savepoint inside a sync push's transaction); a stale edit is
   * undone once the write has checked it whole.
   */
  private write<Outcome>(name: string, options: EditOptions, work: () => Outcome): Outcome | { status: 'stale' } {
    try {
      return atomically(this.db, name, () => {
        const outcome = work();
        if (options.stale) throw new StaleEdit();
        return outcome;
      });
    } catch (error) {
      if (error instanceof StaleEdit) return { status: 'stale' };
      throw error;
    }
  }

  /**
   * Values the company as now written (inside the edit's transaction), once, and stores the result. With
   * the edit's input, that valuation is the context of the engine's check, which now also weighs WACC
   * against g on the values as written: a refusal rolls the write back.
   */
  private revalueAfterWrite(company: CompanyRecord, input: ValuationInput | null): CompanyValuation {
    const valuation = this.valuations.valuation(company);
    if (input) {
      const issues = validateValuationInput(input, inputContextOf(valuation));
      if (issues.length > 0) throw inputRefused(issues);
    }
    storeValuation(this.db, company, valuation, 'auto');
    return valuation;
  }
}

/**
 * The edit as the engine's input check takes it: valuation parameters (null clears one), or the year's
 * drivers (a null clears the override, so there is no number to check).
 */
function editAsInput(edit: ForecastEdit): ValuationInput {
  if (edit.year === null) return { parameters: edit.parameters };
  const values = Object.fromEntries(Object.entries(edit.parameters).filter(([, value]) => value !== null));
  return { overrides: { [edit.year]: values } };
}

/**
 * The edit's parameters, checked by name and by where they belong (drivers to a year, valuation
 * parameters to none) before anything is read; numbers and ranges are the engine's check (editAsInput).
 */
function checkEdit(edit: ForecastEdit): CheckedEdit {
  const entries = Object.entries(edit.parameters);
  if (entries.length === 0) throw new ForecastError('invalid_edit', '请提供要调整的参数');
  const drivers = new Map<DriverKey, number | null>();
  const valuation: { -readonly [K in ValuationParameterKey]?: number | null } = {};
  for (const [name, value] of entries) {
    if (!isAdjustableParameter(name)) throw new ForecastError('invalid_edit', `未知的参数：${name}`);
    const checked = value as number | null;
    if (isDriverKey(name)) drivers.set(name, checked);
    else valuation[name] = checked;
  }
  if (edit.year === null) {
    const [driver] = drivers.keys();
    if (driver) throw new ForecastError('invalid_edit', `预测参数 ${driver} 需要指定年份（year）`);
  } else {
    const [parameter] = Object.keys(valuation);
    if (parameter) throw new ForecastError('invalid_edit', `估值参数 ${parameter} 请以 year: null 提交`);
  }
  return { drivers, valuation };
}
