import { type ReactNode, useState } from 'react';
import type { Direction } from '../reorder.ts';
import { MenuRowView } from './MenuRowView.tsx';
import type { TopMenu, TopMenuChild } from './menus-api.ts';
import { TopMenuEditor } from './TopMenuEditor.tsx';
import type { TopMenuDraft, TopMenusModel } from './use-top-menus.ts';

interface ItemProps {
  readonly name: string;
  readonly initial: TopMenuDraft;
  /** 'none' for a child (always an ordinary item); 'locked' for a group that still has children. */
  readonly group: 'none' | 'free' | 'locked';
  readonly detail: ReactNode;
  readonly index: number;
  readonly count: number;
  readonly saving: boolean;
  /** Opens in edit mode (a child just added, so its default name is replaced at once). */
  readonly startEditing?: boolean;
  onSave(draft: TopMenuDraft): Promise<boolean>;
  onMove(direction: Direction): void;
  onDelete(): void;
  /** Extra buttons of the view mode. */
  readonly children?: ReactNode;
}

/** An item, top-level or child, in view mode or in edit mode; a successful save leaves edit mode. */
function TopMenuItem({ startEditing = false, saving, onSave, children, ...item }: ItemProps) {
  const [editing, setEditing] = useState(startEditing);
  const save = async (draft: TopMenuDraft) => {
    const saved = await onSave(draft);
    if (saved) setEditing(false);
    return saved;
  };
  if (editing) {
    return (
      <TopMenuEditor
        name={item.name}
        initial={item.initial}
        group={item.group}
        disabled={saving}
        onSave={save}
        onCancel={() => setEditing(false)}
      />
    );
  }
  return (
    <MenuRowView
      index={item.index}
      count={item.count}
      name={item.name}
      detail={item.detail}
      disabled={saving}
      onMove={item.onMove}
      onEdit={() => setEditing(true)}
      onDelete={item.onDelete}
    >
      {children}
    </MenuRowView>
  );
}

interface RowProps {
  readonly menu: TopMenu;
  readonly index: number;
  readonly count: number;
  readonly model: TopMenusModel;
}

/** A top-level item in view or edit mode, with a group's children below it. */
export function TopMenuRow({ menu, index, count, model }: RowProps) {
  const { saving } = model;
  return (
    <li className="menu-row">
      <TopMenuItem
        name={menu.name}
        initial={{ name: menu.name, link: menu.link ?? '', isGroup: menu.isGroup }}
        group={menu.isGroup && menu.children.length > 0 ? 'locked' : 'free'}
        detail={
          menu.isGroup ? (
            <span className="menu-badge">分组 · {menu.children.length} 个子菜单</span>
          ) : (
            <span className="menu-row__link">{menu.link}</span>
          )
        }
        index={index}
        count={count}
        saving={saving}
        onSave={(draft) => model.save(menu, draft)}
        onMove={(direction) => void model.move(index, direction)}
        onDelete={() => void model.remove(menu)}
      >
        {menu.isGroup && (
          <button
            type="button"
            className="button button--ghost menu-button"
            aria-label={`为 ${menu.name} 添加子菜单`}
            disabled={saving}
            onClick={() => void model.addChild(menu)}
          >
            + 子菜单
          </button>
        )}
      </TopMenuItem>
      {menu.isGroup && menu.children.length > 0 && (
        <ul className="menu-children" aria-label={`${menu.name} 的子菜单`}>
          {menu.children.map((child, childIndex) => (
            <ChildRow key={child.id} menu={menu} child={child} index={childIndex} model={model} />
          ))}
        </ul>
      )}
    </li>
  );
}

function ChildRow({
  menu,
  child,
  index,
  model,
}: {
  readonly menu: TopMenu;
  readonly child: TopMenuChild;
  readonly index: number;
  readonly model: TopMenusModel;
}) {
  return (
    <li className="menu-row menu-row--child">
      <TopMenuItem
        name={child.name}
        initial={{ name: child.name, link: child.link, isGroup: false }}
        group="none"
        detail={<span className="menu-row__link">{child.link}</span>}
        index={index}
        count={menu.children.length}
        saving={model.saving}
        startEditing={child.id === model.newChildId}
        onSave={(draft) => model.saveChild(menu, child, draft)}
        onMove={(direction) => void model.moveChild(menu, index, direction)}
        onDelete={() => void model.removeChild(menu, child)}
      />
    </li>
  );
}
