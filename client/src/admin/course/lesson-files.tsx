// A lesson's files (issue 26 "Files"; CONTRACT §4 "Admin calls"): its media (video or audio
// lessons), captions with their language and label, and attachments; the duration the server read
// from the media; resumable uploads with a progress bar per file, their speed and time left, Pause
// and Resume; delete; the media's stream (transcode-status.tsx).
import { useId, useRef, useState, type FormEvent } from 'react';
import {
  ATTACHMENT_EXTENSIONS,
  CAPTIONS_EXTENSIONS,
  CAPTIONS_LABEL_MAX_LENGTH,
  CAPTIONS_LANG_MAX_LENGTH,
  COURSE_MEDIA_EXTENSIONS,
  isPlayed,
  type CourseFileRole,
} from '@shared/course';
import { formatBytes } from '@shared/media';
import { serverMessage } from '@/lib/server-message';
import { trpc } from '@/lib/trpc';
import type { ShowStatus } from '@/lib/use-timed-status';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { EmptyNote } from '@/ui/empty-note';
import { Field } from '@/ui/field';
import { SelectField } from '@/ui/select-field';
import type { AdminFile, AdminLesson } from './course-types';
import { formatDuration } from './lesson-kinds';
import { TranscodeStatus } from './transcode-status';
import { useLessonUploads, type UploadRow } from './use-lesson-uploads';

const ROLE_LABELS: Record<CourseFileRole, string> = { media: 'Media', captions: 'Captions', attachment: 'Attachment' };

interface LessonFilesProps {
  lesson: AdminLesson;
  onChanged: () => Promise<unknown>;
  showStatus: ShowStatus;
}

export function LessonFiles({ lesson, onChanged, showStatus }: LessonFilesProps) {
  const utils = trpc.useUtils();
  const titleId = useId();
  const [deleting, setDeleting] = useState<AdminFile | null>(null);
  const [busy, setBusy] = useState(false);
  const played = isPlayed(lesson.kind);
  const duration = formatDuration(lesson.durationSeconds);
  const hasMedia = lesson.files.some((file) => file.role === 'media');

  async function remove(file: AdminFile) {
    setBusy(true);
    try {
      await utils.client.course.files.delete.mutate({ id: file._id });
      showStatus(`${file.name} deleted`, { tone: 'success' });
      await onChanged();
    } catch (error) {
      showStatus(`${file.name} was not deleted: ${serverMessage(error, 'the server did not answer')}`, { tone: 'error' });
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  }

  return (
    <section className="cm-files" aria-labelledby={titleId}>
      <h4 id={titleId} className="cm-files__title">
        Files
      </h4>
      {played && (
        <p className="cm-files__duration">
          {hasMedia
            ? duration
              ? `Duration: ${duration} (read from the media file)`
              : 'Duration: not readable from the media file'
            : `No media yet: upload the lesson's ${lesson.kind}.`}
        </p>
      )}
      {lesson.files.length === 0 ? (
        <EmptyNote>No files yet.</EmptyNote>
      ) : (
        <ul className="cm-files__list" aria-label={`Files of ${lesson.title}`}>
          {lesson.files.map((file) => (
            <li key={file._id} className="cm-file">
              <span className="cm-badge">{ROLE_LABELS[file.role]}</span>
              <span className="cm-file__name">{file.name}</span>
              <span className="cm-file__meta">
                {formatBytes(file.size)}
                {file.role === 'captions' && ` · ${file.label} (${file.lang})`}
              </span>
              <Button variant="quiet" className="button--small button--danger-quiet" aria-label={`Delete ${file.name}`} onClick={() => setDeleting(file)}>
                Delete
              </Button>
              {file.role === 'media' && <TranscodeStatus file={file} onChanged={onChanged} showStatus={showStatus} />}
            </li>
          ))}
        </ul>
      )}
      <UploadForm lesson={lesson} onUploaded={onChanged} />
      {deleting && (
        <ConfirmDialog
          title="Delete this file?"
          message={`${deleting.name} will be deleted; members' links to it stop working at once.`}
          confirmLabel="Delete file"
          busy={busy}
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
    </section>
  );
}

function acceptFor(role: CourseFileRole, lesson: AdminLesson): string {
  const extensions =
    role === 'media' ? (isPlayed(lesson.kind) ? COURSE_MEDIA_EXTENSIONS[lesson.kind] : []) : role === 'captions' ? CAPTIONS_EXTENSIONS : ATTACHMENT_EXTENSIONS;
  return extensions.map((extension) => `.${extension}`).join(',');
}

function UploadForm({ lesson, onUploaded }: { lesson: AdminLesson; onUploaded: () => Promise<unknown> }) {
  const roles: CourseFileRole[] = isPlayed(lesson.kind) ? ['media', 'captions', 'attachment'] : ['attachment'];
  const [chosenRole, setRole] = useState<CourseFileRole>(roles[0]!);
  // A lesson made a text lesson meanwhile takes attachments only.
  const role = roles.includes(chosenRole) ? chosenRole : roles[0]!;
  const [lang, setLang] = useState('');
  const [label, setLabel] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const { rows, sending, upload, pause, resume } = useLessonUploads(lesson._id, onUploaded);
  const accept = acceptFor(role, lesson);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const chosen = files;
    setFiles([]);
    if (input.current) input.current.value = '';
    await upload(chosen, { role, lang, label });
  }

  return (
    <form className="cm-upload" aria-label={`Upload files to ${lesson.title}`} onSubmit={(event) => void submit(event)}>
      <div className="cm-upload__fields">
        <SelectField
          label="File role"
          options={roles}
          optionLabel={(value) => ROLE_LABELS[value as CourseFileRole]}
          value={role}
          onChange={(event) => setRole(event.target.value as CourseFileRole)}
        />
        {role === 'captions' && (
          <>
            <Field
              label="Language tag"
              value={lang}
              maxLength={CAPTIONS_LANG_MAX_LENGTH}
              placeholder="en"
              hint="Such as en or pt-BR"
              onChange={(event) => setLang(event.target.value)}
            />
            <Field
              label="Caption label"
              value={label}
              maxLength={CAPTIONS_LABEL_MAX_LENGTH}
              placeholder="English"
              onChange={(event) => setLabel(event.target.value)}
            />
          </>
        )}
        <div className="field">
          <label className="field__label" htmlFor={inputId}>
            {role === 'attachment' ? 'Files' : 'File'}
          </label>
          <input
            ref={input}
            id={inputId}
            className="cm-upload__input"
            type="file"
            accept={accept}
            multiple={role === 'attachment'}
            aria-describedby={`${inputId}-hint`}
            onChange={(event) => setFiles([...(event.target.files ?? [])])}
          />
          <p id={`${inputId}-hint`} className="field__hint">
            {accept.replaceAll(',', ', ')}
            {role === 'media' && ': replaces the lesson’s media'}. An upload cut off resumes where it stopped when the same file is picked again.
          </p>
        </div>
      </div>
      <Button type="submit" variant="secondary" className="button--small" busy={sending} disabled={files.length === 0}>
        Upload
      </Button>
      {rows.length > 0 && (
        <ul className="cm-upload__rows" aria-label="Uploads">
          {rows.map((row) => (
            <UploadProgressRow key={row.id} row={row} onPause={() => void pause(row.id)} onResume={() => void resume(row.id)} />
          ))}
        </ul>
      )}
    </form>
  );
}

function rowStatus(row: UploadRow, percent: number): string {
  switch (row.state) {
    case 'refused':
      return `Refused: ${row.reason}`;
    case 'done':
      return 'Uploaded';
    case 'waiting':
      return 'Waiting';
    case 'paused':
      return `Paused at ${percent}%`;
    default:
      return row.speed ? `${percent}% · ${row.speed}` : `${percent}%`;
  }
}

function UploadProgressRow({ row, onPause, onResume }: { row: UploadRow; onPause: () => void; onResume: () => void }) {
  const progressId = useId();
  const percent = Math.round(row.fraction * 100);
  const canResume = row.state === 'paused' || (row.state === 'refused' && row.retryable);
  return (
    <li className={`cm-upload__row cm-upload__row--${row.state}`}>
      <label htmlFor={progressId} className="cm-upload__name">
        {row.name}
      </label>
      <progress id={progressId} max={100} value={percent} aria-valuetext={`${percent}%`} />
      <span className="cm-upload__state" role={row.state === 'refused' ? 'alert' : undefined}>
        {rowStatus(row, percent)}
      </span>
      <span className="cm-upload__actions">
        {row.state === 'sending' && (
          <Button variant="quiet" className="button--small" aria-label={`Pause ${row.name}`} onClick={onPause}>
            Pause
          </Button>
        )}
        {canResume && (
          <Button variant="quiet" className="button--small" aria-label={`Resume ${row.name}`} onClick={onResume}>
            Resume
          </Button>
        )}
      </span>
    </li>
  );
}
