import { type HTMLAttributes, type Ref, useId } from 'react';

export interface MenuFieldProps {
  readonly label: string;
  readonly value: string;
  onChange(value: string): void;
  readonly placeholder?: string;
  readonly disabled?: boolean;
  readonly invalid?: boolean;
  /** The id of the message that explains the field's problem. */
  readonly describedBy?: string | undefined;
  readonly inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  readonly inputRef?: Ref<HTMLInputElement>;
  readonly className?: string;
}

/** A labelled text input of the menu forms. */
export function MenuField({
  label,
  value,
  onChange,
  placeholder,
  disabled,
  invalid,
  describedBy,
  inputMode,
  inputRef,
  className,
}: MenuFieldProps) {
  const id = useId();
  return (
    <div className={`menu-field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id} className="menu-field__label">
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        className="field menu-field__input"
        type="text"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        disabled={disabled}
        inputMode={inputMode}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
      />
    </div>
  );
}
