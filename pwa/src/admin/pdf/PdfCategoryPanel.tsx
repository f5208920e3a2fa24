import { useState } from 'react';
import type { PdfCategory } from '../../api/research-api.ts';
import { ALL_FILES, UNCATEGORIZED } from '../../lib/research-library.ts';
import { canMove, type Direction } from '../reorder.ts';
import './PdfCategoryPanel.css';

interface PdfCategoryPanelProps {
  /** The custom categories, in sort order. */
  readonly categories: readonly PdfCategory[];
  readonly selected: number;
  /** Categories with a request under way: their reorder and delete buttons are disabled. */
  readonly busy: ReadonlySet<number>;
  onSelect(id: number): void;
  onMove(index: number, direction: Direction): void;
  onDelete(category: PdfCategory): void;
  /** Resolves true when the category was added (the box then clears). */
  onAdd(name: string): Promise<boolean>;
}

/**
 * The category panel: 全部文件 (−1) and 未分类 (0), then the categories with up,
 * down and delete (the first cannot go up, the last cannot go down, none while busy), and the add box
 * (Enter adds; the button needs a non-empty name).
 */
export function PdfCategoryPanel({
  categories,
  selected,
  busy,
  onSelect,
  onMove,
  onDelete,
  onAdd,
}: PdfCategoryPanelProps) {
  const [name, setName] = useState('');
  const [adding, setAdding] = useState(false);
  const trimmed = name.trim();

  const add = async () => {
    if (!trimmed || adding) return;
    setAdding(true);
    try {
      if (await onAdd(trimmed)) setName('');
    } finally {
      setAdding(false);
    }
  };

  const entry = (id: number, label: string) => (
    <button
      type="button"
      className={`pdf-categories__select${selected === id ? ' is-active' : ''}`}
      aria-pressed={selected === id}
      onClick={() => onSelect(id)}
    >
      {label}
    </button>
  );

  return (
    <nav className="panel panel--stack pdf-categories" aria-label="PDF分类">
      <h2 className="pdf-categories__title">分类</h2>
      <ul>
        <li className="pdf-categories__item">{entry(ALL_FILES, '全部文件')}</li>
        <li className="pdf-categories__item">{entry(UNCATEGORIZED, '未分类')}</li>
        {categories.map((category, index) => {
          const isBusy = busy.has(category.id);
          return (
            <li key={category.id} className="pdf-categories__item" data-category-id={category.id}>
              {entry(category.id, category.name)}
              <span className="pdf-categories__actions">
                <button
                  type="button"
                  className="icon-button pdf-icon-button"
                  aria-label={`上移 ${category.name}`}
                  title="上移"
                  disabled={isBusy || !canMove(index, categories.length, 'up')}
                  onClick={() => onMove(index, 'up')}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="icon-button pdf-icon-button"
                  aria-label={`下移 ${category.name}`}
                  title="下移"
                  disabled={isBusy || !canMove(index, categories.length, 'down')}
                  onClick={() => onMove(index, 'down')}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className="icon-button pdf-icon-button pdf-icon-button--danger"
                  aria-label={`删除 ${category.name}`}
                  title="删除"
                  disabled={isBusy}
                  onClick={() => onDelete(category)}
                >
                  ×
                </button>
              </span>
            </li>
          );
        })}
      </ul>
      <div className="pdf-categories__add">
        <input
          type="text"
          value={name}
          placeholder="新分类名称"
          aria-label="新分类名称"
          maxLength={50}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void add();
            }
          }}
          data-testid="pdf-category-name"
        />
        <button type="button" className="button button--primary" disabled={!trimmed || adding} onClick={add}>
          {adding ? '添加中…' : '添加'}
        </button>
      </div>
    </nav>
  );
}
