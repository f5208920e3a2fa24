import { TERMINAL_VALUE_METHOD_LABELS as METHOD_LABELS, type TerminalValueMethod } from '@fcf/engine';
import { formatPercent, type WhatIfView } from '@fcf/engine/report';
import { useState } from 'react';
import { editableText, parseEditableNumber } from '../ui/editable-number.ts';
import './TerminalValuePanel.css';

interface TerminalValuePanelProps {
  readonly view: WhatIfView;
  readonly onChange: (method: TerminalValueMethod, ronic: number | null) => void;
}

/**
 * The terminal value's formula, the value driver's RONIC (typed in percent; empty = WACC) and what the
 * terminal year implies: its reinvestment rate and return on new invested capital. The worker checks the
 * RONIC against the range table, as the server does.
 */
export function TerminalValuePanel({ view, onChange }: TerminalValuePanelProps) {
  const { effective_values: effective } = view.params;
  const method = effective.terminal_value_method;
  const { ronic } = effective;
  const [draft, setDraft] = useState<string | null>(null);
  const terminal = view.dcf?.terminal;
  const commitRonic = () => {
    if (draft === null) return;
    const text = draft.trim();
    setDraft(null);
    // Not a number: the worker's range check refuses it with its message.
    onChange(method, text === '' ? null : (parseEditableNumber(text, true) ?? Number.NaN));
  };
  return (
    <section className="cv-card cv-terminal" aria-labelledby="cv-terminal-title">
      <h2 className="cv-card__title" id="cv-terminal-title">
        终值公式
      </h2>
      <label className="cv-terminal__field">
        <span>方法</span>
        <select
          data-testid="terminal-method"
          value={method}
          onChange={(event) => onChange(event.target.value as TerminalValueMethod, null)}
        >
          {(Object.keys(METHOD_LABELS) as TerminalValueMethod[]).map((key) => (
            <option key={key} value={key}>
              {METHOD_LABELS[key]}
            </option>
          ))}
        </select>
      </label>
      {method === 'value_driver' ? (
        <label className="cv-terminal__field">
          <span>新增投资回报率 RONIC（%，留空为 WACC）</span>
          <input
            data-testid="terminal-ronic"
            inputMode="decimal"
            value={draft ?? editableText(ronic, { percent: true, minDecimals: 0 })}
            onChange={(event) => setDraft(event.target.value)}
            onBlur={commitRonic}
            onKeyDown={(event) => {
              if (event.key === 'Enter') commitRonic();
              if (event.key === 'Escape') setDraft(null);
            }}
          />
        </label>
      ) : null}
      {terminal ? (
        <p className="cv-terminal__implied" data-testid="terminal-implied-ronic">
          终值年再投资率 {formatPercent(terminal.reinvestment_rate)}，隐含 RONIC {formatPercent(terminal.implied_ronic)}
          （g ÷ 再投资率；低于 WACC 时增长在摧毁价值）
        </p>
      ) : null}
    </section>
  );
}
