import { formatBytes } from '@fcf/engine/report';
import { useCallback, useEffect, useState } from 'react';
import { type DownloadProgress, downloadAllCompanies, storageUsage } from '../store/offline-download.ts';
import { ProgressPill } from '../ui/ProgressPill.tsx';
import './OfflineDownload.css';

/** '离线下载全部': every company's report kept for offline reading, with progress and storage used. */
export function OfflineDownload() {
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [running, setRunning] = useState(false);
  const [usage, setUsage] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const refreshUsage = useCallback(
    () =>
      storageUsage().then((estimate) => setUsage(estimate && estimate.usage > 0 ? formatBytes(estimate.usage) : null)),
    [],
  );
  useEffect(() => {
    refreshUsage();
  }, [refreshUsage]);

  const start = async () => {
    setRunning(true);
    setMessage(null);
    try {
      const result = await downloadAllCompanies(setProgress);
      setMessage(
        result.failed > 0
          ? `已下载 ${result.done - result.failed} 家公司，${result.failed} 家失败`
          : `已下载全部 ${result.done} 家公司，可离线阅读`,
      );
    } catch {
      setMessage('离线下载失败：无法连接服务器');
    } finally {
      setRunning(false);
      refreshUsage();
    }
  };

  const percent = progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;
  return (
    <div className="offline-download">
      <button type="button" className="button button--ghost" onClick={start} disabled={running}>
        {running ? '下载中…' : '离线下载全部'}
      </button>
      {running && progress && (
        <ProgressPill percent={percent} text={`${progress.done} / ${progress.total}`} label="离线下载进度" />
      )}
      {message && <span className="offline-download__message">{message}</span>}
      {usage && <span className="offline-download__usage">已用存储 {usage}</span>}
    </div>
  );
}
