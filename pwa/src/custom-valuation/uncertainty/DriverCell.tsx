import { useEffect, useState } from 'react';
import { editableText, parseEditableNumber } from '../../ui/editable-number.ts';

interface DriverCellProps {
  readonly value: number;
  readonly percent: boolean;
  readonly label: string;
  /** A Chinese reason when the value is refused, else null; a refused value is not committed. */
  readonly check: (value: number) => string | null;
  readonly onCommit: (value: number) => void;
  readonly onError: (message: string) => void;
  readonly testId?: string;
}

/** A number typed in percent (or as is), committed on Enter or leaving the cell, Esc puts it back. */
export function DriverCell({ value, percent, label, check, onCommit, onError, testId }: DriverCellProps) {
  const shown = editableText(value, { percent, minDecimals: 1, maxDecimals: percent ? 2 : 3 });
  const [text, setText] = useState(shown);
  useEffect(() => setText(shown), [shown]);
  const commit = () => {
    if (text === shown) return;
    const typed = parseEditableNumber(text, percent);
    const issue = typed === null ? `${label}须为数字` : check(typed);
    if (issue !== null || typed === null) {
      onError(issue ?? `${label}须为数字`);
      setText(shown);
      return;
    }
    onCommit(typed);
  };
  return (
    <input
      className="unc-cell"
      type="text"
      inputMode="decimal"
      aria-label={label}
      value={text}
      data-testid={testId}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
        if (event.key === 'Escape') setText(shown);
      }}
    />
  );
}
