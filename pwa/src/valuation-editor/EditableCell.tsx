import type { DriverSource } from '@fcf/engine';
import { type FocusEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { cellText, type EditableParameter, editableRule, parseCellInput } from './cell-input.ts';
import './EditableCell.css';

export interface EditableCellProps {
  readonly param: EditableParameter;
  /** The effective value (a fraction for percent fields). */
  readonly value: number | null;
  /** The accessible name, e.g. '2026E 营业收入增长率'. */
  readonly label: string;
  readonly source?: DriverSource;
  readonly testId?: string;
  readonly placeholder?: string;
  readonly onCommit: (value: number) => void;
  readonly onError: (message: string) => void;
  /**
   * Live what-ifs: called with the draft's value once typing pauses for LIVE_RECOMPUTE_DELAY_MS, and with
   * null when a previewed draft is discarded, emptied or no longer valid. Enter or blur still commit.
   */
  readonly onPreview?: (value: number | null) => void;
}

/** How long typing must pause before the draft is recomputed (not stored) while the reader types. */
const LIVE_RECOMPUTE_DELAY_MS = 100;

const SOURCE_CLASS: Readonly<Record<DriverSource, string>> = {
  user_set: 'is-user-set',
  inherited: 'is-inherited',
  system_default: 'is-system',
};

/** What the cell shows right after a commit, until the recomputed value arrives for the value it replaced. */
interface Pending {
  readonly text: string;
  readonly replaces: number | null;
}

/**
 * A spreadsheet-style number input: typing keeps a draft; Enter or leaving the cell commits it; Escape
 * discards it; an empty draft changes nothing; a value that cannot be stored marks the cell and is not
 * committed.
 */
export function EditableCell({
  param,
  value,
  label,
  source,
  testId,
  placeholder,
  onCommit,
  onError,
  onPreview,
}: EditableCellProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  // A draft already reported stays quiet when the same draft is committed again (Enter, then blur).
  const reported = useRef<string | null>(null);
  const previewTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // True while the page shows this cell's draft rather than its committed value.
  const previewing = useRef(false);

  const cancelPreview = () => {
    if (previewTimer.current !== null) clearTimeout(previewTimer.current);
    previewTimer.current = null;
  };
  const endPreview = () => {
    cancelPreview();
    if (previewing.current) onPreview?.(null);
    previewing.current = false;
  };
  useEffect(
    () => () => {
      if (previewTimer.current !== null) clearTimeout(previewTimer.current);
    },
    [],
  );

  const schedulePreview = (text: string) => {
    if (!onPreview) return;
    cancelPreview();
    previewTimer.current = setTimeout(() => {
      previewTimer.current = null;
      const parsed = parseCellInput(param, text);
      if (parsed.kind === 'value') {
        previewing.current = true;
        onPreview(parsed.value);
      } else if (previewing.current) {
        previewing.current = false;
        onPreview(null);
      }
    }, LIVE_RECOMPUTE_DELAY_MS);
  };

  useEffect(() => {
    setPending((current) => (current && current.replaces !== value ? null : current));
  }, [value]);

  const commit = () => {
    if (draft === null) return;
    const parsed = parseCellInput(param, draft);
    if (parsed.kind === 'value') {
      // The commit recomputes from the stored what-if: the preview is superseded, not undone.
      cancelPreview();
      previewing.current = false;
    } else endPreview();
    if (parsed.kind === 'empty') {
      setDraft(null);
      setError(null);
      return;
    }
    if (parsed.kind === 'error') {
      setError(parsed.message);
      if (reported.current !== draft) onError(parsed.message);
      reported.current = draft;
      return;
    }
    reported.current = null;
    setDraft(null);
    setError(null);
    setPending({ text: cellText(param, parsed.value), replaces: value });
    onCommit(parsed.value);
  };

  const discard = () => {
    endPreview();
    reported.current = null;
    setDraft(null);
    setError(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Escape' && (draft !== null || error !== null)) {
      event.preventDefault();
      discard();
    }
  };

  const shown = draft ?? (pending && pending.replaces === value ? pending.text : cellText(param, value));
  const className = ['cv-cell-input', source ? SOURCE_CLASS[source] : '', error ? 'is-error' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <input
      className={className}
      type="text"
      // iOS's decimal keypad has no minus key: fields that may be negative get the full keyboard.
      inputMode={editableRule(param).min < 0 ? 'text' : 'decimal'}
      enterKeyHint="done"
      autoComplete="off"
      spellCheck={false}
      aria-label={label}
      aria-invalid={error ? true : undefined}
      title={error ?? undefined}
      data-testid={testId}
      data-source={source}
      placeholder={placeholder}
      value={shown}
      onChange={(event) => {
        setDraft(event.target.value);
        setError(null);
        schedulePreview(event.target.value);
      }}
      onFocus={(event: FocusEvent<HTMLInputElement>) => event.target.select()}
      onBlur={commit}
      onKeyDown={onKeyDown}
    />
  );
}
