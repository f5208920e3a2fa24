import { useCallback, useState } from 'react';
import { useRemote } from '../../ui/use-remote.ts';
import { companiesStatus, listFiles } from '../admin-api.ts';
import { companiesStatusError, errorText } from '../admin-messages.ts';
import { BatchActions } from './BatchActions.tsx';
import { CompanyBlocks } from './CompanyBlocks.tsx';
import { CompanyStatusPanel } from './CompanyStatusPanel.tsx';
import { FileTable } from './FileTable.tsx';
import { createRateLimiter } from './rate-limit.ts';
import { UploadPanel } from './UploadPanel.tsx';
import { useNewUploads } from './use-new-uploads.ts';
import '../upload.css';

/**
 * Excel upload and valuation (/admin and /admin/upload): upload statements, follow each
 * company's completeness, run valuations and analyses one by one or in batches, manage uploaded files.
 */
export default function UploadPage() {
  const files = useRemote(listFiles, errorText);
  const status = useRemote(companiesStatus, companiesStatusError);
  const newUploads = useNewUploads();
  const [limiter] = useState(() => createRateLimiter());
  const reloadFiles = files.reload;
  const reloadStatus = status.reload;
  const markNew = newUploads.mark;

  const reloadAll = useCallback(() => {
    reloadFiles();
    reloadStatus();
  }, [reloadFiles, reloadStatus]);

  const onUploaded = useCallback(
    (companies: readonly string[]) => {
      markNew(companies);
      reloadAll();
    },
    [markNew, reloadAll],
  );

  const statistics = status.data?.statistics;
  return (
    <div className="admin-page">
      <header className="admin-page__header">
        <h1>数据上传与估值</h1>
        <p>上传公司财务报表（Excel / CSV），检查报表完整度，并执行单个或批量估值与后分析。</p>
      </header>
      <div className="upload-page__top">
        <UploadPanel onUploaded={onUploaded} />
        <CompanyStatusPanel status={status}>
          <BatchActions
            limiter={limiter}
            pending={{
              valuation: statistics?.unvalued_count ?? null,
              fcf_ratio: statistics?.unanalyzed_count ?? null,
            }}
            onFinished={reloadStatus}
          />
        </CompanyStatusPanel>
      </div>
      {status.data && (
        <CompanyBlocks
          companies={status.data.companies}
          newUploads={newUploads.marks}
          limiter={limiter}
          onChanged={reloadStatus}
          onDeleted={reloadAll}
        />
      )}
      <FileTable files={files} onDeleted={reloadAll} />
    </div>
  );
}
