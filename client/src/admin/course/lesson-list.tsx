// A module's lessons on the board: each a drag handle, its title and what state it is in (draft or
// published, free preview, kind, duration), and an Edit button that opens it in the lesson editor.
// The list takes lessons dropped from other modules too (course-board.tsx has the context).
import { Draggable, Droppable, type DraggableProvided } from '@hello-pangea/dnd';
import type { ReactElement } from 'react';
import { Button } from '@/ui/button';
import { lessonDraggableId, lessonsDroppable } from './course-order';
import type { AdminLesson, AdminModule } from './course-types';
import { KIND_LABELS, formatDuration } from './lesson-kinds';
import { StateBadge } from './state-badge';

interface LessonListProps {
  module: AdminModule;
  selectedId: string | null;
  onEdit: (lesson: AdminLesson) => void;
  /** While a drop is being saved, nothing can be lifted. */
  locked: boolean;
}

export function LessonList({ module, selectedId, onEdit, locked }: LessonListProps) {
  const count = module.lessons.length;
  return (
    <Droppable droppableId={lessonsDroppable(module._id)} type="lesson">
      {(droppable, snapshot) => (
        <ol
          ref={droppable.innerRef}
          {...droppable.droppableProps}
          className={['cm-lessons', snapshot.isDraggingOver && 'cm-lessons--over'].filter(Boolean).join(' ')}
          aria-label={`Lessons of ${module.title}`}
        >
          {count === 0 && !snapshot.isDraggingOver && <li className="cm-lessons__empty">No lessons yet: add one below, or drag one here.</li>}
          {module.lessons.map((lesson, index) => (
            <Draggable key={lesson._id} draggableId={lessonDraggableId(lesson._id)} index={index} isDragDisabled={locked}>
              {(draggable, drag) =>
                renderLesson({
                  provided: draggable,
                  dragging: drag.isDragging,
                  lesson,
                  position: `position ${index + 1} of ${count} in ${module.title}`,
                  selected: lesson._id === selectedId,
                  onEdit: () => onEdit(lesson),
                })
              }
            </Draggable>
          ))}
          {droppable.placeholder}
        </ol>
      )}
    </Droppable>
  );
}

interface LessonItemProps {
  provided: DraggableProvided;
  dragging: boolean;
  lesson: AdminLesson;
  position: string;
  selected: boolean;
  onEdit: () => void;
}

/** A render function for dnd's render prop rather than a component, as the props it spreads carry dnd's refs. */
function renderLesson({ provided, dragging, lesson, position, selected, onEdit }: LessonItemProps): ReactElement {
  const duration = formatDuration(lesson.durationSeconds);
  return (
    <li
      ref={provided.innerRef}
      {...provided.draggableProps}
      className={['cm-lesson', dragging && 'cm-lesson--dragging', selected && 'cm-lesson--selected'].filter(Boolean).join(' ')}
    >
      <div {...provided.dragHandleProps} className="cm-handle cm-handle--small" aria-label={`Move lesson ${lesson.title}, ${position}`} title="Drag to reorder">
        <span aria-hidden="true">⠿</span>
      </div>
      <div className="cm-lesson__main">
        <span className="cm-lesson__title">{lesson.title}</span>
        <span className="cm-lesson__facts">
          <StateBadge published={lesson.published} />
          <span className="cm-badge">{KIND_LABELS[lesson.kind]}</span>
          {lesson.freePreview && <span className="cm-badge cm-badge--preview">Free preview</span>}
          {duration && <span className="cm-badge">{duration}</span>}
        </span>
      </div>
      <Button variant="quiet" className="button--small" aria-label={`Edit lesson ${lesson.title}`} aria-pressed={selected} onClick={onEdit}>
        Edit
      </Button>
    </li>
  );
}
