import { formatAmount } from '@fcf/engine/report';
import { useId } from 'react';
import type { AdminChoiceSpec, AdminChoiceState } from './admin-choice.ts';

/**
 * One of the admin's per-company marks (docs/model.md §7): a plain checkbox with its label, so the keyboard
 * reaches and toggles it, and the latest amount of the line it concerns, shown either way. While a mark is
 * being saved the checkbox keeps its focus and ignores further changes (aria-disabled, not disabled, which
 * would drop the focus); it shows the stored mark until the server has the new one.
 */
export function AdminChoiceToggle({
  spec,
  state,
  saving,
  onChange,
}: {
  readonly spec: AdminChoiceSpec;
  readonly state: AdminChoiceState;
  readonly saving: boolean;
  readonly onChange: (marked: boolean) => void;
}) {
  const amountId = useId();
  const amount = state.amount === null ? '未列报' : `${formatAmount(state.amount)} 亿元`;
  return (
    <div className="fp-choice" data-choice={spec.field}>
      {/* The checkbox inside its label: the whole line is the tap target on a phone. */}
      <label className="fp-choice__label">
        <input
          type="checkbox"
          checked={state.marked}
          aria-disabled={saving}
          aria-describedby={amountId}
          onChange={(event) => {
            if (!saving) onChange(event.target.checked);
          }}
        />
        <span>{spec.label}</span>
      </label>
      <span id={amountId} className="fp-choice__amount" data-testid={`amount-${spec.item}`}>
        {state.year === null ? '' : `${state.year}年`}
        {spec.itemName}：{amount}
        {state.marked ? spec.marked : spec.unmarked}
      </span>
    </div>
  );
}
