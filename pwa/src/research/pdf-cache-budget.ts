/** The size budget of the cache of research PDFs read online (the research page's 离线缓存 panel). */

const BUDGET_KEY = 'fcf.pdfCacheBudgetMB';
export const BUDGET_CHOICES_MB = [50, 100, 200, 500] as const;
const DEFAULT_BUDGET_MB = 100;
const MB = 1024 * 1024;

export function cacheBudgetMb(): number {
  try {
    const stored = Number(localStorage.getItem(BUDGET_KEY));
    return (BUDGET_CHOICES_MB as readonly number[]).includes(stored) ? stored : DEFAULT_BUDGET_MB;
  } catch {
    return DEFAULT_BUDGET_MB;
  }
}

export function setCacheBudgetMb(megabytes: number): void {
  try {
    localStorage.setItem(BUDGET_KEY, String(megabytes));
  } catch {
    // Storage blocked: the default budget stands.
  }
}

export const cacheBudgetBytes = () => cacheBudgetMb() * MB;
