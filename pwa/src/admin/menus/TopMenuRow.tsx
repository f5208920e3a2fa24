import { useState } from 'react';
import { canMove } from '../reorder.ts';
import { MenuRowActions } from './MenuRowActions.tsx';
import type { TopMenu, TopMenuChild } from './menus-api.ts';
import { TopMenuEditor } from './TopMenuEditor.tsx';
import type { TopMenuDraft, TopMenusModel } from './use-top-menus.ts';

interface RowProps {
  readonly menu: TopMenu;
  readonly index: number;
  readonly count: number;
  readonly model: TopMenusModel;
}

/** A top-level item in view or edit mode, with a group's children below it. */
export function TopMenuRow({ menu, index, count, model }: RowProps) {
  const [editing, setEditing] = useState(false);
  const { saving } = model;
  const save = async (draft: TopMenuDraft) => {
    const saved = await model.save(menu, draft);
    if (saved) setEditing(false);
    return saved;
  };
  return (
    <li className="menu-row">
      {editing ? (
        <TopMenuEditor
          name={menu.name}
          initial={{ name: menu.name, link: menu.link ?? '', isGroup: menu.isGroup }}
          group={menu.isGroup && menu.children.length > 0 ? 'locked' : 'free'}
          disabled={saving}
          onSave={save}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <div className="menu-row__view">
          <span className="menu-row__order">{index + 1}</span>
          <div className="menu-row__main">
            <span className="menu-row__name">{menu.name}</span>
            {menu.isGroup ? (
              <span className="menu-badge">分组 · {menu.children.length} 个子菜单</span>
            ) : (
              <span className="menu-row__link">{menu.link}</span>
            )}
          </div>
          <MenuRowActions
            name={menu.name}
            canUp={canMove(index, count, 'up')}
            canDown={canMove(index, count, 'down')}
            disabled={saving}
            onMove={(direction) => void model.move(index, direction)}
            onEdit={() => setEditing(true)}
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
          </MenuRowActions>
        </div>
      )}
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

interface ChildRowProps {
  readonly menu: TopMenu;
  readonly child: TopMenuChild;
  readonly index: number;
  readonly model: TopMenusModel;
}

/** A child opens in edit mode when it was just added, so its default name is replaced at once. */
function ChildRow({ menu, child, index, model }: ChildRowProps) {
  const [editing, setEditing] = useState(child.id === model.newChildId);
  const { saving } = model;
  const count = menu.children.length;
  const save = async (draft: TopMenuDraft) => {
    const saved = await model.saveChild(menu, child, draft);
    if (saved) setEditing(false);
    return saved;
  };
  return (
    <li className="menu-row menu-row--child">
      {editing ? (
        <TopMenuEditor
          name={child.name}
          initial={{ name: child.name, link: child.link, isGroup: false }}
          group="none"
          disabled={saving}
          onSave={save}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <div className="menu-row__view">
          <span className="menu-row__order">{index + 1}</span>
          <div className="menu-row__main">
            <span className="menu-row__name">{child.name}</span>
            <span className="menu-row__link">{child.link}</span>
          </div>
          <MenuRowActions
            name={child.name}
            canUp={canMove(index, count, 'up')}
            canDown={canMove(index, count, 'down')}
            disabled={saving}
            onMove={(direction) => void model.moveChild(menu, index, direction)}
            onEdit={() => setEditing(true)}
            onDelete={() => void model.removeChild(menu, child)}
          />
        </div>
      )}
    </li>
  );
}
