import type { WhatIf } from '@fcf/engine/report';
import { formatPercent } from '@fcf/engine/report';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { parseNumberText } from '../ui/editable-number.ts';
import { INVALID_NUMBER_MESSAGE } from '../valuation-editor/cell-input.ts';
import type { WhatIfEngine } from '../worker/engine-client.ts';
import '../valuation-editor/editor.css';
import './ReverseDcf.css';

type Answer =
  | { readonly kind: 'none' }
  | { readonly kind: 'growth'; readonly growth: number }
  | { readonly kind: 'error'; readonly message: string };

interface ReverseDcfProps {
  readonly engine: WhatIfEngine;
  readonly whatIf: WhatIf;
  /** The latest quote's price: the form starts with it (and answers at once). */
  readonly marketPrice: number | null;
}

/**
 * Reverse DCF: the constant FCF growth the market price implies under the current WACC, g and terminal
 * value method. The answer follows every later edit, so a reader can compare the price's expectations with
 * their own.
 */
export function ReverseDcf({ engine, whatIf, marketPrice }: ReverseDcfProps) {
  const inputId = useId();
  const resultId = useId();
  const [text, setText] = useState(marketPrice === null ? '' : String(marketPrice));
  const [price, setPrice] = useState<number | null>(marketPrice);
  const [answer, setAnswer] = useState<Answer>({ kind: 'none' });

  useEffect(() => {
    if (price === null) return;
    // The last answer stays until the new one arrives: no flicker while the reader edits other cells.
    let active = true;
    engine.impliedGrowth(whatIf, price).then(
      (result) =>
        active &&
        setAnswer(
          'growth' in result ? { kind: 'growth', growth: result.growth } : { kind: 'error', message: result.error },
        ),
      (error: unknown) =>
        active &&
        setAnswer({ kind: 'error', message: `计算失败: ${error instanceof Error ? error.message : String(error)}` }),
    );
    return () => {
      active = false;
    };
  }, [engine, whatIf, price]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') return;
    const typed = parseNumberText(text);
    if (typed === null) {
      setPrice(null);
      setAnswer({ kind: 'error', message: INVALID_NUMBER_MESSAGE });
      return;
    }
    setPrice(typed);
  };

  return (
    <section className="cv-card cv-reverse" aria-labelledby={`${inputId}-title`}>
      <h2 className="cv-card__title" id={`${inputId}-title`}>
        反向DCF：股价隐含的增长率
      </h2>
      <form className="cv-reverse__form" onSubmit={submit}>
        <label htmlFor={inputId}>当前股价（元）</label>
        <input
          id={inputId}
          className="cv-reverse__input"
          type="text"
          inputMode="decimal"
          enterKeyHint="go"
          autoComplete="off"
          aria-describedby={resultId}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="button button--primary">
          计算
        </button>
      </form>
      <p id={resultId} className="cv-reverse__result" role="status">
        {answer.kind === 'growth' ? (
          <>
            隐含FCF增长率 <strong>{formatPercent(answer.growth)}</strong>
          </>
        ) : null}
        {answer.kind === 'error' ? <span className="cv-reverse__error">{answer.message}</span> : null}
      </p>
      <p className="cv-card__formula">
        在当前
        WACC、永续增长率与终值方法下，使每股价值等于该股价的预测期自由现金流年均增长率（以首个预测年度的自由现金流为基数）。
      </p>
    </section>
  );
}
