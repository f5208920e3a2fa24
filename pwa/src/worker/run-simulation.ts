import {
  type RangeInputs,
  rangeModelOf,
  type SimulationSettings,
  startRangeSimulation,
  type UncertaintyStart,
} from '@fcf/engine';
import { type SimulationOutcome, simulationOutcome, simulationView, spreadViews } from '@fcf/engine/report';

/** What the page asks the worker to simulate (docs/model.md, uncertainty). */
export interface SimulationRequest {
  /** The range's model and what it is valued from (the story model's or excess returns'). */
  readonly range: Pick<UncertaintyStart, 'model' | 'base'>;
  readonly centre: RangeInputs;
  readonly centreName: string;
  readonly settings: SimulationSettings<string>;
  readonly spreadBasis?: Readonly<Record<string, string>>;
  readonly weighted: number | null;
  readonly price: number | null;
}

/** Told after each step how many draws are taken; answers false to cancel the run. */
export type SimulationProgress = (taken: number, total: number) => boolean | Promise<boolean>;

/**
 * Draws per step: a few milliseconds of work, after which the worker awaits the page's progress callback, so
 * a what-if sent meanwhile (typing in a driver cell) is answered between two steps rather than after the run.
 */
export const DRAWS_PER_STEP = 500;

/** The simulation in steps; null when the page cancelled it. */
export async function runSimulation(
  request: SimulationRequest,
  onProgress: SimulationProgress,
): Promise<SimulationOutcome | null> {
  const run = startRangeSimulation(rangeModelOf(request.range), request.centre, request.settings);
  while (!run.step(DRAWS_PER_STEP)) {
    if (!(await onProgress(run.taken, request.settings.draws))) return null;
  }
  const result = run.result(request.price);
  const spreads = spreadViews(request.settings.spreads, request.spreadBasis);
  return simulationOutcome(
    result,
    simulationView(result, request.centreName, spreads),
    request.weighted,
    request.price,
  );
}
