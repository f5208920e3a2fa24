import type { FormEvent } from 'react';
import { MenuProblem } from './MenuProblem.tsx';
import { TopMenuFields, useTopMenuDraft } from './TopMenuFields.tsx';
import type { TopMenuDraft } from './use-top-menus.ts';

const EMPTY: TopMenuDraft = { name: '', link: '', isGroup: false };

export interface TopMenuAddFormProps {
  readonly disabled: boolean;
  onAdd(draft: TopMenuDraft): Promise<boolean>;
}

/** The add form: name, link, and '分组', which clears and disables the link (a group only opens children). */
export function TopMenuAddForm({ disabled, onAdd }: TopMenuAddFormProps) {
  const { draft, setDraft, problem, errorId, fields, check } = useTopMenuDraft(EMPTY, 'add');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (check() && (await onAdd(draft))) setDraft(EMPTY);
  };

  return (
    <form className="menu-add" aria-label="添加顶部菜单" onSubmit={submit} noValidate>
      <h3 className="menu-add__title">添加菜单</h3>
      <div className="menu-add__fields">
        <TopMenuFields
          {...fields}
          disabled={disabled}
          group="free"
          groupLabel="分组（下拉菜单，可含子菜单）"
          namePlaceholder="如：行业研究"
          linkPlaceholder="/industry-research 或 https://…"
        />
        <button type="submit" className="button button--primary menu-add__submit" disabled={disabled}>
          添加
        </button>
      </div>
      <MenuProblem id={errorId} problem={problem} />
    </form>
  );
}
