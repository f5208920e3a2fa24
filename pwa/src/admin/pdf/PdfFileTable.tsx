import { formatMinute } from '@fcf/engine/report';
import { useId } from 'react';
import type { PdfCategory, PdfFile } from '../../api/research-api.ts';
import { openInNewTab } from '../../lib/open-in-new-tab.ts';
import { emptyText, selectionName } from '../../lib/research-library.ts';
import { usePaged } from '../../ui/use-paged.ts';
import { LIST_PAGE_SIZES, PagedTable } from '../PagedTable.tsx';
import './PdfFileTable.css';

interface PdfFileTableProps {
  readonly files: readonly PdfFile[];
  readonly categories: readonly PdfCategory[];
  readonly selected: number;
  readonly loading: boolean;
  readonly error: string | null;
  /** Files with a request under way. */
  readonly busy: ReadonlySet<number>;
  onMove(file: PdfFile, categoryId: number | null): void;
  onDelete(file: PdfFile): void;
  onReload(): void;
}

/** The preview page of a file: the app's viewer, in a new tab. */
function previewPath(id: number): string {
  return `/pdf-preview/${id}`;
}

/**
 * The file table: ID, name, category select (未分类 included), upload time to the minute,
 * a preview link in a new tab and delete; the count beside the title; three different empty states.
 */
export function PdfFileTable({
  files,
  categories,
  selected,
  loading,
  error,
  busy,
  onMove,
  onDelete,
  onReload,
}: PdfFileTableProps) {
  const titleId = useId();
  const paged = usePaged(files, LIST_PAGE_SIZES[0]);
  return (
    <section className="panel panel--stack pdf-files" aria-labelledby={titleId} aria-busy={loading}>
      <header className="pdf-files__header">
        <h2 id={titleId}>
          {selectionName(selected, categories)}
          <span className="pdf-files__count" data-testid="pdf-file-count">
            （{files.length}）
          </span>
        </h2>
        <button type="button" className="button button--ghost" onClick={onReload} disabled={loading}>
          {loading ? '加载中…' : '刷新'}
        </button>
      </header>
      {error && (
        <p className="notice notice--error pdf-notice" role="alert">
          文件列表加载失败：{error}
        </p>
      )}
      {files.length === 0 ? (
        <p className="pdf-files__empty">{loading ? '加载中…' : emptyText(selected, categories, 'admin')}</p>
      ) : (
        <PagedTable
          scrollClassName="pdf-files__scroll"
          tableClassName="pdf-files__table"
          head={
            <tr>
              <th scope="col">ID</th>
              <th scope="col">文件名</th>
              <th scope="col">分类</th>
              <th scope="col">上传时间</th>
              <th scope="col">预览</th>
              <th scope="col">操作</th>
            </tr>
          }
          paged={paged}
          label="PDF文件分页"
          unit="个"
        >
          {paged.rows.map((file) => (
            <tr key={file.id} data-file-id={file.id}>
              <td data-label="ID" className="pdf-files__id">
                {file.id}
              </td>
              <td data-label="文件名" className="pdf-files__name" title={file.filename}>
                {file.filename}
              </td>
              <td data-label="分类">
                <select
                  aria-label={`${file.filename} 的分类`}
                  value={file.category_id ?? 0}
                  disabled={busy.has(file.id)}
                  onChange={(event) => {
                    const value = Number(event.target.value);
                    onMove(file, value === 0 ? null : value);
                  }}
                >
                  <option value={0}>未分类</option>
                  {categories.map((category) => (
                    <option key={category.id} value={category.id}>
                      {category.name}
                    </option>
                  ))}
                </select>
              </td>
              <td data-label="上传时间" className="pdf-files__time">
                {formatMinute(file.upload_time)}
              </td>
              <td data-label="预览">
                <a
                  href={previewPath(file.id)}
                  target="_blank"
                  rel="noopener"
                  onClick={(event) => {
                    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
                    event.preventDefault();
                    openInNewTab(previewPath(file.id));
                  }}
                >
                  预览
                </a>
              </td>
              <td data-label="操作">
                <button
                  type="button"
                  className="button button--ghost pdf-files__delete"
                  disabled={busy.has(file.id)}
                  onClick={() => onDelete(file)}
                >
                  删除
                </button>
              </td>
            </tr>
          ))}
        </PagedTable>
      )}
    </section>
  );
}
