import { formatBytes } from '@fcf/engine/report';
import { useCallback, useEffect, useState } from 'react';
import { ApiRequestError } from '../api/http.ts';
import { afterFirstScreen } from '../lib/after-first-screen.ts';
import type { DownloadProgress } from '../store/offline-download.ts';
import { ProgressPill } from '../ui/ProgressPill.tsx';
import './OfflineDownload.css';

function isQuotaError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'QuotaExceededError' || error.message.includes('Quota'));
}

/** Why the download stopped, in words a reader can act on (docs/requirements.md#messages). */
function failureMessage(error: unknown): string {
  if (isQuotaError(error)) return '离线下载失败：浏览器存储空间已满';
  if (error instanceof ApiRequestError && error.kind === 'format') {
    return '离线下载失败：服务器返回的数据格式错误，已下载的公司仍可离线阅读';
  }
  return '离线下载失败：无法连接服务器，已下载的公司仍可离线阅读';
}

/** '离线下载全部': every company's report kept for offline reading, with progress and storage used. */
export function OfflineDownload() {
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [running, setRunning] = useState(false);
  const [usage, setUsage] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [stored, setStored] = useState<number | null>(null);

  const refreshUsage = useCallback(
    () =>
      // The download's code (and the offline copy's) loads after the first screen is shown.
      afterFirstScreen()
        .then(() => import('../store/offline-download.ts'))
        .then(({ storageUsage }) => storageUsage())
        .then((estimate) => setUsage(estimate && estimate.usage > 0 ? formatBytes(estimate.usage) : null)),
    [],
  );
  useEffect(() => {
    refreshUsage();
  }, [refreshUsage]);

  const start = async () => {
    setRunning(true);
    setMessage(null);
    setStored(null);
    try {
      const { downloadAllCompanies } = await import('../store/offline-download.ts');
      const result = await downloadAllCompanies(setProgress);
      setStored(result.done);
    } catch (error) {
      setMessage(failureMessage(error));
    } finally {
      setRunning(false);
      refreshUsage();
    }
  };

  const percent = progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;
  const progressText = progress
    ? `${progress.done} / ${progress.total || '…'} 家 · ${formatBytes(progress.bytes)}`
    : '';
  return (
    <div className="offline-download">
      <button
        type="button"
        className="button button--ghost"
        onClick={start}
        disabled={running}
        data-testid="offline-download-all"
      >
        {running ? '下载中…' : '离线下载全部'}
      </button>
      {running && progress && <ProgressPill percent={percent} text={progressText} label="离线下载进度" />}
      {stored !== null && (
        <span className="offline-download__message" data-testid="offline-download-done" data-companies={stored}>
          已下载全部 {stored} 家公司（{formatBytes(progress?.bytes ?? 0)}），可离线阅读
        </span>
      )}
      {message && <span className="offline-download__message">{message}</span>}
      {usage && <span className="offline-download__usage">已用存储 {usage}</span>}
    </div>
  );
}
