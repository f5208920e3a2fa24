import { type Ref, useId, useState } from 'react';
import { MenuField } from './MenuField.tsx';
import { TOP_LINK_REQUIRED, topMenuProblem } from './menu-errors.ts';
import type { TopMenuDraft } from './use-top-menus.ts';

/**
 * A top-menu item being drafted (the add form, a row's edit mode): its problem shows once a save was
 * tried and then follows every change.
 */
export function useTopMenuDraft(initial: TopMenuDraft, mode: 'add' | 'edit') {
  const [draft, setDraft] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const errorId = useId();
  const update = (next: TopMenuDraft) => {
    setDraft(next);
    if (problem) setProblem(topMenuProblem(next, mode));
  };
  /** Whether the draft can be saved; when not, the problem shows. */
  const check = () => {
    const found = topMenuProblem(draft, mode);
    setProblem(found);
    return found === null;
  };
  /** What the fields read of the draft: spread into TopMenuFields. */
  const fields = { draft, problem, errorId, onChange: update };
  return { draft, setDraft, problem, errorId, fields, check };
}

export interface TopMenuFieldsProps {
  readonly draft: TopMenuDraft;
  readonly problem: string | null;
  /** The id of the problem's message. */
  readonly errorId: string;
  readonly disabled: boolean;
  onChange(draft: TopMenuDraft): void;
  /** 'none' for a child (always an ordinary item); 'locked' for a group that still has children. */
  readonly group: 'none' | 'free' | 'locked';
  readonly groupLabel: string;
  readonly namePlaceholder?: string;
  readonly linkPlaceholder: string;
  readonly nameInput?: Ref<HTMLInputElement>;
  readonly nameClassName?: string;
  readonly linkClassName?: string;
}

/** Name, link and '分组' (which clears and disables the link: a group only opens its children). */
export function TopMenuFields({
  draft,
  problem,
  errorId,
  disabled,
  onChange,
  group,
  groupLabel,
  namePlaceholder,
  linkPlaceholder,
  nameInput,
  nameClassName,
  linkClassName,
}: TopMenuFieldsProps) {
  const linkProblem = problem === TOP_LINK_REQUIRED;
  return (
    <>
      <MenuField
        label="菜单名称"
        value={draft.name}
        placeholder={namePlaceholder}
        disabled={disabled}
        inputRef={nameInput}
        invalid={problem !== null && !linkProblem}
        describedBy={problem && !linkProblem ? errorId : undefined}
        onChange={(name) => onChange({ ...draft, name })}
        className={nameClassName}
      />
      <MenuField
        label="跳转链接"
        value={draft.link}
        placeholder={draft.isGroup ? '分组无需链接' : linkPlaceholder}
        inputMode="url"
        disabled={disabled || draft.isGroup}
        invalid={linkProblem}
        describedBy={linkProblem ? errorId : undefined}
        onChange={(link) => onChange({ ...draft, link })}
        className={linkClassName}
      />
      {group !== 'none' && (
        <label className="menu-check" title={group === 'locked' ? '请先删除子菜单再改为普通菜单' : undefined}>
          <input
            type="checkbox"
            checked={draft.isGroup}
            disabled={disabled || group === 'locked'}
            onChange={(event) => onChange({ ...draft, isGroup: event.target.checked, link: '' })}
          />
          {groupLabel}
        </label>
      )}
    </>
  );
}
