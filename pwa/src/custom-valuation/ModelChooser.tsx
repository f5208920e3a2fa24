import { MODEL_IDS, MODEL_NAMES, type ModelId } from '@fcf/engine';
import type { ModelChoices } from '@fcf/engine/report';

/**
 * Which model the custom page values with: a radio group (arrow keys move between the models). A model that
 * does not fit the company stays listed, disabled, with the reason.
 */
export function ModelChooser({
  model,
  choices,
  onChoose,
}: {
  model: ModelId;
  choices: ModelChoices;
  onChoose: (model: ModelId) => void;
}) {
  return (
    <fieldset className="cv-card cv-models" data-testid="model-chooser">
      <legend className="cv-models__legend">估值模型</legend>
      {MODEL_IDS.map((id) => {
        const unfit = choices.unfit[id];
        return (
          <label key={id} className={unfit ? 'cv-models__option is-unfit' : 'cv-models__option'}>
            <input
              type="radio"
              name="custom-model"
              value={id}
              checked={model === id}
              disabled={unfit !== undefined && model !== id}
              onChange={() => onChoose(id)}
            />
            <span>
              {MODEL_NAMES[id]}
              {choices.preferred === id ? <span className="cv-models__badge">默认</span> : null}
              {unfit ? <small className="cv-models__reason">不适用：{unfit}</small> : null}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
