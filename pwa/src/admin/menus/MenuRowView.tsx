import type { ReactNode } from 'react';
import { canMove, type Direction } from '../reorder.ts';
import { MenuRowActions } from './MenuRowActions.tsx';

export interface MenuRowViewProps {
  readonly index: number;
  /** How many items the list has (the last cannot move down). */
  readonly count: number;
  readonly name: string;
  /** What the row says below the name: its link, path or children. */
  readonly detail: ReactNode;
  readonly disabled: boolean;
  onMove(direction: Direction): void;
  onEdit(): void;
  onDelete(): void;
  /** Extra buttons before the standard ones (a group's '+ 子菜单'). */
  readonly children?: ReactNode;
}

/** A menu item in view mode: its number, name and detail, and the buttons that move, edit and delete it. */
export function MenuRowView({
  index,
  count,
  name,
  detail,
  disabled,
  onMove,
  onEdit,
  onDelete,
  children,
}: MenuRowViewProps) {
  return (
    <div className="menu-row__view">
      <span className="menu-row__order">{index + 1}</span>
      <div className="menu-row__main">
        <span className="menu-row__name">{name}</span>
        {detail}
      </div>
      <MenuRowActions
        name={name}
        canUp={canMove(index, count, 'up')}
        canDown={canMove(index, count, 'down')}
        disabled={disabled}
        onMove={onMove}
        onEdit={onEdit}
        onDelete={onDelete}
      >
        {children}
      </MenuRowActions>
    </div>
  );
}
