import { whenIdle } from './when-idle.ts';

/**
 * On a first visit of a report, work the first screen does not show (the offline copy's database, the
 * company list, the menus, the market's quotes, the service worker, the report's sections off screen) waits
 * until the report's first section is drawn and the page has then been idle for a while (QUIET_MS), so a
 * phone's first visit spends its opening on what it shows and the reader's first taps meet an idle page
 * (docs/BENCHMARKS.md §9). The reader's first tap or key lets it go at once: they may want the search or the
 * menu. A page that opens no report, or a report this browser keeps (its database is needed at once),
 * waits for nothing (reportOpens).
 */
export const QUIET_MS = 4000;
/** Nothing waits longer than this for the report (a server that does not answer, say). */
const LONGEST_WAIT_MS = 15_000;

let markShown: () => void = () => {};
const shown = new Promise<void>((resolve) => {
  markShown = resolve;
});

let markTouched: () => void = () => {};
const touched = new Promise<void>((resolve) => {
  markTouched = resolve;
});

const INPUT_EVENTS = ['pointerdown', 'keydown', 'focusin'] as const;

let reportOpening = false;

/** A first visit opens a company's report (use-company-report.ts): what can wait waits for it. */
export function reportOpens(): void {
  reportOpening = true;
  setTimeout(markShown, LONGEST_WAIT_MS);
}

if (typeof window !== 'undefined') {
  const onInput = () => {
    markTouched();
    for (const type of INPUT_EVENTS) window.removeEventListener(type, onInput, true);
  };
  for (const type of INPUT_EVENTS) window.addEventListener(type, onInput, { capture: true, passive: true });
}

/**
 * Whether this page load is a first visit opening a report (reportOpens): only then does the work off screen
 * wait for quiet and come in slices. A report this browser keeps is read back at once and drawn whole.
 */
export function firstVisitOpens(): boolean {
  return reportOpening;
}

/** The report's first section shows its figures (or the report cannot be shown): the rest may follow. */
export function firstScreenShown(): void {
  markShown();
}

const quiet = (): Promise<void> =>
  shown
    .then(() => whenIdle())
    .then(() => new Promise<void>((resolve) => setTimeout(resolve, QUIET_MS)))
    .then(() => whenIdle());

let afterShown: Promise<void> | null = null;

/** Resolves once the first screen is shown and the page stayed idle a while, or at the reader's first input. */
export function afterFirstScreen(): Promise<void> {
  afterShown ??= reportOpening ? Promise.race([quiet(), touched]) : Promise.resolve();
  return afterShown;
}
