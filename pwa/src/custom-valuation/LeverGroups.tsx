import type { LeverKey, ModelWhatIfView } from '@fcf/engine/report';
import { EditableCell } from '../valuation-editor/EditableCell.tsx';

/**
 * Every lever of the model, in its groups: the value it values with (the reader's in green, the default
 * otherwise) and how the default was derived. Typing recomputes at once; Enter or leaving the field keeps it.
 */
export function LeverGroups({
  view,
  onCommit,
  onPreview,
  onError,
}: {
  view: ModelWhatIfView;
  onCommit: (key: LeverKey, value: number) => void;
  onPreview: (key: LeverKey, value: number | null) => void;
  onError: (message: string) => void;
}) {
  return (
    <div className="cv-levers">
      {view.groups.map((group) => (
        <fieldset key={group.title} className="cv-card cv-levers__group">
          <legend className="cv-levers__title">{group.title}</legend>
          {group.levers.map((lever) => (
            <div key={lever.key} className="cv-lever" data-testid={`lever-${lever.key}`}>
              <span className="cv-lever__label">{lever.label}</span>
              <span className="cv-lever__input">
                <EditableCell
                  param={lever.key}
                  value={lever.value}
                  label={lever.label}
                  source={lever.manual ? 'user_set' : 'system_default'}
                  testId={`lever-input-${lever.key}`}
                  onCommit={(value) => onCommit(lever.key, value)}
                  onPreview={(value) => onPreview(lever.key, value)}
                  onError={onError}
                />
                <span className="cv-lever__unit">{lever.unit}</span>
              </span>
              <small className="cv-lever__basis">{lever.basis}</small>
            </div>
          ))}
        </fieldset>
      ))}
    </div>
  );
}
