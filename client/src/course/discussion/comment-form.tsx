// The one form of the discussion: a new comment, a reply, an edit and a report are each a labelled
// text box and a button (and Cancel, for the ones opened from a comment). Escape cancels, and
// a refusal shows under the box in the server's words.
import { useId, useState, type ReactNode } from 'react';
import { COMMENT_BODY_MAX_LENGTH } from '@shared/discussion';
import { inputClass } from '@/ui/field';
import { Button } from '@/ui/button';
import { FormattingHelp } from './formatting-help';

interface CommentFormProps {
  label: string;
  submitLabel: string;
  initial?: string;
  maxLength?: number;
  /** Shows the formatting help (bold, italic, code, links) under the box. */
  formatted?: boolean;
  busy: boolean;
  error: string | null;
  /** Sends the text; answers whether it went (the box then empties). */
  onSubmit: (text: string) => Promise<boolean>;
  onCancel?: () => void;
  /** Controls beside the button (the "at 12:04" toggle). */
  extra?: ReactNode;
  autoFocus?: boolean;
  className?: string;
}

export function CommentForm({
  label,
  submitLabel,
  initial = '',
  maxLength = COMMENT_BODY_MAX_LENGTH,
  formatted = false,
  busy,
  error,
  onSubmit,
  onCancel,
  extra,
  autoFocus,
  className,
}: CommentFormProps) {
  const id = useId();
  const [text, setText] = useState(initial);
  const helpId = formatted ? `${id}-help` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <form
      className={['comment-form', className].filter(Boolean).join(' ')}
      onSubmit={(event) => {
        event.preventDefault();
        if (busy || !text.trim()) return;
        void onSubmit(text).then((sent) => {
          if (sent) setText('');
        });
      }}
    >
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className={`${inputClass()} comment-form__text`}
        value={text}
        rows={3}
        maxLength={maxLength}
        required
        // Focus moves into a form the member opened (Reply, Edit, Report), so typing can start at once.
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={[helpId, errorId].filter(Boolean).join(' ') || undefined}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && onCancel) {
            event.preventDefault();
            onCancel();
          }
        }}
      />
      {helpId && <FormattingHelp id={helpId} />}
      {error && (
        <p id={errorId} className="comment-form__error" role="alert">
          {error}
        </p>
      )}
      <div className="comment-form__actions">
        {extra}
        <Button type="submit" className="button--small" busy={busy}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button variant="quiet" className="button--small" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
