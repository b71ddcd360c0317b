// The lesson body's editor (issue 26 "The lesson editor"; decision 031): a Markdown textarea with a
// formatting toolbar, and beside it the live preview rendered by the server exactly as members get
// it. The toolbar's buttons and Ctrl/⌘+B, I and K edit the source (markdown-format.ts).
import { useId, useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { LESSON_BODY_MAX_LENGTH } from '@shared/course';
import { StatusMessage } from '@/ui/status-message';
import { LimitedField } from './limited-field';
import { applyFormat, FORMAT_LABELS, FORMATS, type Edit, type Format } from './markdown-format';
import { useBodyPreview } from './use-body-preview';

interface MarkdownEditorProps {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  /** The lesson whose images the preview shows, and a key that changes with its files. */
  lessonId?: string;
  filesKey?: string;
}

const SHORTCUTS = new Map(FORMATS.flatMap((format) => (FORMAT_LABELS[format].key ? [[FORMAT_LABELS[format].key, format] as const] : [])));

export function MarkdownEditor({ value, onChange, error, lessonId, filesKey }: MarkdownEditorProps) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  // The selection to put back once React has written the edited text.
  const selection = useRef<Edit | null>(null);
  const preview = useBodyPreview(value, lessonId, filesKey);
  const previewTitleId = useId();

  useLayoutEffect(() => {
    const wanted = selection.current;
    const element = textarea.current;
    if (!wanted || !element || element.value !== wanted.value) return;
    selection.current = null;
    element.focus();
    element.setSelectionRange(wanted.start, wanted.end);
  }, [value]);

  function format(kind: Format) {
    const element = textarea.current;
    if (!element) return;
    const edit = applyFormat(kind, { value: element.value, start: element.selectionStart, end: element.selectionEnd });
    if (edit.value.length > LESSON_BODY_MAX_LENGTH) return;
    selection.current = edit;
    onChange(edit.value);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
    const kind = SHORTCUTS.get(event.key.toLowerCase());
    if (!kind) return;
    event.preventDefault();
    format(kind);
  }

  const toolbar = (
    <div className="cm-toolbar" role="group" aria-label="Formatting">
      {FORMATS.map((kind) => {
        const { label, text, key } = FORMAT_LABELS[kind];
        return (
          <button
            key={kind}
            type="button"
            className="cm-toolbar__button"
            aria-label={label}
            title={key ? `${label} (Ctrl+${key.toUpperCase()})` : label}
            // Keeps the textarea's selection: a click would otherwise move focus off it first.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => format(kind)}
          >
            <span aria-hidden="true">{text}</span>
          </button>
        );
      })}
    </div>
  );

  return (
    <div className="cm-editor">
      <LimitedField
        label="Body (Markdown)"
        value={value}
        max={LESSON_BODY_MAX_LENGTH}
        onChange={onChange}
        error={error}
        multiline
        rows={16}
        before={toolbar}
        textareaRef={textarea}
        onKeyDown={onKeyDown}
        className="cm-editor__source"
      />
      <section className="cm-editor__preview" aria-labelledby={previewTitleId} aria-busy={!preview.current || undefined}>
        <h4 id={previewTitleId} className="cm-editor__preview-title">
          Preview, as members will see it{!preview.current && <span className="cm-editor__updating"> (updating…)</span>}
        </h4>
        {preview.error && <StatusMessage tone="error">{preview.error}</StatusMessage>}
        {/* The server's renderer made this html (raw HTML off, links checked): it is inserted, never built here. */}
        <div className="cm-preview lesson-body" dangerouslySetInnerHTML={{ __html: preview.html ?? '' }} />
      </section>
    </div>
  );
}
