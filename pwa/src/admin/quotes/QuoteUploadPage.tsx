import type { QuoteUploadAnswer } from '@fcf/engine/contract';
import { useCallback, useId, useState } from 'react';
import { getToken } from '../../api/session.ts';
import { refreshQuotes } from '../../store/quotes.ts';
import { useRemote } from '../../ui/use-remote.ts';
import { quoteSnapshots, uploadQuoteFiles } from '../admin-api.ts';
import { errorText } from '../admin-messages.ts';
import { FileChooser } from '../FileChooser.tsx';
import { UploadQueue } from '../UploadQueue.tsx';
import { useFileUpload } from '../use-file-upload.ts';
import { QuoteFileResults } from './QuoteFileResults.tsx';
import { QuoteSnapshots } from './QuoteSnapshots.tsx';
import '../upload.css';
import './quote-upload.css';

const results = (answer: QuoteUploadAnswer) => answer.files;

/**
 * 行情上传 (/admin/quotes): choose quote exports (CSV or Excel, GBK or UTF-8, codes with or without an
 * exchange prefix), an optional trading date, upload them, read each file's rows imported, refused (row and
 * reason) and unknown companies; below, the snapshot history. After an upload this browser's offline
 * market copy is refreshed, so reports show the new prices at once.
 */
export default function QuoteUploadPage() {
  const titleId = useId();
  const dateId = useId();
  const [date, setDate] = useState('');
  const snapshots = useRemote(quoteSnapshots, errorText);
  const reloadSnapshots = snapshots.reload;
  const send = useCallback(
    (files: readonly File[], onProgress: (fraction: number) => void) =>
      uploadQuoteFiles(files, date || null, getToken(), onProgress),
    [date],
  );
  const onAnswered = useCallback(
    (answer: QuoteUploadAnswer) => {
      reloadSnapshots();
      if (answer.success) void refreshQuotes(true);
    },
    [reloadSnapshots],
  );
  const upload = useFileUpload({ send, results, onAnswered });
  const uploading = upload.progress !== null;

  return (
    <div className="quote-upload">
      <section className="panel panel--stack upload-card" aria-labelledby={titleId}>
        <header className="upload-card__header">
          <h1 id={titleId} className="quote-upload__title">
            行情上传
          </h1>
          <span className="upload-card__meta">代码 · 名称 · 最新价/收盘价 · 总市值 · 总股本 · 市盈率 · 市净率</span>
        </header>
        <FileChooser what="行情文件" disabled={uploading} onFiles={upload.add} />
        <label className="quote-upload__date" htmlFor={dateId}>
          行情日期（可选）
          <input
            id={dateId}
            type="date"
            className="field"
            value={date}
            disabled={uploading}
            data-testid="quote-date"
            onChange={(event) => setDate(event.currentTarget.value)}
          />
          <span className="quote-upload__hint">不填则取文件名或文件内容中的日期，再不然为今天</span>
        </label>
        <UploadQueue upload={upload} />
        {upload.outcome && <QuoteFileResults outcome={upload.outcome} onDismiss={upload.dismissOutcome} />}
      </section>
      <QuoteSnapshots snapshots={snapshots} />
    </div>
  );
}
