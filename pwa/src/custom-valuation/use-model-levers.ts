import type { ModelId } from '@fcf/engine';
import {
  countLevers,
  isLeverModel,
  type LeverKey,
  type LeverModelId,
  type LeverValues,
  type ModelWhatIfView,
} from '@fcf/engine/report';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { StoredModelChoice } from '../store/db.ts';
import { writeModelChoice } from '../store/model-choice.ts';
import type { Notify } from '../valuation-editor/use-message.ts';
import type { ValuationSession } from './load-valuation.ts';

type LeverSets = StoredModelChoice['levers'];

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The custom page's model and the reader's levers of the story and excess-return models: the model the
 * address asks for, else the one chosen before, else the company's default; every lever typed recomputed in
 * the worker (a draft without storing, a commit stored on the device), the latest recompute winning.
 */
export function useModelLevers(session: ValuationSession, requested: ModelId | null, notify: Notify) {
  const { engine, company } = session;
  const [model, setModel] = useState<ModelId>(requested ?? session.models?.model ?? session.choices.preferred);
  const levers = useRef<LeverSets>(session.models?.levers ?? {});
  const [edits, setEdits] = useState(() => (isLeverModel(model) ? countLevers(levers.current[model] ?? {}) : 0));
  const [view, setView] = useState<ModelWhatIfView | null>(null);
  const sequence = useRef(0);

  const run = useCallback(
    (target: LeverModelId, values: LeverValues) => {
      const turn = ++sequence.current;
      engine.modelWhatIf(target, values).then(
        (next) => {
          if (turn === sequence.current) setView(next);
        },
        (error: unknown) => {
          if (turn === sequence.current) notify('error', `计算失败: ${errorText(error)}`);
        },
      );
    },
    [engine, notify],
  );

  useEffect(() => {
    if (isLeverModel(model)) run(model, levers.current[model] ?? {});
    else setView(null);
  }, [model, run]);

  const store = useCallback(
    (chosen: ModelId) => {
      writeModelChoice(company.code, { model: chosen, levers: levers.current }).catch((error: unknown) =>
        notify('error', `保存修改失败：${errorText(error)}`),
      );
    },
    [company.code, notify],
  );

  const choose = useCallback(
    (next: ModelId) => {
      setView(null);
      setModel(next);
      setEdits(isLeverModel(next) ? countLevers(levers.current[next] ?? {}) : 0);
      store(next);
    },
    [store],
  );

  const setLevers = useCallback(
    (values: LeverValues) => {
      if (!isLeverModel(model)) return;
      levers.current = { ...levers.current, [model]: values };
      setEdits(countLevers(values));
      store(model);
      run(model, values);
    },
    [model, run, store],
  );

  const commit = useCallback(
    (key: LeverKey, value: number) => {
      if (isLeverModel(model)) setLevers({ ...levers.current[model], [key]: value });
    },
    [model, setLevers],
  );

  /** A draft being typed (null: back to the committed levers), recomputed but not stored. */
  const preview = useCallback(
    (key: LeverKey, value: number | null) => {
      if (!isLeverModel(model)) return;
      const committed = levers.current[model] ?? {};
      run(model, value === null ? committed : { ...committed, [key]: value });
    },
    [model, run],
  );

  const reset = useCallback(() => setLevers({}), [setLevers]);

  return { model, view, edits, choose, commit, preview, reset };
}
