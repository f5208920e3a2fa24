import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { MenuField } from './MenuField.tsx';
import { TOP_LINK_REQUIRED, topMenuProblem } from './menu-errors.ts';
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
  const [draft, setDraft] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const errorId = useId();

  useEffect(() => {
    nameInput.current?.select();
  }, []);

  const update = (next: TopMenuDraft) => {
    setDraft(next);
    if (problem) setProblem(topMenuProblem(next, 'edit'));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = topMenuProblem(draft, 'edit');
    setProblem(found);
    if (!found) await onSave(draft);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onCancel();
  };

  const linkProblem = problem === TOP_LINK_REQUIRED;
  return (
    <form className="menu-editor" aria-label={`编辑菜单 ${name}`} onSubmit={submit} onKeyDown={onKeyDown} noValidate>
      <MenuField
        label="菜单名称"
        value={draft.name}
        disabled={disabled}
        inputRef={nameInput}
        invalid={problem !== null && !linkProblem}
        describedBy={problem && !linkProblem ? errorId : undefined}
        onChange={(value) => update({ ...draft, name: value })}
        className="menu-editor__name"
      />
      <MenuField
        label="跳转链接"
        value={draft.link}
        placeholder={draft.isGroup ? '分组无需链接' : '/path 或 https://…'}
        inputMode="url"
        disabled={disabled || draft.isGroup}
        invalid={linkProblem}
        describedBy={linkProblem ? errorId : undefined}
        onChange={(value) => update({ ...draft, link: value })}
        className="menu-editor__link"
      />
      {group !== 'none' && (
        <label className="menu-check" title={group === 'locked' ? '请先删除子菜单再改为普通菜单' : undefined}>
          <input
            type="checkbox"
            checked={draft.isGroup}
            disabled={disabled || group === 'locked'}
            onChange={(event) => update({ ...draft, isGroup: event.target.checked, link: '' })}
          />
          分组
        </label>
      )}
      <div className="menu-editor__buttons">
        <button type="submit" className="button button--primary menu-button" disabled={disabled}>
          保存
        </button>
        <button type="button" className="button button--ghost menu-button" disabled={disabled} onClick={onCancel}>
          取消
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
