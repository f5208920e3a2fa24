import { type FormEvent, type KeyboardEvent, useEffect, useRef } from 'react';
import { MenuProblem } from './MenuProblem.tsx';
import { TopMenuFields, useTopMenuDraft } from './TopMenuFields.tsx';
import type { TopMenuDraft } from './use-top-menus.ts';

export interface TopMenuEditorProps {
  /** The item's current name, for the form's accessible name. */
  readonly name: string;
  readonly initial: TopMenuDraft;
  /** 'none' for a child (always an ordinary item); 'locked' for a group that still has children. */
  readonly group: 'none' | 'free' | 'locked';
  readonly disabled: boolean;
  onSave(draft: TopMenuDraft): Promise<boolean>;
  onCancel(): void;
}

/** A row's edit mode: Enter or 保存 saves, Escape or 取消 leaves the item as it was. */
export function TopMenuEditor({ name, initial, group, disabled, onSave, onCancel }: TopMenuEditorProps) {
  const { draft, problem, errorId, fields, check } = useTopMenuDraft(initial, 'edit');
  const nameInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    nameInput.current?.select();
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (check()) await onSave(draft);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onCancel();
  };

  return (
    <form className="menu-editor" aria-label={`编辑菜单 ${name}`} onSubmit={submit} onKeyDown={onKeyDown} noValidate>
      <TopMenuFields
        {...fields}
        disabled={disabled}
        group={group}
        groupLabel="分组"
        linkPlaceholder="/path 或 https://…"
        nameInput={nameInput}
        nameClassName="menu-editor__name"
        linkClassName="menu-editor__link"
      />
      <div className="menu-editor__buttons">
        <button type="submit" className="button button--primary menu-button" disabled={disabled}>
          保存
        </button>
        <button type="button" className="button button--ghost menu-button" disabled={disabled} onClick={onCancel}>
          取消
        </button>
      </div>
      <MenuProblem id={errorId} problem={problem} />
    </form>
  );
}
