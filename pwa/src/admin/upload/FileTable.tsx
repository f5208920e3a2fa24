import { formatBytes, formatMinute } from '@fcf/engine/report';
import { useEffect, useId, useMemo, useState } from 'react';
import { usePaged } from '../../ui/use-paged.ts';
import type { Remote } from '../../ui/use-remote.ts';
import { deleteFile, type UploadedFile } from '../admin-api.ts';
import { LIST_PAGE_SIZES, PagedTable } from '../PagedTable.tsx';
import { fileDeleteError, reportTypeText } from './labels.ts';
import './FileTable.css';

const TOAST_MS = 3_000;
const NO_FILES: readonly UploadedFile[] = [];

interface FileTableProps {
  readonly files: Remote<readonly UploadedFile[]>;
  onDeleted(file: UploadedFile): void;
}

function matches(file: UploadedFile, wanted: string): boolean {
  return [file.company_name, file.company_code, file.file_name].some((text) => text.toLowerCase().includes(wanted));
}

/** The uploaded files (page sizes 10/20/50) with their delete action. */
export function FileTable({ files, onDeleted }: FileTableProps) {
  const titleId = useId();
  const [query, setQuery] = useState('');
  const [busyId, setBusyId] = useState<number | null>(null);
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const list = files.data ?? NO_FILES;
  const wanted = query.trim().toLowerCase();
  const shown = useMemo(() => (wanted ? list.filter((file) => matches(file, wanted)) : list), [list, wanted]);
  const paged = usePaged(shown, LIST_PAGE_SIZES[0]);

  useEffect(() => {
    if (notice?.kind !== 'ok') return;
    const timer = setTimeout(() => setNotice(null), TOAST_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  const remove = async (file: UploadedFile) => {
    if (!window.confirm(`确定删除文件"${file.file_name}"吗？删除后无法恢复`)) return;
    setBusyId(file.id);
    setNotice(null);
    try {
      await deleteFile(file.id);
      setNotice({ kind: 'ok', text: `已删除文件"${file.file_name}"` });
      onDeleted(file);
    } catch (error) {
      setNotice({ kind: 'error', text: fileDeleteError(error) });
    } finally {
      setBusyId(null);
    }
  };

  return (
    <section className="panel panel--stack upload-card" aria-labelledby={titleId} aria-busy={files.loading}>
      <header className="upload-card__header">
        <h2 id={titleId}>已上传文件</h2>
        <button type="button" className="upload-action" onClick={files.reload} disabled={files.loading}>
          {files.loading ? '加载中…' : '刷新'}
        </button>
        <input
          type="search"
          className="field upload-search"
          placeholder="按公司或文件名筛选"
          aria-label="按公司或文件名筛选文件"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            paged.setPage(1);
          }}
        />
      </header>
      {notice && (
        <p className={`upload-notice upload-notice--${notice.kind === 'ok' ? 'success' : 'error'}`} role="status">
          {notice.text}
        </p>
      )}
      {files.error && (
        <p className="upload-notice upload-notice--error" role="alert">
          文件列表加载失败：{files.error}{' '}
          <button type="button" className="link-button" onClick={files.reload}>
            重试
          </button>
        </p>
      )}
      {shown.length === 0 ? (
        <p className="upload-empty">{files.loading ? '加载中…' : wanted ? '没有匹配的文件。' : '暂无已上传文件。'}</p>
      ) : (
        <PagedTable
          scrollClassName="file-table__scroll"
          tableClassName="file-table"
          head={
            <tr>
              <th scope="col">公司</th>
              <th scope="col">文件名</th>
              <th scope="col">报表类型</th>
              <th scope="col">年份</th>
              <th scope="col" className="is-number">
                大小
              </th>
              <th scope="col">上传时间</th>
              <th scope="col">
                <span className="visually-hidden">操作</span>
              </th>
            </tr>
          }
          paged={paged}
          label="文件列表分页"
          unit="个文件"
        >
          {paged.rows.map((file) => (
            <tr key={file.id}>
              <td data-label="公司">
                <span className="file-table__company">{file.company_name}</span>
                <span className="file-table__code">{file.company_code}</span>
              </td>
              <td data-label="文件名" className="file-table__file" title={file.file_name}>
                {file.file_name}
              </td>
              <td data-label="报表类型">{reportTypeText(file.report_type)}</td>
              <td data-label="年份">{file.year ?? '-'}</td>
              <td data-label="大小" className="is-number">
                {formatBytes(file.size)}
              </td>
              <td data-label="上传时间">
                <time dateTime={file.upload_time}>{formatMinute(file.upload_time)}</time>
              </td>
              <td className="file-table__actions">
                <button
                  type="button"
                  className="upload-action upload-action--danger"
                  disabled={busyId !== null}
                  aria-label={`删除文件 ${file.file_name}`}
                  onClick={() => void remove(file)}
                >
                  {busyId === file.id ? '删除中…' : '删除'}
                </button>
              </td>
            </tr>
          ))}
        </PagedTable>
      )}
    </section>
  );
}
