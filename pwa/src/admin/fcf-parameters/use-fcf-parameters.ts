import { type DriverKey, FULL_RESET, NO_MANUAL_PARAMETERS, type ValuationParameterKey } from '@fcf/engine';
import type { CompanyBundle, RangeVerdict, WhatIf, WhatIfView } from '@fcf/engine/report';
import { useCallback, useEffect, useRef, useState } from 'react';
import { reportLoadMessage } from '../../api/http.ts';
import { loadBundle } from '../../store/companies.ts';
import { marketContext } from '../../store/quotes.ts';
import type { SyncService } from '../../sync/sync-service.ts';
import { findCompany } from '../../ui/company-picker/find-company.ts';
import type { Notify } from '../../valuation-editor/use-message.ts';
import { computeRange, loadWhatIfEngine, type WhatIfEngine } from '../../worker/engine-client.ts';
import { markAdminChoices } from '../admin-api.ts';
import { type AdminChoiceField, type AdminChoiceStates, adminChoiceFailure, adminChoicesOf } from './admin-choice.ts';
import { whatIfFromSync } from './synced-what-if.ts';

export type FcfPageState =
  | { readonly status: 'loading' }
  | { readonly status: 'failed'; readonly message: string }
  | {
      readonly status: 'ready';
      readonly company: CompanyBundle['company'];
      readonly stale: boolean;
      readonly whatIf: WhatIf;
      readonly view: WhatIfView;
      readonly choices: AdminChoiceStates;
    };

interface Session {
  readonly bundle: CompanyBundle;
  readonly engine: WhatIfEngine;
  readonly stale: boolean;
}

async function openCompany(query: string): Promise<Session> {
  const { code } = await findCompany(query, { unlistedCode: true });
  const { value: bundle, stale } = await loadBundle(code);
  // The admin's values come from the sync view (server rows + this browser's pending edits), so the
  // engine starts from the statements alone.
  const engine = await loadWhatIfEngine({ ...bundle, overrides: {}, parameters: NO_MANUAL_PARAMETERS });
  return { bundle, engine, stale };
}

/**
 * The FCF parameter page's data: the company's statements valued by the engine in the worker with the
 * admin's forecast as the sync client sees it. Every edit, reset to auto included, goes to the outbox
 * (offline too) and the figures follow at once; the server revalues as it applies each one. Pulls and
 * conflicts re-render the page.
 */
export function useFcfParameters(query: string, service: SyncService | null, notify: Notify) {
  const [state, setState] = useState<FcfPageState>({ status: 'loading' });
  const session = useRef<Session | null>(null);
  const sequence = useRef(0);

  const recompute = useCallback(async () => {
    const current = session.current;
    if (!current) return;
    const ticket = ++sequence.current;
    let whatIf: WhatIf = { parameters: current.bundle.parameters, overrides: current.bundle.overrides };
    if (service && (await service.client.hasPulled())) {
      whatIf = whatIfFromSync(
        current.bundle.company.code,
        await service.client.view('forecast_parameters'),
        await service.client.view('valuation_inputs'),
      );
    }
    const view = await current.engine.whatIf(whatIf);
    if (ticket !== sequence.current) return;
    setState({
      status: 'ready',
      company: current.bundle.company,
      stale: current.stale,
      whatIf,
      view,
      choices: adminChoicesOf(current.bundle),
    });
  }, [service]);

  useEffect(() => {
    let active = true;
    session.current = null;
    setState({ status: 'loading' });
    openCompany(query).then(
      (opened) => {
        if (!active) return;
        session.current = opened;
        void recompute();
      },
      (error: unknown) => {
        if (active) setState({ status: 'failed', message: `数据获取失败：${reportLoadMessage(error, query)}` });
      },
    );
    return () => {
      active = false;
    };
  }, [query, recompute]);

  // Pulls, pushes and conflict resolutions change the sync view: follow them.
  useEffect(() => service?.subscribe(() => void recompute()), [service, recompute]);

  const commitDriver = useCallback(
    async (year: number, parameter: DriverKey, value: number) => {
      const current = session.current;
      if (!current || !service) return;
      try {
        // One edit, one mutation: the engine carries the value into every later forecast year until a
        // year has its own (docs/requirements.md#overrides-and-inheritance), so a later year's own value is never overwritten.
        await service.enqueue('setForecastParameter', { company: current.bundle.company.code, year, parameter, value });
        await recompute();
      } catch (error) {
        notify('error', `保存失败：${(error as Error).message}`);
      }
    },
    [service, recompute, notify],
  );

  const commitParameter = useCallback(
    async (parameter: ValuationParameterKey, value: number) => {
      const current = session.current;
      if (!current || !service) return;
      try {
        await service.enqueue('setValuationParameter', { company: current.bundle.company.code, parameter, value });
        await recompute();
      } catch (error) {
        notify('error', `保存失败：${(error as Error).message}`);
      }
    },
    [service, recompute, notify],
  );

  /** Reset to auto as one sync edit; the figures show the auto forecast at once. */
  const resetToAuto = useCallback(async (): Promise<boolean> => {
    const current = session.current;
    if (!current) return false;
    if (!service) {
      notify('error', '恢复失败：同步服务尚未就绪，请稍后再试');
      return false;
    }
    try {
      await service.enqueue('resetToAuto', { company: current.bundle.company.code, scope: FULL_RESET });
      await recompute();
      return true;
    } catch (error) {
      notify('error', `恢复失败：${(error as Error).message}`);
      return false;
    }
  }, [service, recompute, notify]);

  /** The mark being saved, if any: the toggles take no other change until it is answered. */
  const [savingChoice, setSavingChoice] = useState<AdminChoiceField | null>(null);

  /**
   * An admin's mark on the company's own lines (其他收益 operating, 其他流动资产 cash-like): a plain request (the
   * server stores it and revalues; it is not an outbox edit, so offline it fails with a clear message and the
   * page keeps the stored mark), then the company's bundle again, now carrying it.
   */
  const setAdminChoice = useCallback(
    async (field: AdminChoiceField, marked: boolean) => {
      const current = session.current;
      if (!current) return;
      setSavingChoice(field);
      try {
        const answer = await markAdminChoices(current.bundle.company.code, { [field]: marked });
        const { value: bundle } = await loadBundle(current.bundle.company.code, true);
        const engine = await loadWhatIfEngine({ ...bundle, overrides: {}, parameters: NO_MANUAL_PARAMETERS });
        session.current = { bundle, engine, stale: false };
        await recompute();
        notify('success', answer.message);
      } catch (error) {
        notify('error', adminChoiceFailure(error));
      } finally {
        setSavingChoice(null);
      }
    },
    [recompute, notify],
  );

  /** The company's range and verdict against its latest price, for the DCF image. */
  const range = useCallback(async (): Promise<RangeVerdict | null> => {
    const current = session.current;
    if (!current) return null;
    return computeRange(current.bundle, await marketContext(current.bundle.company.code));
  }, []);

  return { state, commitDriver, commitParameter, resetToAuto, setAdminChoice, savingChoice, recompute, range };
}
