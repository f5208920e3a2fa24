import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { MenuField } from './MenuField.tsx';
import { MenuProblem } from './MenuProblem.tsx';
import { MenuRowView } from './MenuRowView.tsx';
import { LEFT_EDIT_EMPTY } from './menu-errors.ts';
import type { AdminCoreMenu } from './menus-api.ts';
import type { CoreMenuDraft, CoreMenusModel } from './use-core-menus.ts';
import { useDebouncedCallback } from './use-debounced-callback.ts';

/** An inline edit is saved this long after the last keystroke. */
const EDIT_DEBOUNCE_MS = 800;

type SaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'failed';
const SAVE_TEXT: Record<SaveState, string> = {
  idle: '修改将自动保存',
  pending: '等待保存…',
  saving: '正在保存…',
  saved: '已保存',
  failed: '保存失败，继续修改将重试',
};

interface LeftMenuRowProps {
  readonly menu: AdminCoreMenu;
  readonly index: number;
  readonly count: number;
  readonly model: CoreMenusModel;
}

const draftOf = (menu: AdminCoreMenu): CoreMenuDraft => ({
  name: menu.name,
  path: menu.path,
  // A link equal to the path was defaulted, so it stays empty and keeps following the path.
  link: menu.link && menu.link !== menu.path ? menu.link : '',
});

/** A section menu in view mode, or in edit mode where every valid change is saved on its own. */
export function LeftMenuRow({ menu, index, count, model }: LeftMenuRowProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(() => draftOf(menu));
  const [problem, setProblem] = useState<string | null>(null);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const nameInput = useRef<HTMLInputElement>(null);
  const errorId = useId();

  const save = useDebouncedCallback(() => {
    setSaveState('saving');
    void model.persist(menu.id, draft).then((ok) => setSaveState(ok ? 'saved' : 'failed'));
  }, EDIT_DEBOUNCE_MS);

  useEffect(() => {
    if (editing) nameInput.current?.select();
  }, [editing]);

  const change = (next: CoreMenuDraft) => {
    setDraft(next);
    if (!next.name.trim() || !next.path.trim()) {
      setProblem(LEFT_EDIT_EMPTY);
      save.cancel();
      setSaveState('idle');
      return;
    }
    setProblem(null);
    model.stage(menu.id, next);
    setSaveState('pending');
    save.schedule();
  };

  const finish = () => {
    if (problem) return;
    save.flush();
    setEditing(false);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' && event.key !== 'Enter') return;
    event.preventDefault();
    finish();
  };

  if (!editing) {
    return (
      <li className="menu-row">
        <MenuRowView
          index={index}
          count={count}
          name={menu.name}
          detail={
            <span className="menu-row__link">
              #{menu.path}
              {menu.link && menu.link !== menu.path ? ` → ${menu.link}` : ''}
            </span>
          }
          disabled={model.saving}
          onMove={(direction) => void model.move(index, direction)}
          onEdit={() => {
            setDraft(draftOf(menu));
            setSaveState('idle');
            setEditing(true);
          }}
          onDelete={() => void model.remove(menu)}
        />
      </li>
    );
  }

  return (
    <li className="menu-row">
      {/* Inputs stay enabled while saving: disabling a focused input would drop the keyboard mid-word. */}
      <fieldset className="menu-editor" onKeyDown={onKeyDown}>
        <legend className="visually-hidden">编辑菜单 {menu.name}</legend>
        <MenuField
          label="菜单名称"
          value={draft.name}
          inputRef={nameInput}
          invalid={problem !== null && !draft.name.trim()}
          describedBy={problem ? errorId : undefined}
          onChange={(name) => change({ ...draft, name })}
          className="menu-editor__name"
        />
        <MenuField
          label="路径"
          placeholder="如 roe-roic"
          value={draft.path}
          invalid={problem !== null && !draft.path.trim()}
          describedBy={problem ? errorId : undefined}
          onChange={(path) => change({ ...draft, path })}
          className="menu-editor__link"
        />
        <MenuField
          label="链接（留空则同路径）"
          placeholder={draft.path.trim() ? `默认 ${draft.path.trim()}` : '默认与路径相同'}
          value={draft.link}
          onChange={(link) => change({ ...draft, link })}
          className="menu-editor__link"
        />
        <div className="menu-editor__buttons">
          <span className={`menu-save-state menu-save-state--${saveState}`} aria-live="polite">
            {SAVE_TEXT[saveState]}
          </span>
          <button type="button" className="button button--primary menu-button" onClick={finish}>
            完成
          </button>
        </div>
        <MenuProblem id={errorId} problem={problem} />
      </fieldset>
    </li>
  );
}
