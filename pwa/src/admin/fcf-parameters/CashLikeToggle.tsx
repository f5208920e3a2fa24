import { formatAmount } from '@fcf/engine/report';
import { useId, useState } from 'react';
import type { CashLikeChoice } from './cash-like-choice.ts';

/**
 * The admin's per-company mark: 其他流动资产 counted as cash-like in the equity bridge (理财 products), or
 * shown only (docs/model.md §7). The amount is shown either way; a plain checkbox, so the keyboard works.
 */
export function CashLikeToggle({
  choice,
  onChange,
}: {
  readonly choice: CashLikeChoice;
  readonly onChange: (cashLike: boolean) => Promise<void>;
}) {
  const id = useId();
  const [saving, setSaving] = useState(false);
  const amount = choice.amount === null ? '未列报' : `${formatAmount(choice.amount)} 亿元`;
  return (
    <div className="fp-card fp-cash-like">
      <input
        id={id}
        type="checkbox"
        checked={choice.marked}
        disabled={saving}
        onChange={(event) => {
          setSaving(true);
          void onChange(event.target.checked).finally(() => setSaving(false));
        }}
      />
      <label htmlFor={id}>其他流动资产计入类现金资产（理财产品等）</label>
      <span className="fp-cash-like__amount" data-testid="other-current-assets">
        {choice.year === null ? '' : `${choice.year}年`}其他流动资产：{amount}
        {choice.marked ? '（已计入现金）' : '（仅列示，不计入现金）'}
      </span>
    </div>
  );
}
