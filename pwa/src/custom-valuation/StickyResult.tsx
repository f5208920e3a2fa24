import type { DcfValuationView } from '@fcf/engine/report';
import { EMPTY, formatPercent, toneOf, warningSpecs } from '@fcf/engine/report';
import { DataDateBadge } from '../ui/DataDateBadge.tsx';
import { WarningMark } from '../ui/WarningMark.tsx';
import { marginOfSafety, perShareDelta, shownPerShare } from './result-figures.ts';
import './StickyResult.css';

interface StickyResultProps {
  readonly dcf: DcfValuationView | null;
  /** The value per share without the reader's what-if, for the Δ. */
  readonly automaticPerShare: number | null;
  /** The latest share price (元) when one is known; the margin of safety shows only then. */
  readonly price?: number | null;
  /** How many inputs the reader has set (committed). */
  readonly edits: number;
  readonly onRestoreAll: () => void;
  /** Offered right after 全部恢复: puts the reader's inputs back. */
  readonly onUndo: (() => void) | null;
  /** The year of the annual report the value is based on. */
  readonly latestYear: number;
}

/**
 * The result a reader watches while editing, stuck to the bottom of the screen so it stays in view beside
 * the cell being typed into: value per share, its change against the automatic value, the margin of
 * safety when a price is known, and 全部恢复.
 */
export function StickyResult({
  dcf,
  automaticPerShare,
  price,
  edits,
  onRestoreAll,
  onUndo,
  latestYear,
}: StickyResultProps) {
  const shown = shownPerShare(dcf);
  const value = shown.value;
  const delta = perShareDelta(value, automaticPerShare);
  const direction = value === null || automaticPerShare === null ? 0 : Math.sign(value - automaticPerShare);
  const safety = marginOfSafety(value, price);
  return (
    <section className="cv-result" data-testid="sticky-result" aria-label="估值结果">
      <div className="cv-result__value">
        <span className="cv-result__label">
          每股价值{' '}
          <DataDateBadge
            latestYear={latestYear}
            warnings={dcf?.warnings ?? null}
            basePeriod={dcf?.meta.base_period ?? null}
          />
        </span>
        <strong className="cv-result__figure nowrap">
          {dcf ? <span data-testid="custom-value-per-share">{shown.text}</span> : EMPTY}
          {shown.notApplicable === null ? <span className="cv-result__unit">元</span> : null}{' '}
          <WarningMark warnings={warningSpecs(dcf?.warnings ?? [])} />
        </strong>
      </div>
      <div className="cv-result__detail" aria-live="polite">
        {shown.notApplicable !== null ? (
          <span className="cv-result__reason" title={shown.notApplicable}>
            {shown.notApplicable}
          </span>
        ) : delta && direction !== 0 ? (
          <span className={`cv-result__delta nowrap tone-${toneOf(direction, 'change')}`}>较系统 {delta}</span>
        ) : (
          <span className="cv-result__delta">{dcf ? '与系统估值相同' : '无法估值'}</span>
        )}
        {safety === null ? null : (
          <span className="cv-result__safety nowrap">
            安全边际 <span data-testid="margin-of-safety">{formatPercent(safety)}</span>
          </span>
        )}
      </div>
      {onUndo ? (
        <button type="button" className="button button--ghost cv-result__action" onClick={onUndo}>
          撤销恢复
        </button>
      ) : (
        <button
          type="button"
          className="button button--ghost cv-result__action"
          onClick={onRestoreAll}
          disabled={edits === 0}
          aria-label={edits > 0 ? `全部恢复（已修改 ${edits} 项）` : '全部恢复'}
        >
          全部恢复{edits > 0 ? <span className="cv-result__count">{edits}</span> : null}
        </button>
      )}
    </section>
  );
}
