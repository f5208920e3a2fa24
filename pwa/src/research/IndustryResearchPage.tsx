import { formatBytes, formatMinute } from '@fcf/engine/report';
import { type MouseEvent, useId, useMemo, useState } from 'react';
import { type PdfFile, pdfFileUrl, viewerUrl } from '../api/research-api.ts';
import {
  ALL_FILES,
  DEFAULT_PAGE_SIZE,
  emptyText,
  filesIn,
  PAGE_SIZES,
  type PanelEntry,
  panelEntries,
  selectionName,
  validSelection,
} from '../lib/research-library.ts';
import { PageLink } from '../ui/open-page.tsx';
import { Pager } from '../ui/Pager.tsx';
import { useOnline } from '../ui/use-online.ts';
import { usePaged } from '../ui/use-paged.ts';
import { OfflineCachePanel } from './OfflineCachePanel.tsx';
import { readSavedPdf, useOfflinePdfIds, useSavedPdfIds } from './offline-pdfs.ts';
import { SaveOfflineButton } from './SaveOfflineButton.tsx';
import { useResearchLibrary } from './use-research-library.ts';
import { downloadBytes } from './viewer/pdf-source.ts';
import './IndustryResearchPage.css';

function CategoryPanel({
  entries,
  selected,
  onSelect,
}: {
  entries: readonly PanelEntry[];
  selected: number;
  onSelect(id: number): void;
}) {
  return (
    <nav className="panel research-categories" aria-label="报告分类">
      <h2 className="research-categories__title">报告分类</h2>
      <ul>
        {entries.map((entry) => (
          <li key={entry.id}>
            <button
              type="button"
              className={`research-categories__item${entry.id === selected ? ' is-active' : ''}${
                entry.builtIn ? ' is-built-in' : ''
              }`}
              aria-pressed={entry.id === selected}
              onClick={() => onSelect(entry.id)}
              data-category-id={entry.id}
            >
              <span className="research-categories__name">{entry.name}</span>
              {entry.count !== null && <span className="count research-categories__count">{entry.count}</span>}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function ReportRow({
  file,
  saved,
  cached,
  online,
}: {
  file: PdfFile;
  saved: boolean;
  /** A copy is on this device (saved, or kept when it was read online). */
  cached: boolean;
  online: boolean;
}) {
  const unavailable = !online && !cached;
  const download = async (event: MouseEvent<HTMLAnchorElement>) => {
    if (online) return;
    // Offline: the saved copy, from this device.
    event.preventDefault();
    const copy = await readSavedPdf(file.id);
    if (copy) downloadBytes(copy.data, file.filename);
  };
  return (
    <tr className={unavailable ? 'is-unavailable' : undefined}>
      <td data-label="文件名" className="research-table__name">
        <PageLink
          to={viewerUrl(file.id)}
          className="research-table__link"
          newTabHint={false}
          title={unavailable ? '离线时只能打开已离线保存的报告' : `阅读 ${file.filename}`}
        >
          {file.filename}
        </PageLink>
        {saved ? (
          <span className="research-table__badge">已离线保存</span>
        ) : cached ? (
          <span className="research-table__badge">已缓存</span>
        ) : null}
      </td>
      <td data-label="上传时间" className="research-table__time">
        {formatMinute(file.upload_time)}
      </td>
      <td data-label="大小" className="research-table__size">
        {formatBytes(file.size)}
      </td>
      <td data-label="操作" className="research-table__actions">
        {unavailable ? (
          <span className="button button--ghost is-disabled" aria-disabled="true">
            下载
          </span>
        ) : (
          <a
            className="button button--ghost"
            href={pdfFileUrl(file.id, true)}
            download={file.filename}
            onClick={download}
          >
            下载
          </a>
        )}
        <SaveOfflineButton target={{ kind: 'listed', file }} saved={saved} compact disabled={!online && !cached} />
      </td>
    </tr>
  );
}

/**
 * The industry research page: the category panel (全部文件 −1, 未分类 0, then the
 * categories) and the report table with its pages (5/10/20/50, default 10). A name opens the viewer in a
 * new tab; reports saved for offline reading open without network, and the list itself is kept offline.
 */
export default function IndustryResearchPage() {
  const titleId = useId();
  const { library, loading, error, reload } = useResearchLibrary();
  const online = useOnline();
  const saved = useSavedPdfIds();
  const cached = useOfflinePdfIds();
  const [wanted, setWanted] = useState(ALL_FILES);
  const categories = library?.categories ?? [];
  const files = library?.files ?? [];
  const selected = validSelection(wanted, categories);
  const known = useMemo(() => new Set(categories.map((category) => category.id)), [categories]);
  const shown = useMemo(() => filesIn(files, selected, known), [files, selected, known]);
  const entries = useMemo(() => panelEntries(categories, library?.files), [categories, library?.files]);
  const paged = usePaged(shown, DEFAULT_PAGE_SIZE);

  const select = (id: number) => {
    setWanted(id);
    paged.setPage(1);
  };

  return (
    <div className="research">
      <header className="research__header">
        <h1>行业研究报告</h1>
        <p>按分类浏览研究报告；读过的报告自动缓存在本机，“离线保存”的报告一直保留，无网络时也能打开。</p>
      </header>
      {library?.stale && (
        <p className="notice notice--warning research__notice" role="status">
          无法连接服务器，显示的是上次获取的列表；已离线保存的报告可以直接阅读。
        </p>
      )}
      <div className="research__body">
        <CategoryPanel entries={entries} selected={selected} onSelect={select} />
        <section className="panel panel--stack research-list" aria-labelledby={titleId} aria-busy={loading}>
          <header className="research-list__header">
            <h2 id={titleId}>
              {selectionName(selected, categories)}
              <span className="research-list__count">（{shown.length}）</span>
            </h2>
            <button type="button" className="button button--ghost" onClick={reload} disabled={loading}>
              {loading ? '加载中…' : '刷新'}
            </button>
          </header>
          {error && (
            <p className="notice notice--error research__notice" role="alert">
              研究报告加载失败：{error}{' '}
              <button type="button" className="link-button" onClick={reload}>
                重试
              </button>
            </p>
          )}
          {shown.length === 0 ? (
            <p className="research-list__empty">
              {loading && !library
                ? '加载中…'
                : error && !library
                  ? '暂无可显示的报告'
                  : emptyText(selected, categories, 'reader')}
            </p>
          ) : (
            <>
              <div className="research-table__scroll">
                <table className="research-table">
                  <thead>
                    <tr>
                      <th scope="col">文件名</th>
                      <th scope="col">上传时间</th>
                      <th scope="col">大小</th>
                      <th scope="col">操作</th>
                    </tr>
                  </thead>
                  <tbody>
                    {paged.rows.map((file) => (
                      <ReportRow
                        key={file.id}
                        file={file}
                        saved={saved.has(file.id)}
                        cached={cached.has(file.id)}
                        online={online}
                      />
                    ))}
                  </tbody>
                </table>
              </div>
              <Pager paged={paged} pageSizes={PAGE_SIZES} label="研究报告分页" unit="份" />
            </>
          )}
        </section>
      </div>
      <OfflineCachePanel />
    </div>
  );
}
