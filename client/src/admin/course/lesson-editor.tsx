// The lesson editor (issue 26 "Lessons", "The lesson editor"): title, module (a move puts it at
// the end of the other module), kind, summary, free preview, draft or published, the Markdown
// body with its live preview, a quiz's settings and questions (quiz/), the lesson's files, and
// delete. A save sends the changed fields only; a refusal's reason appears beside the field it names.
import { useState, type FormEvent } from 'react';
import { COURSE_SUMMARY_MAX_LENGTH, COURSE_TITLE_MAX_LENGTH, LESSON_KINDS, type LessonKind } from '@shared/course';
import { serverMessage } from '@/lib/server-message';
import { trpc } from '@/lib/trpc';
import type { ShowStatus } from '@/lib/use-timed-status';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { Panel } from '@/ui/panel';
import { SelectField } from '@/ui/select-field';
import { StatusMessage } from '@/ui/status-message';
import type { AdminLesson, AdminModule } from './course-types';
import { changesOf, draftOf, rebase, type LessonDraft } from './lesson-draft';
import { LessonFiles } from './lesson-files';
import { KIND_LABELS } from './lesson-kinds';
import { LimitedField } from './limited-field';
import { MarkdownEditor } from './markdown-editor';
import { QuizPanel } from './quiz/quiz-panel';
import { StateBadge } from './state-badge';
import { useSaveErrors } from './use-save-errors';

const FIELDS = ['title', 'summary', 'body', 'kind', 'moduleId', 'freePreview', 'published'] as const;

interface LessonEditorProps {
  lesson: AdminLesson;
  modules: readonly AdminModule[];
  onClose: () => void;
  onChanged: () => Promise<unknown>;
  showStatus: ShowStatus;
}

export function LessonEditor({ lesson, modules, onClose, onChanged, showStatus }: LessonEditorProps) {
  const utils = trpc.useUtils();
  const [base, setBase] = useState(lesson);
  const [draft, setDraft] = useState<LessonDraft>(() => draftOf(lesson));
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState<'delete' | 'discard' | null>(null);
  const errors = useSaveErrors(FIELDS);

  // The lesson changed on the server (this save, a file's duration, another admin): the fields
  // being edited stay as typed, the rest follow.
  if (base !== lesson) {
    setBase(lesson);
    setDraft(rebase(base, draft, lesson));
  }

  const changes = changesOf(lesson, draft);
  const set = <K extends keyof LessonDraft>(field: K, value: LessonDraft[K]) => setDraft((current) => ({ ...current, [field]: value }));

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!changes) {
      showStatus('No changes to save');
      return;
    }
    setBusy(true);
    errors.clear();
    try {
      await utils.client.course.lessons.update.mutate(changes);
      showStatus(`Lesson "${draft.title.trim()}" saved${changes.published === true ? ' and published' : ''}`, { tone: 'success' });
      await onChanged();
    } catch (error) {
      errors.fail(error, 'The lesson could not be saved');
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setBusy(true);
    try {
      await utils.client.course.lessons.delete.mutate({ id: lesson._id });
      showStatus(`Lesson "${lesson.title}" deleted`, { tone: 'success' });
      onClose();
      await onChanged();
    } catch (error) {
      setConfirm(null);
      showStatus(`The lesson was not deleted: ${serverMessage(error, 'the server did not answer')}`, { tone: 'error' });
    } finally {
      setBusy(false);
    }
  }

  const moduleTitle = (id: string) => modules.find((module) => module._id === id)?.title ?? id;
  const moduleError = errors.errorFor('moduleId') ?? errors.errorFor('kind');
  const flagError = errors.errorFor('freePreview') ?? errors.errorFor('published');

  return (
    <Panel
      inset
      className="cm-lesson-editor"
      title={`Edit lesson: ${lesson.title}`}
      meta={
        <>
          <StateBadge published={lesson.published} />
          {changes && <span className="cm-unsaved">Unsaved changes</span>}
        </>
      }
    >
      <form className="cm-form cm-lesson-form" onSubmit={(event) => void save(event)}>
        <div className="cm-lesson-form__grid">
          <LimitedField
            label="Lesson title"
            value={draft.title}
            max={COURSE_TITLE_MAX_LENGTH}
            onChange={(value) => set('title', value)}
            error={errors.errorFor('title')}
            required
          />
          <SelectField
            label="Module"
            options={modules.map((module) => module._id)}
            optionLabel={moduleTitle}
            value={draft.moduleId}
            hint="Moving it puts it last in that module."
            onChange={(event) => set('moduleId', event.target.value)}
          />
          <SelectField
            label="Kind"
            options={LESSON_KINDS}
            optionLabel={(value) => KIND_LABELS[value as LessonKind]}
            value={draft.kind}
            onChange={(event) => set('kind', event.target.value as LessonKind)}
          />
        </div>
        {moduleError && (
          <p className="cm-field-error" role="alert">
            {moduleError}
          </p>
        )}
        <LimitedField
          label="Summary"
          value={draft.summary}
          max={COURSE_SUMMARY_MAX_LENGTH}
          onChange={(value) => set('summary', value)}
          error={errors.errorFor('summary')}
          multiline
          rows={2}
        />
        <div className="cm-lesson-form__flags">
          <label className="cm-checkbox">
            <input type="checkbox" checked={draft.freePreview} onChange={(event) => set('freePreview', event.target.checked)} />
            <span>Free preview (Explorers may open it)</span>
          </label>
          <label className="cm-checkbox">
            <input type="checkbox" checked={draft.published} onChange={(event) => set('published', event.target.checked)} />
            <span>Published (unticked: a draft only admins see)</span>
          </label>
        </div>
        {flagError && (
          <p className="cm-field-error" role="alert">
            {flagError}
          </p>
        )}
        <MarkdownEditor
          value={draft.body}
          onChange={(value) => set('body', value)}
          error={errors.errorFor('body')}
          lessonId={lesson._id}
          filesKey={lesson.files.map((file) => file._id).join(' ')}
        />
        {errors.formError && <StatusMessage tone="error">{errors.formError}</StatusMessage>}
        <div className="actions cm-lesson-form__actions">
          <Button type="submit" variant="primary" busy={busy}>
            Save lesson
          </Button>
          <Button variant="secondary" onClick={() => (changes ? setConfirm('discard') : onClose())}>
            Close editor
          </Button>
          <Button variant="danger" onClick={() => setConfirm('delete')}>
            Delete lesson
          </Button>
        </div>
      </form>
      {lesson.kind === 'quiz' ? (
        <QuizPanel lesson={lesson} modules={modules} onChanged={onChanged} showStatus={showStatus} />
      ) : (
        draft.kind === 'quiz' && <p className="muted">Save the lesson as a quiz to set its pass mark and write its questions.</p>
      )}
      <LessonFiles lesson={lesson} onChanged={onChanged} showStatus={showStatus} />
      {confirm === 'delete' && (
        <ConfirmDialog
          title="Delete this lesson?"
          message={`"${lesson.title}" will be deleted with its files and every member's progress on it.`}
          confirmLabel="Delete lesson"
          busy={busy}
          onConfirm={() => void remove()}
          onCancel={() => setConfirm(null)}
        />
      )}
      {confirm === 'discard' && (
        <ConfirmDialog
          title="Discard your changes?"
          message="This lesson has changes that are not saved."
          confirmLabel="Discard changes"
          onConfirm={onClose}
          onCancel={() => setConfirm(null)}
        />
      )}
    </Panel>
  );
}
