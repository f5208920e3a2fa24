import { SEED_PLATFORM_SETTINGS, type TerminalValueMethod } from '@fcf/engine';
import type { CompanyListItem } from '@fcf/engine/contract';
import { type CompanyBundle, type ModelChoices, NO_WHAT_IF, type WhatIf, type WhatIfView } from '@fcf/engine/report';
import { ApiRequestError, reportLoadMessage } from '../api/http.ts';
import { loadBundle } from '../store/companies.ts';
import { readWhatIf, type StoredModelChoice } from '../store/db.ts';
import { readModelChoice } from '../store/model-choice.ts';
import { marketContext, refreshQuotes } from '../store/quotes.ts';
import { companyListErrorMessage } from '../ui/company-picker/company-list-error.ts';
import { CompanyNotFound, findCompany } from '../ui/company-picker/find-company.ts';
import { loadWhatIfEngine, type WhatIfEngine } from '../worker/engine-client.ts';
import { isEmptyWhatIf } from './what-if-edit.ts';

/** One company opened on the page: its engine in the worker, and the reader's what-if restored. */
export interface ValuationSession {
  readonly company: CompanyBundle['company'];
  /** Served from the offline copy because the server could not be reached. */
  readonly stale: boolean;
  readonly engine: WhatIfEngine;
  readonly whatIf: WhatIf;
  readonly view: WhatIfView;
  /** The value per share without the reader's what-if (null when there is none), for the Δ shown. */
  readonly automaticPerShare: number | null;
  /** The company's default model, and why the models that do not fit do not. */
  readonly choices: ModelChoices;
  /** The model the reader chose before and their levers, if any. */
  readonly models: StoredModelChoice | null;
  /** The terminal value method the platform values by (the bundle's), which a what-if need not choose. */
  readonly platformMethod: TerminalValueMethod;
}

const perShareOf = (view: WhatIfView): number | null =>
  view.dcf && view.dcf.valuation.total_shares > 0 ? view.dcf.valuation.value_per_share : null;

/** A load that ends in a message rather than a valuation; `retry` offers the reload button. */
export class LoadFailure extends Error {
  override readonly name = 'LoadFailure';
  constructor(
    message: string,
    readonly retry: boolean,
  ) {
    super(message);
  }
}

const NO_HISTORY_MESSAGE = '该公司暂无历史财务数据，无法生成预测';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The company a name or code stands for; offline without a list, a code still opens its cached data. */
async function resolveCompany(query: string): Promise<Pick<CompanyListItem, 'code' | 'name'>> {
  try {
    return await findCompany(query, { unlistedCode: false });
  } catch (error) {
    if (error instanceof CompanyNotFound) throw new LoadFailure(error.message, false);
    throw new LoadFailure(`数据获取失败：${companyListErrorMessage(error)}`, true);
  }
}

function bundleFailure(error: unknown, company: string): LoadFailure {
  const offline =
    error instanceof ApiRequestError && (error.kind === 'network' || error.kind === 'timeout' || error.status === 503);
  const reason = offline
    ? '无法连接服务器，本机也没有该公司的离线数据。请联网后重新加载。'
    : reportLoadMessage(error, company);
  return new LoadFailure(`DCF数据获取失败：${reason}`, true);
}

/**
 * Opens a company: list → bundle (cache-first, so companies read before open offline) → engine in the
 * worker → the stored what-if → the first view. Every failure becomes a LoadFailure with its message.
 */
export async function openValuation(query: string): Promise<ValuationSession> {
  const target = await resolveCompany(query);
  let bundle: CompanyBundle;
  let stale: boolean;
  try {
    ({ value: bundle, stale } = await loadBundle(target.code));
  } catch (error) {
    throw bundleFailure(error, target.name);
  }
  try {
    // The offline copy's quote now; a newer one is pulled for the next open. Only a company with no quote
    // here yet waits for the pull (it fails fast offline), so its value uses the listed share count at once.
    let market = await marketContext(bundle.company.code);
    if (market.quote) void refreshQuotes();
    else {
      await refreshQuotes();
      market = await marketContext(bundle.company.code);
    }
    const engine = await loadWhatIfEngine(bundle, market);
    // A broken or blocked store only loses the reader's last changes; the page still opens.
    const whatIf = (await readWhatIf(bundle.company.code).catch(() => undefined)) ?? NO_WHAT_IF;
    const models = (await readModelChoice(bundle.company.code).catch(() => undefined)) ?? null;
    const choices = await engine.modelChoices();
    const view = await engine.whatIf(whatIf);
    if (view.financialData.historical.length === 0) throw new LoadFailure(NO_HISTORY_MESSAGE, false);
    const platformMethod = bundle.platform?.terminal_value_method ?? SEED_PLATFORM_SETTINGS.terminal_value_method;
    const automatic = isEmptyWhatIf(whatIf, platformMethod) ? view : await engine.whatIf(NO_WHAT_IF);
    return {
      company: bundle.company,
      stale,
      engine,
      whatIf,
      view,
      automaticPerShare: perShareOf(automatic),
      choices,
      models,
      platformMethod,
    };
  } catch (error) {
    if (error instanceof LoadFailure) throw error;
    throw new LoadFailure(`计算失败: ${errorText(error)}`, true);
  }
}
