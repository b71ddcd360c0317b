// The Course Manager (issue 26 "What admins get"): the course's modules and lessons on a board to
// reorder by drag and drop, a module's settings, the lesson editor with its files, and the outline
// as a member sees it. Part of the admin panel's lazy chunk: never on a visitor's or member's page.
import { useCallback, useState } from 'react';
import { trpc } from '@/lib/trpc';
import { useTimedStatus } from '@/lib/use-timed-status';
import { Button } from '@/ui/button';
import { PanelSection } from '@/ui/panel-section';
import { ServerError } from '@/ui/server-error';
import { Spinner } from '@/ui/spinner';
import { StatusMessage } from '@/ui/status-message';
import { CourseBoard } from './course-board';
import type { AdminLesson, AdminModule } from './course-types';
import { InsightsPanel } from './insights-panel';
import { LessonEditor } from './lesson-editor';
import { MemberPreview } from './member-preview';
import { ModuleCard } from './module-card';
import { QuickAddForm } from './quick-add-form';
import { useCourseContent } from './use-course-content';
import './course-manager.css';

export const COURSE_MANAGER_TITLE = 'Course Manager';

export function CourseSection() {
  const status = useTimedStatus();
  const content = useCourseContent(status.show);

  if (!content.modules) {
    return (
      <PanelSection title={COURSE_MANAGER_TITLE} className="course-manager">
        {content.error ? (
          <>
            <ServerError error={content.error} what="Could not load the course" />
            <div className="actions cm-retry">
              <Button variant="secondary" className="button--small" onClick={() => void content.refetch()}>
                Try again
              </Button>
            </div>
          </>
        ) : (
          <p className="cm-loading" role="status">
            <Spinner />
            Loading the course...
          </p>
        )}
      </PanelSection>
    );
  }
  return <CourseManager modules={content.modules} content={content} status={status} />;
}

interface CourseManagerProps {
  modules: AdminModule[];
  content: ReturnType<typeof useCourseContent>;
  status: ReturnType<typeof useTimedStatus>;
}

function CourseManager({ modules, content, status }: CourseManagerProps) {
  const utils = trpc.useUtils();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = findLesson(modules, selectedId);
  const { reload } = content;
  const show = status.show;

  const addModule = useCallback(
    async (title: string) => {
      const { module } = await utils.client.course.modules.create.mutate({ title });
      show(`Module "${module.title}" added as a draft, last in the course`, { tone: 'success' });
      await reload();
    },
    [reload, show, utils],
  );

  const editLesson = useCallback((lesson: AdminLesson) => {
    setSelectedId(lesson._id);
    // After React has drawn the editor: the admin's eyes (and focus) go to it.
    requestAnimationFrame(() => document.querySelector<HTMLElement>('.cm-lesson-editor .panel__title')?.scrollIntoView({ block: 'start' }));
  }, []);

  return (
    <PanelSection title={COURSE_MANAGER_TITLE} className="course-manager">
      <p className="cm-intro">
        Drag the handles (⠿) to reorder modules and lessons, or focus one and press Space, the arrow keys, then Space. A lesson can be dropped into another
        module. New modules and lessons start as drafts.
      </p>
      <QuickAddForm label="New module title" submitLabel="Add module" onAdd={addModule} className="cm-quick-add--module" />
      <CourseBoard
        modules={modules}
        onDrop={(result) => void content.drop(result)}
        locked={content.saving}
        renderModule={(module, handle) => (
          <ModuleCard
            module={module}
            number={modules.indexOf(module) + 1}
            handle={handle}
            selectedLessonId={selectedId}
            locked={content.saving}
            onEditLesson={editLesson}
            onChanged={reload}
            showStatus={show}
          />
        )}
      />
      {selected && (
        <LessonEditor key={selected._id} lesson={selected} modules={modules} onClose={() => setSelectedId(null)} onChanged={reload} showStatus={show} />
      )}
      <MemberPreview />
      <InsightsPanel modules={modules} />
      <StatusMessage live={status.status} docked className="cm-status" />
    </PanelSection>
  );
}

function findLesson(modules: readonly AdminModule[], id: string | null): AdminLesson | null {
  if (!id) return null;
  for (const module of modules) {
    const lesson = module.lessons.find((candidate) => candidate._id === id);
    if (lesson) return lesson;
  }
  return null;
}
