import {
  DEFAULT_DRAWS,
  DEFAULT_SEED,
  isBaseScenario,
  type RangeInputs,
  type RangeScenario,
  type Scenario,
} from '@fcf/engine';
import type { PageStart, ScenarioSummary, SimulationOutcome } from '@fcf/engine/report';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSessionUser } from '../../api/session.ts';
import { userScenarioStore } from '../../store/scenarios.ts';
import type { UncertaintyEngine } from '../../worker/engine-client.ts';
import { scenarioStore } from './scenario-store.ts';

/** A run longer than this shows its progress and a cancel button (docs/app.md, the custom page). */
export const SHOW_PROGRESS_AFTER_MS = 1000;
/** The page's own measure of a finished run, request to result (read by `npm run bench`). */
export const SIMULATION_MEASURE = 'mc-run';
/** Edits in a burst start one run, this long after the last. */
const RUN_DELAY_MS = 250;

export interface SimulationState {
  readonly outcome: SimulationOutcome | null;
  /** Draws taken of the running simulation; null when none runs. */
  readonly progress: { readonly taken: number; readonly total: number } | null;
  /** A run has gone on longer than SHOW_PROGRESS_AFTER_MS. */
  readonly slow: boolean;
  readonly cancelled: boolean;
}

export interface UncertaintyState {
  readonly start: PageStart | null;
  readonly error: string | null;
  /** The story model's six drivers, or excess returns' ROE, Ke and g (start.model). */
  readonly scenarios: readonly RangeScenario[];
  readonly centreId: string | null;
  readonly spreads: RangeInputs | null;
  readonly seed: number;
  readonly draws: number;
  readonly summary: ScenarioSummary | null;
  readonly simulation: SimulationState;
}

const IDLE: SimulationState = { outcome: null, progress: null, slow: false, cancelled: false };

/**
 * The range panel's state: the start from the worker, the user's scenarios (from the store, else the
 * generated ones), their values and the tornado at each edit, and the simulation, re-run shortly after an
 * edit, in steps, cancellable, its progress shown when it takes over a second.
 */
export function useUncertainty(engine: UncertaintyEngine, company: string, onError: (message: string) => void) {
  // Signed in: the user's synced scenarios (docs/sync.md); signed out: the session's.
  const user = useSessionUser()?.username ?? null;
  const store = useMemo(() => (user ? userScenarioStore(user) : scenarioStore()), [user]);
  const [state, setState] = useState<UncertaintyState>({
    start: null,
    error: null,
    scenarios: [],
    centreId: null,
    spreads: null,
    seed: DEFAULT_SEED,
    draws: DEFAULT_DRAWS,
    summary: null,
    simulation: IDLE,
  });
  const runId = useRef(0);
  // Whether the store holds this company's scenarios; until then the first edit keeps all of them.
  const persisted = useRef(false);

  useEffect(() => {
    let live = true;
    (async () => {
      const answer = await engine.start();
      if (!live) return;
      if ('error' in answer) {
        setState((previous) => ({ ...previous, error: answer.error }));
        return;
      }
      const { start } = answer;
      // Kept and synced scenarios hold the story model's drivers (docs/sync.md); excess returns' stay in the page.
      const kept: readonly RangeScenario[] = start.model === 'story' ? await store.list(company) : [];
      if (!live) return;
      persisted.current = kept.length > 0;
      const scenarios: readonly RangeScenario[] = kept.length > 0 ? kept : start.scenarios;
      const centre = scenarios.find((scenario) => isBaseScenario(scenario.id)) ?? scenarios[0];
      setState((previous) => ({
        ...previous,
        start,
        scenarios,
        centreId: centre?.id ?? null,
        spreads: start.spreads.spreads,
      }));
    })().catch(() => {
      if (live) setState((previous) => ({ ...previous, error: '价值区间计算失败' }));
    });
    return () => {
      live = false;
    };
  }, [engine, company, store]);

  const { start, scenarios, centreId, spreads, seed, draws } = state;
  const centre = scenarios.find((scenario) => scenario.id === centreId) ?? scenarios[0];

  // The scenarios' values and the tornado: cheap, at every edit.
  useEffect(() => {
    if (!start || !centre) return;
    let live = true;
    engine
      .summary({ model: start.model, base: start.base }, scenarios, centre.inputs, start.words)
      .then((summary) => {
        if (live) setState((previous) => ({ ...previous, summary }));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [engine, start, scenarios, centre]);

  const weighted = state.summary?.weighted_value ?? null;
  // The simulation, shortly after the last edit; a newer run cancels the one before.
  useEffect(() => {
    if (!start || !centre || !spreads) return;
    const id = ++runId.current;
    let slowTimer: ReturnType<typeof setTimeout> | undefined;
    const timer = setTimeout(() => {
      setState((previous) => ({
        ...previous,
        simulation: { ...previous.simulation, progress: { taken: 0, total: draws }, slow: false, cancelled: false },
      }));
      slowTimer = setTimeout(() => {
        if (runId.current === id)
          setState((previous) => ({ ...previous, simulation: { ...previous.simulation, slow: true } }));
      }, SHOW_PROGRESS_AFTER_MS);
      const request = {
        range: { model: start.model, base: start.base },
        centre: centre.inputs,
        centreName: centre.name,
        settings: { draws, seed, spreads },
        spreadBasis: spreads === start.spreads.spreads ? start.spreads.basis : undefined,
        weighted,
        price: start.price,
      };
      const mark = `${SIMULATION_MEASURE}-${id}`;
      performance.mark(mark);
      engine
        .simulate(request, (taken, total) => {
          if (runId.current !== id) return false;
          setState((previous) => ({ ...previous, simulation: { ...previous.simulation, progress: { taken, total } } }));
          return true;
        })
        .then((outcome) => {
          clearTimeout(slowTimer);
          if (runId.current !== id) return;
          if (outcome) performance.measure(SIMULATION_MEASURE, mark);
          setState((previous) => ({
            ...previous,
            simulation: outcome
              ? { outcome, progress: null, slow: false, cancelled: false }
              : { ...previous.simulation, progress: null, slow: false, cancelled: true },
          }));
        })
        .catch(() => clearTimeout(slowTimer));
    }, RUN_DELAY_MS);
    return () => {
      clearTimeout(timer);
      clearTimeout(slowTimer);
    };
  }, [engine, start, centre, spreads, seed, draws, weighted]);

  const cancel = useCallback(() => {
    runId.current++;
    setState((previous) => ({
      ...previous,
      simulation: { ...previous.simulation, progress: null, slow: false, cancelled: true },
    }));
  }, []);

  const saveScenario = useCallback(
    (scenario: RangeScenario) => {
      const next = state.scenarios.map((kept) => (kept.id === scenario.id ? scenario : kept));
      setState((previous) => ({ ...previous, scenarios: next }));
      if (state.start?.model !== 'story') return;
      for (const kept of persisted.current ? [scenario] : next) {
        store
          .save(kept as Scenario)
          .catch((error: unknown) => onError(error instanceof Error ? error.message : '情景保存失败'));
      }
      persisted.current = true;
    },
    [state.scenarios, state.start, store, onError],
  );

  const setCentre = useCallback((id: string) => setState((previous) => ({ ...previous, centreId: id })), []);
  const setSpread = useCallback(
    (driver: string, value: number) =>
      setState((previous) =>
        previous.spreads ? { ...previous, spreads: { ...previous.spreads, [driver]: value } } : previous,
      ),
    [],
  );
  const setSeed = useCallback((value: number) => setState((previous) => ({ ...previous, seed: value })), []);
  const setDraws = useCallback((value: number) => setState((previous) => ({ ...previous, draws: value })), []);

  return { state, centre, cancel, saveScenario, setCentre, setSpread, setSeed, setDraws };
}
