import { type HTMLInputAutoCompleteAttribute, type HTMLInputTypeAttribute, type Ref, useId } from 'react';

export interface FormFieldProps {
  label: string;
  name: string;
  type?: HTMLInputTypeAttribute;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  autoComplete: HTMLInputAutoCompleteAttribute;
  /** Shown under the input and announced; marks the input invalid. */
  error?: string | undefined;
  /** A standing hint (for example the password rules), shown while there is no error. */
  hint?: string;
  /** While the form is being sent: kept focusable (unlike disabled) so focus is not lost. */
  readOnly?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/** A labelled input with its hint or error wired up for assistive technology. */
export function FormField({
  label,
  name,
  type = 'text',
  value,
  onChange,
  onBlur,
  autoComplete,
  error,
  hint,
  readOnly,
  inputRef,
}: FormFieldProps) {
  const id = useId();
  const noteId = `${id}-note`;
  const note = error ?? hint;
  return (
    <div className={`account-field${error ? ' account-field--invalid' : ''}`}>
      <label className="account-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        className="account-field__input"
        name={name}
        type={type}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        autoComplete={autoComplete}
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        readOnly={readOnly}
        aria-invalid={error ? true : undefined}
        aria-describedby={note ? noteId : undefined}
      />
      {note && (
        <p id={noteId} className={error ? 'account-field__error' : 'account-field__hint'}>
          {note}
        </p>
      )}
    </div>
  );
}
