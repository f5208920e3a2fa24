import { formatPercent, type WhatIfView } from '@fcf/engine/report';
import { SCENARIO_LIMITS } from '@fcf/engine/sync';
import { type FormEvent, useState } from 'react';
import { RejectedEdits } from '../../sync/RejectedEdits.tsx';
import { SyncConflicts } from '../../sync/SyncConflicts.tsx';
import { SharedScenarios } from './SharedScenarios.tsx';
import { scenarioDetail } from './scenario-detail.ts';
import { scenarioInputsFromView } from './scenario-inputs.ts';
import { scenarioShareUrl } from './scenario-link.ts';
import { useSavedScenarios } from './use-saved-scenarios.ts';
import './saved-scenarios.css';

/**
 * 我的估值情景: the signed-in user's scenarios of this company, kept on the device and synced to their
 * other browsers (docs/sync.md, the `scenarios` table). 保存为情景 keeps the present valuation's inputs
 * under a name and weight; offline the edit waits in the outbox. Below them, the scenarios a share link
 * carries, read-only, with an offer to save them.
 */
export function SavedScenarios({ company, view }: { company: string; view: WhatIfView }) {
  const saved = useSavedScenarios(company);
  const [name, setName] = useState('');
  const [weight, setWeight] = useState('25');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const percent = Number(weight);
    const stored = await saved.save([
      {
        id: crypto.randomUUID(),
        company,
        name,
        weight: Number.isFinite(percent) && weight.trim() !== '' ? percent / 100 : Number.NaN,
        model: 'story',
        inputs: scenarioInputsFromView(view),
      },
    ]);
    if (stored) setName('');
  };

  const scenarios = saved.scenarios ?? [];
  return (
    <section className="cv-card saved-scenarios" aria-labelledby="saved-scenarios-title">
      <h2 id="saved-scenarios-title" className="cv-card__title">
        我的估值情景
      </h2>
      {saved.user === null ? (
        <p className="saved-scenarios__note">登录后可保存估值情景，并同步到你的其他设备</p>
      ) : (
        <>
          {!saved.online && <p className="saved-scenarios__note">离线：情景保存在本机，联网后同步</p>}
          {scenarios.length === 0 ? (
            <p className="saved-scenarios__note">还没有保存的情景</p>
          ) : (
            <ul className="saved-scenarios__list">
              {scenarios.map((scenario) => (
                <li key={scenario.id} className="saved-scenarios__row" data-testid="saved-scenario-row">
                  <span className="saved-scenarios__name">{scenario.name}</span>
                  <span className="saved-scenarios__weight">权重 {formatPercent(scenario.weight)}</span>
                  <span className="saved-scenarios__detail">{scenarioDetail(scenario)}</span>
                  <button
                    type="button"
                    className="button button--ghost"
                    aria-label={`删除情景 ${scenario.name}`}
                    onClick={() => void saved.remove(scenario.id)}
                  >
                    删除
                  </button>
                </li>
              ))}
            </ul>
          )}
          <form className="saved-scenarios__form" onSubmit={(event) => void submit(event)}>
            <label>
              名称
              <input
                className="field"
                data-testid="scenario-name"
                value={name}
                maxLength={SCENARIO_LIMITS.nameMax}
                onChange={(event) => setName(event.target.value)}
                placeholder="如 乐观"
              />
            </label>
            <label>
              权重（%）
              <input
                className="field"
                data-testid="scenario-weight"
                inputMode="decimal"
                value={weight}
                onChange={(event) => setWeight(event.target.value)}
              />
            </label>
            <button type="submit" className="button button--primary" data-testid="scenario-save">
              保存当前参数为情景
            </button>
          </form>
          {saved.error && (
            <p className="notice notice--error saved-scenarios__error" role="alert">
              {saved.error}
            </p>
          )}
          <SyncConflicts issues={saved.conflicts} service={saved.service} />
          <RejectedEdits edits={saved.rejected} service={saved.service} />
          {scenarios.length > 0 && (
            <a
              className="saved-scenarios__share"
              data-testid="scenario-share-link"
              href={scenarioShareUrl(window.location.href, scenarios)}
            >
              分享链接（含以上情景）
            </a>
          )}
        </>
      )}
      <SharedScenarios company={company} signedIn={saved.user !== null} onSave={saved.save} />
    </section>
  );
}
