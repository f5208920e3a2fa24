import { type FormEvent, useId, useState } from 'react';
import { MenuField } from './MenuField.tsx';
import { TOP_LINK_REQUIRED, topMenuProblem } from './menu-errors.ts';
import type { TopMenuDraft } from './use-top-menus.ts';

const EMPTY: TopMenuDraft = { name: '', link: '', isGroup: false };

export interface TopMenuAddFormProps {
  readonly disabled: boolean;
  onAdd(draft: TopMenuDraft): Promise<boolean>;
}

/** The add form: name, link, and '分组', which clears and disables the link (a group only opens children). */
export function TopMenuAddForm({ disabled, onAdd }: TopMenuAddFormProps) {
  const [draft, setDraft] = useState<TopMenuDraft>(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const errorId = useId();

  const update = (next: TopMenuDraft) => {
    setDraft(next);
    if (problem) setProblem(topMenuProblem(next, 'add'));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = topMenuProblem(draft, 'add');
    setProblem(found);
    if (found) return;
    if (await onAdd(draft)) setDraft(EMPTY);
  };

  const linkProblem = problem === TOP_LINK_REQUIRED;
  return (
    <form className="menu-add" aria-label="添加顶部菜单" onSubmit={submit} noValidate>
      <h3 className="menu-add__title">添加菜单</h3>
      <div className="menu-add__fields">
        <MenuField
          label="菜单名称"
          value={draft.name}
          placeholder="如：行业研究"
          disabled={disabled}
          invalid={problem !== null && !linkProblem}
          describedBy={problem && !linkProblem ? errorId : undefined}
          onChange={(name) => update({ ...draft, name })}
        />
        <MenuField
          label="跳转链接"
          value={draft.link}
          placeholder={draft.isGroup ? '分组无需链接' : '/industry-research 或 https://…'}
          inputMode="url"
          disabled={disabled || draft.isGroup}
          invalid={linkProblem}
          describedBy={linkProblem ? errorId : undefined}
          onChange={(link) => update({ ...draft, link })}
        />
        <label className="menu-check">
          <input
            type="checkbox"
            checked={draft.isGroup}
            disabled={disabled}
            onChange={(event) => update({ ...draft, isGroup: event.target.checked, link: '' })}
          />
          分组（下拉菜单，可含子菜单）
        </label>
        <button type="submit" className="button button--primary menu-add__submit" disabled={disabled}>
          添加
        </button>
      </div>
      {problem && (
        <p id={errorId} className="menu-problem" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
