import './ProgressBar.css';

interface ProgressBarProps {
  readonly value: number;
  readonly max: number;
  readonly label: string;
  /** The visible figure and aria-valuetext, e.g. '45%' or '3/10'. */
  readonly text: string;
  readonly testId?: string;
}

/** A determinate progress bar with its figure beside it. */
export function ProgressBar({ value, max, label, text, testId }: ProgressBarProps) {
  const share = max > 0 ? Math.min(1, Math.max(0, value / max)) : 0;
  return (
    <div
      className="progress-bar"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={text}
      data-testid={testId}
    >
      <div className="progress-bar__track">
        <div className="progress-bar__bar" style={{ width: `${(share * 100).toFixed(1)}%` }} />
      </div>
      <span className="progress-bar__text" aria-hidden="true">
        {text}
      </span>
    </div>
  );
}
