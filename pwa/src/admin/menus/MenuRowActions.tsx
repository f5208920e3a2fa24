import type { ReactNode } from 'react';
import type { Direction } from '../reorder.ts';

export interface MenuRowActionsProps {
  /** The item's name, for the buttons' accessible names ('上移 X'). */
  readonly name: string;
  readonly canUp: boolean;
  readonly canDown: boolean;
  readonly disabled: boolean;
  onMove(direction: Direction): void;
  onEdit?: () => void;
  onDelete(): void;
  /** Extra buttons shown before the standard ones (a group's '添加子菜单'). */
  readonly children?: ReactNode;
}

/** The up, down, edit and delete buttons every menu row shares. */
export function MenuRowActions({
  name,
  canUp,
  canDown,
  disabled,
  onMove,
  onEdit,
  onDelete,
  children,
}: MenuRowActionsProps) {
  return (
    <div className="menu-row__actions">
      {children}
      <button
        type="button"
        className="menu-icon-button"
        aria-label={`上移 ${name}`}
        title="上移"
        disabled={disabled || !canUp}
        onClick={() => onMove('up')}
      >
        ↑
      </button>
      <button
        type="button"
        className="menu-icon-button"
        aria-label={`下移 ${name}`}
        title="下移"
        disabled={disabled || !canDown}
        onClick={() => onMove('down')}
      >
        ↓
      </button>
      {onEdit && (
        <button
          type="button"
          className="button button--ghost menu-button"
          aria-label={`编辑 ${name}`}
          disabled={disabled}
          onClick={onEdit}
        >
          编辑
        </button>
      )}
      <button
        type="button"
        className="button button--ghost menu-button menu-button--danger"
        aria-label={`删除 ${name}`}
        disabled={disabled}
        onClick={onDelete}
      >
        删除
      </button>
    </div>
  );
}
