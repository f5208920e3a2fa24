import { type FormEvent, useId, useState } from 'react';
import { MenuField } from './MenuField.tsx';
import { MenuProblem } from './MenuProblem.tsx';
import { LEFT_ADD_REQUIRED } from './menu-errors.ts';
import type { CoreMenuDraft } from './use-core-menus.ts';

const EMPTY: CoreMenuDraft = { name: '', path: '', link: '' };

export interface LeftMenuAddFormProps {
  readonly disabled: boolean;
  onAdd(draft: CoreMenuDraft): Promise<boolean>;
}

/** Name and path are required; the link defaults to the path (the section's anchor). */
export function LeftMenuAddForm({ disabled, onAdd }: LeftMenuAddFormProps) {
  const [draft, setDraft] = useState<CoreMenuDraft>(EMPTY);
  const [problem, setProblem] = useState(false);
  const errorId = useId();
  const incomplete = (value: CoreMenuDraft) => !value.name.trim() || !value.path.trim();

  const update = (next: CoreMenuDraft) => {
    setDraft(next);
    if (problem) setProblem(incomplete(next));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (incomplete(draft)) {
      setProblem(true);
      return;
    }
    if (await onAdd(draft)) setDraft(EMPTY);
  };

  return (
    <form className="menu-add" aria-label="添加左侧菜单" onSubmit={submit} noValidate>
      <h3 className="menu-add__title">添加菜单</h3>
      <div className="menu-add__fields">
        <MenuField
          label="菜单名称"
          value={draft.name}
          placeholder="如：DCF估值"
          disabled={disabled}
          invalid={problem && !draft.name.trim()}
          describedBy={problem ? errorId : undefined}
          onChange={(name) => update({ ...draft, name })}
        />
        <MenuField
          label="路径"
          value={draft.path}
          placeholder="章节锚点，如 fcf-valuation"
          disabled={disabled}
          invalid={problem && !draft.path.trim()}
          describedBy={problem ? errorId : undefined}
          onChange={(path) => update({ ...draft, path })}
        />
        <MenuField
          label="链接（可选）"
          value={draft.link}
          placeholder={draft.path.trim() ? `默认 ${draft.path.trim()}` : '默认与路径相同'}
          disabled={disabled}
          onChange={(link) => update({ ...draft, link })}
        />
        <button type="submit" className="button button--primary menu-add__submit" disabled={disabled}>
          添加
        </button>
      </div>
      <MenuProblem id={errorId} problem={problem ? LEFT_ADD_REQUIRED : null} />
    </form>
  );
}
