// A labelled course field with its limit in sight and the server's refusal beside it (issue 26:
// "limits shown and enforced with the server's 400 messages displayed next to the field"). The
// browser stops typing at the limit (maxLength); the server's message covers the rest (a pasted
// control character, a title of spaces).
import { useId, type KeyboardEventHandler, type ReactNode, type Ref } from 'react';
import { inputClass } from '@/ui/field';
import { lengthNote } from './field-errors';

interface LimitedFieldProps {
  label: string;
  value: string;
  max: number;
  onChange: (value: string) => void;
  /** The server's reason this field was refused, if it was. */
  error?: string | null;
  multiline?: boolean;
  rows?: number;
  required?: boolean;
  className?: string;
  /** Shown between the label and the input (the editor's toolbar). */
  before?: ReactNode;
  textareaRef?: Ref<HTMLTextAreaElement>;
  onKeyDown?: KeyboardEventHandler<HTMLTextAreaElement>;
}

export function LimitedField({
  label,
  value,
  max,
  onChange,
  error,
  multiline = false,
  rows = 3,
  required,
  className,
  before,
  textareaRef,
  onKeyDown,
}: LimitedFieldProps) {
  const id = useId();
  const noteId = `${id}-note`;
  const errorId = `${id}-error`;
  const common = {
    id,
    value,
    maxLength: max,
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [noteId, error && errorId].filter(Boolean).join(' '),
  };
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {before}
      {multiline ? (
        <textarea
          {...common}
          ref={textareaRef}
          rows={rows}
          className={`${inputClass()} cm-textarea`}
          onKeyDown={onKeyDown}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <input {...common} type="text" className={inputClass()} onChange={(event) => onChange(event.target.value)} />
      )}
      <p id={noteId} className="field__hint">
        {lengthNote(value, max)}
      </p>
      {error && (
        <p id={errorId} className="cm-field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
