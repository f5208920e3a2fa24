import './ProgressPill.css';

interface ProgressPillProps {
  /** 0 to 100; the bar's width. */
  readonly percent: number;
  /** The figure inside the pill, e.g. '45%' or '3 / 10'. */
  readonly text: string;
  readonly label: string;
}

/** A small pill-shaped progress bar with its figure written across it. */
export function ProgressPill({ percent, text, label }: ProgressPillProps) {
  return (
    <div
      className="progress"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(percent)}
      aria-label={label}
    >
      <div className="progress__bar" style={{ width: `${percent}%` }} />
      <span className="progress__text">{text}</span>
    </div>
  );
}
