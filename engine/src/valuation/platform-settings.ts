import type { TerminalValueMethod } from './dcf.ts';

/**
 * What an admin sets for the whole platform (docs/model.md §6): stored on the server, carried to the device
 * in every company bundle, so the worker values as the server does.
 */
export interface PlatformSettings {
  /** The terminal value every valuation forms unless a what-if chooses another (dcf.ts). */
  readonly terminal_value_method: TerminalValueMethod;
}

/** The seed's settings, kept until an admin changes them: the Gordon formula. */
export const SEED_PLATFORM_SETTINGS: PlatformSettings = { terminal_value_method: 'gordon' };

/** Each terminal value method with its formula, as the pages name it. */
export const TERMINAL_VALUE_METHOD_LABELS: Readonly<Record<TerminalValueMethod, string>> = {
  gordon: '永续增长（Gordon）：FCF₅ × (1 + g) ÷ (WACC − g)',
  value_driver: '价值驱动：NOPAT₆ × (1 − g ÷ RONIC) ÷ (WACC − g)',
};
