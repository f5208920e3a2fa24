import { type DragEvent, useId, useState } from 'react';
import { ACCEPT_ATTRIBUTE, ACCEPTED_EXTENSIONS, splitAccepted } from './pending-files.ts';
import './FileChooser.css';

interface FileChooserProps {
  readonly disabled: boolean;
  /** What to drop here (财务报表 by default). */
  readonly what?: string;
  onFiles(files: File[]): void;
}

/**
 * A multiple-file chooser that is also a drop zone. Files of other types are dropped here, with a warning
 * naming them.
 */
export function FileChooser({ disabled, onFiles, what = '财务报表' }: FileChooserProps) {
  const inputId = useId();
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const [ignored, setIgnored] = useState<string[]>([]);

  const take = (list: FileList | null) => {
    const { accepted, rejected } = splitAccepted(Array.from(list ?? []));
    setIgnored(rejected);
    if (accepted.length > 0) onFiles(accepted);
  };

  const onDragOver = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
    setDragging(!disabled);
  };
  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) take(event.dataTransfer.files);
  };

  return (
    <div className="upload-chooser">
      <label
        htmlFor={inputId}
        className={`upload-drop${dragging ? ' is-dragging' : ''}${disabled ? ' is-disabled' : ''}`}
        onDragOver={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <input
          id={inputId}
          className="upload-drop__input"
          type="file"
          multiple
          accept={ACCEPT_ATTRIBUTE}
          disabled={disabled}
          aria-describedby={hintId}
          data-testid="upload-input"
          onChange={(event) => {
            take(event.currentTarget.files);
            // Cleared so that choosing the same file again still fires a change.
            event.currentTarget.value = '';
          }}
        />
        <span className="upload-drop__icon" aria-hidden="true">
          ⇪
        </span>
        <span className="upload-drop__title">
          拖放{what}到此处，或<span className="upload-drop__link">选择文件</span>
        </span>
        <span id={hintId} className="upload-drop__hint">
          支持 {ACCEPTED_EXTENSIONS.join('、')}，可多选；单个文件不超过 10 MB
        </span>
      </label>
      {ignored.length > 0 && (
        <p className="upload-notice upload-notice--warning" role="alert">
          已忽略 {ignored.length} 个不支持的文件：{ignored.join('、')}（仅支持 {ACCEPTED_EXTENSIONS.join('、')}）
        </p>
      )}
    </div>
  );
}
