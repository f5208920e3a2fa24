import { formatPercent } from '@fcf/engine/report';
import type { StoredScenario } from '@fcf/engine/sync';
import { useMemo, useState } from 'react';
import { useQueryParam } from '../../ui/router.tsx';
import { scenarioDetail } from './scenario-detail.ts';
import { readScenarioLink, SCENARIO_LINK_PARAM } from './scenario-link.ts';

/**
 * The scenarios a share link carries (its `scenarios` parameter), read-only: someone else's stay theirs
 * until the reader saves copies as their own (new ids, in their own list).
 */
export function SharedScenarios({
  company,
  signedIn,
  onSave,
}: {
  company: string;
  signedIn: boolean;
  onSave: (scenarios: readonly StoredScenario[]) => Promise<boolean>;
}) {
  const param = useQueryParam(SCENARIO_LINK_PARAM);
  const reading = useMemo(() => readScenarioLink(param, company), [param, company]);
  const [saved, setSaved] = useState(false);
  if (reading.kind === 'none') return null;
  if (reading.kind === 'invalid') {
    return (
      <p className="notice notice--warning saved-scenarios__error" data-testid="shared-scenarios-invalid">
        {reading.message}
      </p>
    );
  }
  const save = async () => {
    const copies = reading.scenarios.map((scenario): StoredScenario => ({ ...scenario, id: crypto.randomUUID() }));
    setSaved(await onSave(copies));
  };
  return (
    <div className="saved-scenarios__shared" data-testid="shared-scenarios">
      <h3 className="saved-scenarios__subtitle">链接中的情景（只读）</h3>
      <ul className="saved-scenarios__list">
        {reading.scenarios.map((scenario, index) => (
          // The link's order is all that tells its scenarios apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: a link's scenarios have no ids
          <li key={index} className="saved-scenarios__row" data-testid="shared-scenario-row">
            <span className="saved-scenarios__name">{scenario.name}</span>
            <span className="saved-scenarios__weight">权重 {formatPercent(scenario.weight)}</span>
            <span className="saved-scenarios__detail">{scenarioDetail(scenario)}</span>
          </li>
        ))}
      </ul>
      {saved ? (
        <p className="saved-scenarios__note">已保存为我的情景</p>
      ) : signedIn ? (
        <button type="button" className="button button--ghost" data-testid="shared-scenarios-save" onClick={save}>
          保存为我的情景
        </button>
      ) : (
        <p className="saved-scenarios__note">登录后可将这些情景保存为自己的</p>
      )}
    </div>
  );
}
