import {
  type DriverKey,
  SEED_PLATFORM_SETTINGS,
  type TerminalValueMethod,
  type ValuationParameterKey,
} from '@fcf/engine';
import type { WhatIf } from '@fcf/engine/report';

/** One committed cell: a forecast driver of one year, or a valuation parameter. */
export type WhatIfEdit =
  | { readonly kind: 'driver'; readonly year: number; readonly param: DriverKey; readonly value: number }
  | { readonly kind: 'parameter'; readonly param: ValuationParameterKey; readonly value: number }
  /** The terminal value's formula, and the value driver's RONIC (null = WACC). */
  | { readonly kind: 'terminal'; readonly method: TerminalValueMethod; readonly ronic: number | null };

/**
 * The what-if after an edit. A driver is set for its year only: the engine carries it into later years
 * until one of them has its own value, so the inheritance is never copied into the stored what-if.
 */
export function applyEdit(whatIf: WhatIf, edit: WhatIfEdit): WhatIf {
  if (edit.kind === 'parameter') {
    return { ...whatIf, parameters: { ...whatIf.parameters, [edit.param]: edit.value } };
  }
  if (edit.kind === 'terminal') {
    const parameters = { ...whatIf.parameters, terminal_value_method: edit.method, ronic_manual: edit.ronic };
    return { ...whatIf, parameters };
  }
  return {
    ...whatIf,
    overrides: { ...whatIf.overrides, [edit.year]: { ...whatIf.overrides[edit.year], [edit.param]: edit.value } },
  };
}

/**
 * How many inputs the reader has set: parameters, and drivers per year. `platformMethod` is the terminal
 * value method the platform values by (the bundle's `platform`): choosing it back changes nothing.
 */
export function countEdits(
  whatIf: WhatIf,
  platformMethod: TerminalValueMethod = SEED_PLATFORM_SETTINGS.terminal_value_method,
): number {
  const parameters = Object.entries(whatIf.parameters).filter(
    ([key, value]) =>
      value !== null && value !== undefined && !(key === 'terminal_value_method' && value === platformMethod),
  );
  const drivers = Object.values(whatIf.overrides).reduce((sum, values) => sum + Object.keys(values).length, 0);
  return parameters.length + drivers;
}

/** True when the reader has changed nothing (so there is nothing to reset). */
export function isEmptyWhatIf(whatIf: WhatIf, platformMethod?: TerminalValueMethod): boolean {
  return countEdits(whatIf, platformMethod) === 0;
}
