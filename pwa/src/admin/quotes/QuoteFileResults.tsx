import type { QuoteFileResult, QuoteUploadAnswer } from '@fcf/engine/contract';
import { UploadResultsFrame } from '../UploadResultsFrame.tsx';
import type { FileUploadOutcome } from '../use-file-upload.ts';
import './quote-upload.css';

/** How many refused rows a file lists before the rest are summed up. */
const SHOWN_REFUSALS = 50;

function FileResult({ result }: { readonly result: QuoteFileResult }) {
  const refused = result.refused.slice(0, SHOWN_REFUSALS);
  return (
    <li className={result.success ? 'quote-file is-ok' : 'quote-file is-error'} data-testid="quote-file-result">
      <p className="quote-file__head">
        <strong className="quote-file__name">{result.filename}</strong>
        <span data-testid="quote-imported">导入 {result.imported} 行</span>
        {result.dates.length > 0 && <span>行情日期 {result.dates.join('、')}</span>}
        {result.units && <span className="quote-file__units">{result.units}</span>}
      </p>
      {result.error && <p className="quote-file__error">{result.error}</p>}
      {result.refused.length > 0 && (
        <details className="quote-file__details" open={result.refused.length <= 10}>
          <summary>被拒绝 {result.refused.length} 行</summary>
          <ul data-testid="quote-refused">
            {refused.map((row) => (
              <li key={row.row}>
                第 {row.row} 行{row.code ? `（${row.code}）` : ''}：{row.reason}
              </li>
            ))}
            {result.refused.length > SHOWN_REFUSALS && <li>……另有 {result.refused.length - SHOWN_REFUSALS} 行</li>}
          </ul>
        </details>
      )}
      {result.unknown_companies.length > 0 && (
        <p className="quote-file__unknown" data-testid="quote-unknown">
          平台中没有的公司（未导入）：{result.unknown_companies.join('、')}
        </p>
      )}
    </li>
  );
}

/** What the last quote upload did, file by file: rows imported, rows refused with row and reason, unknown codes. */
export function QuoteFileResults({
  outcome,
  onDismiss,
}: {
  readonly outcome: FileUploadOutcome<QuoteUploadAnswer>;
  onDismiss(): void;
}) {
  const tone = outcome.kind === 'failed' ? 'is-error' : outcome.allOk ? 'is-ok' : 'is-partial';
  return (
    <UploadResultsFrame
      tone={tone}
      summary={outcome.kind === 'failed' ? outcome.message : outcome.answer.message}
      onDismiss={onDismiss}
    >
      {outcome.kind === 'answered' && (
        <ul className="quote-files">
          {outcome.answer.files.map((result, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the same file name can be sent twice in one upload
            <FileResult key={`${result.filename}-${index}`} result={result} />
          ))}
        </ul>
      )}
    </UploadResultsFrame>
  );
}
