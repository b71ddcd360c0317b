// One module on the board: its handle, title and state, a quick Publish/Unpublish, its settings
// on demand, its lessons and the form that adds one.
import { useId, useState, type ReactNode } from 'react';
import { LESSON_KINDS, type LessonKind } from '@shared/course';
import { serverMessage } from '@/lib/server-message';
import { trpc } from '@/lib/trpc';
import type { ShowStatus } from '@/lib/use-timed-status';
import { Button } from '@/ui/button';
import { inputClass } from '@/ui/field';
import type { AdminLesson, AdminModule } from './course-types';
import { LessonList } from './lesson-list';
import { KIND_LABELS } from './lesson-kinds';
import { ModuleForm } from './module-form';
import { QuickAddForm } from './quick-add-form';
import { StateBadge } from './state-badge';

interface ModuleCardProps {
  module: AdminModule;
  number: number;
  handle: ReactNode;
  selectedLessonId: string | null;
  /** While a drop is being saved. */
  locked: boolean;
  onEditLesson: (lesson: AdminLesson) => void;
  onChanged: () => Promise<unknown>;
  showStatus: ShowStatus;
}

export function ModuleCard({ module, number, handle, selectedLessonId, locked, onEditLesson, onChanged, showStatus }: ModuleCardProps) {
  const utils = trpc.useUtils();
  const [editing, setEditing] = useState(false);
  const [kind, setKind] = useState<LessonKind>('text');
  const formId = useId();
  const kindId = useId();
  const count = module.lessons.length;

  async function togglePublished() {
    try {
      await utils.client.course.modules.update.mutate({ id: module._id, published: !module.published });
      showStatus(`Module "${module.title}" ${module.published ? 'unpublished: members no longer see it' : 'published'}`, { tone: 'success' });
      await onChanged();
    } catch (error) {
      showStatus(`Not changed: ${serverMessage(error, 'the server did not answer')}`, { tone: 'error' });
    }
  }

  async function addLesson(title: string) {
    const { lesson } = await utils.client.course.lessons.create.mutate({ moduleId: module._id, title, kind });
    showStatus(`Lesson "${lesson.title}" added as a draft`, { tone: 'success' });
    await onChanged();
    onEditLesson({ ...lesson, files: [], questions: [] });
  }

  return (
    <article className="cm-module__card" aria-labelledby={`${formId}-title`}>
      <header className="cm-module__head">
        {handle}
        <span className="cm-module__number" aria-hidden="true">
          {String(number).padStart(2, '0')}
        </span>
        <div className="cm-module__heading">
          <h3 id={`${formId}-title`} className="cm-module__title">
            {module.title}
          </h3>
          <span className="cm-module__facts">
            <StateBadge published={module.published} />
            {module.opensAfterDays > 0 && (
              <span className="cm-badge cm-badge--drip">
                Opens {module.opensAfterDays} {module.opensAfterDays === 1 ? 'day' : 'days'} after becoming an Architect
              </span>
            )}
            <span className="cm-module__count">{count === 1 ? '1 lesson' : `${count} lessons`}</span>
          </span>
        </div>
        <div className="actions cm-module__actions">
          <Button
            variant="quiet"
            className="button--small"
            aria-label={`${module.published ? 'Unpublish' : 'Publish'} module ${module.title}`}
            onClick={() => void togglePublished()}
          >
            {module.published ? 'Unpublish' : 'Publish'}
          </Button>
          <Button
            variant="secondary"
            className="button--small"
            aria-label={`Edit module ${module.title}`}
            aria-expanded={editing}
            aria-controls={editing ? formId : undefined}
            onClick={() => setEditing((open) => !open)}
          >
            Edit module
          </Button>
        </div>
      </header>
      {module.summary && <p className="cm-module__summary">{module.summary}</p>}
      {editing && (
        <div id={formId}>
          <ModuleForm
            module={module}
            showStatus={showStatus}
            onSaved={() => {
              setEditing(false);
              void onChanged();
            }}
            onDeleted={() => void onChanged()}
          />
        </div>
      )}
      <LessonList module={module} selectedId={selectedLessonId} onEdit={onEditLesson} locked={locked} />
      <QuickAddForm label={`New lesson in ${module.title}`} submitLabel="Add lesson" onAdd={addLesson} className="cm-quick-add--lesson">
        <div className="field cm-quick-add__kind">
          <label className="field__label" htmlFor={kindId}>
            Kind
          </label>
          <select id={kindId} className={inputClass('select')} value={kind} onChange={(event) => setKind(event.target.value as LessonKind)}>
            {LESSON_KINDS.map((value) => (
              <option key={value} value={value}>
                {KIND_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
      </QuickAddForm>
    </article>
  );
}
