import type { WarningSpec } from '@fcf/engine/report';
import './WarningMark.css';

/**
 * The valuation's warnings where a row or a bar has no room for the list (screener rows, the result bar,
 * the report header): an amber mark with their count, its accessible name and tooltip listing the messages.
 * The full list (ValuationWarnings) stands beside the value where there is room.
 */
export function WarningMark({ warnings }: { warnings: readonly WarningSpec[] }) {
  if (warnings.length === 0) return null;
  const label = `估值提示：${warnings.map((warning) => warning.text).join('；')}`;
  return (
    <span
      className="warning-mark"
      role="img"
      aria-label={label}
      title={label}
      data-testid="warning-mark"
      data-codes={warnings.map((warning) => warning.code).join(' ')}
    >
      <span aria-hidden="true">⚠ {warnings.length}</span>
    </span>
  );
}
