import { startTransition, useEffect, useState } from 'react';
import { yieldToMain } from '../lib/yield-to-main.ts';
import type { ReportState } from './use-company-report.ts';

/** Sections drawn with the report's first commit: the first screen's. */
const FIRST = 1;

/**
 * How many of the report's sections show their content. A company's report arrives with its first section
 * drawn; the others follow one per commit, each in a task of its own after the page gave way to input, so
 * no single commit inserts the whole report. A newer report of the same company (a newer quote, fresh
 * data) is drawn whole.
 */
export function useRevealedSections(state: ReportState, total: number): number {
  const company = state.status === 'ready' ? state.company : null;
  const [revealed, setRevealed] = useState<{ readonly company: string | null; readonly count: number }>({
    company: null,
    count: 0,
  });
  const count = revealed.company === company ? revealed.count : FIRST;
  useEffect(() => {
    if (company === null || count >= total) return;
    let cancelled = false;
    void yieldToMain().then(() => {
      if (!cancelled) startTransition(() => setRevealed({ company, count: count + 1 }));
    });
    return () => {
      cancelled = true;
    };
  }, [company, count, total]);
  return company === null ? total : count;
}
