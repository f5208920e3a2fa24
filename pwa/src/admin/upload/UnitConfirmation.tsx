import { type UnitNeededEntry, UPLOAD_UNITS, type UploadUnit } from '@fcf/engine/contract';
import { useId, useState } from 'react';
import { batchProposal, type UnitMode, unitFields } from './unit-choices.ts';
import './UnitConfirmation.css';

interface UnitConfirmationProps {
  readonly entries: readonly UnitNeededEntry[];
  readonly busy: boolean;
  /** Sends the same files again with these form fields. */
  onConfirm(fields: Record<string, string>): void;
}

function UnitSelect({
  value,
  label,
  onChange,
}: {
  value: UploadUnit;
  label: string;
  onChange(unit: UploadUnit): void;
}) {
  return (
    <select
      className="unit-confirm__select"
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as UploadUnit)}
    >
      {UPLOAD_UNITS.map((unit) => (
        <option key={unit} value={unit}>
          {unit}
        </option>
      ))}
    </select>
  );
}

/**
 * Files whose amounts state no unit: each with the unit the server proposes and why; the admin confirms or
 * chooses 元/万元/亿元, once for the batch or per file, and the same files go again. Nothing was imported.
 */
export function UnitConfirmation({ entries, busy, onConfirm }: UnitConfirmationProps) {
  const titleId = useId();
  const [mode, setMode] = useState<UnitMode>('batch');
  const [batchUnit, setBatchUnit] = useState<UploadUnit>(() => batchProposal(entries));
  const [perFile, setPerFile] = useState<Record<string, UploadUnit>>({});
  return (
    <section className="unit-confirm" aria-labelledby={titleId} data-testid="unit-confirm">
      <h3 id={titleId} className="unit-confirm__title">
        请确认金额单位
      </h3>
      <p className="unit-confirm__intro" role="alert">
        以下 {entries.length} 个文件未注明金额单位，本次未导入任何文件。请确认建议的单位或另选后重新上传。
      </p>
      <ul className="unit-confirm__files">
        {entries.map((entry) => (
          <li key={entry.filename} className="unit-confirm__file">
            <span className="unit-confirm__name">
              {entry.filename}
              {entry.company ? `（${entry.company}）` : ''}
            </span>
            <span className="unit-confirm__reason">{entry.reason}</span>
            {mode === 'per-file' ? (
              <UnitSelect
                label={`${entry.filename} 的金额单位`}
                value={perFile[entry.filename] ?? entry.proposal}
                onChange={(unit) => setPerFile((chosen) => ({ ...chosen, [entry.filename]: unit }))}
              />
            ) : null}
          </li>
        ))}
      </ul>
      <fieldset className="unit-confirm__mode">
        <legend className="visually-hidden">单位的选择方式</legend>
        <label>
          <input type="radio" name={`${titleId}-mode`} checked={mode === 'batch'} onChange={() => setMode('batch')} />
          全部文件使用
        </label>
        <UnitSelect label="全部文件的金额单位" value={batchUnit} onChange={setBatchUnit} />
        <label>
          <input
            type="radio"
            name={`${titleId}-mode`}
            checked={mode === 'per-file'}
            onChange={() => setMode('per-file')}
          />
          逐个文件选择
        </label>
      </fieldset>
      <button
        type="button"
        className="button button--primary"
        data-testid="unit-confirm-submit"
        disabled={busy}
        onClick={() => onConfirm(unitFields(mode, batchUnit, perFile, entries))}
      >
        确认单位并重新上传
      </button>
    </section>
  );
}
