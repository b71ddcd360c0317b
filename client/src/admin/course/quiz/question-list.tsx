// A quiz's questions in their order (issue 35 "drag to reorder"): each a drag handle, its prompt,
// its kind, points and taught moment, and Edit and Delete. Reordered as the course board's lists
// are, by mouse, finger or keyboard (Space lifts, arrows move, Space drops, Escape cancels), with
// what happens said to screen readers. The quiz panel sits outside the board, so the list has a
// drag context of its own.
import {
  DragDropContext,
  Draggable,
  Droppable,
  type DraggableProvided,
  type DragStart,
  type DragUpdate,
  type DropResult,
  type ResponderProvided,
} from '@hello-pangea/dnd';
import type { ReactElement } from 'react';
import type { Question } from '@shared/quiz';
import { cspNonce } from '@/lib/csp-nonce';
import { Button } from '@/ui/button';
import { promptLine } from './question-draft';
import { momentText } from './quiz-moment';

const INSTRUCTIONS = 'Press Space to lift this question. Use the up and down arrow keys to move it, Space to drop it in its new place, or Escape to cancel.';
const KIND_BADGES = { single: 'Single choice', multiple: 'Multiple choice', text: 'Text answer' } as const;

interface QuestionListProps {
  questions: readonly Question[];
  /** The question open in the editor, if any. */
  selectedId: string | null;
  /** While a new order is being saved, nothing can be lifted. */
  locked: boolean;
  /** The title of a lesson a question's moment is in. */
  lessonTitle: (id: string) => string | null;
  onEdit: (question: Question) => void;
  onDelete: (question: Question) => void;
  /** A question dropped at another place: its index before and after. */
  onMove: (from: number, to: number) => void;
}

export function QuestionList({ questions, selectedId, locked, lessonTitle, onEdit, onDelete, onMove }: QuestionListProps) {
  const count = questions.length;
  const name = (draggableId: string) => {
    const index = questions.findIndex((question) => question._id === draggableId);
    return index < 0 ? 'the question' : `question ${index + 1}, ${promptLine(questions[index]!.prompt, 60)}`;
  };
  const place = (index: number) => `in position ${index + 1} of ${count}`;

  function onDragStart(start: DragStart, provided: ResponderProvided) {
    provided.announce(`Lifted ${name(start.draggableId)}, ${place(start.source.index)}.`);
  }

  function onDragUpdate(update: DragUpdate, provided: ResponderProvided) {
    provided.announce(update.destination ? `Moved to ${place(update.destination.index)}.` : 'Not over the list.');
  }

  function onDragEnd(result: DropResult, provided: ResponderProvided) {
    if (result.reason === 'CANCEL' || !result.destination) {
      provided.announce(`Move cancelled. ${name(result.draggableId)} stays ${place(result.source.index)}.`);
      return;
    }
    provided.announce(`Dropped ${name(result.draggableId)} ${place(result.destination.index)}.`);
    if (result.destination.index !== result.source.index) onMove(result.source.index, result.destination.index);
  }

  if (count === 0) return <p className="muted">No questions yet: add the first one below.</p>;
  return (
    <DragDropContext nonce={cspNonce()} onDragStart={onDragStart} onDragUpdate={onDragUpdate} onDragEnd={onDragEnd} dragHandleUsageInstructions={INSTRUCTIONS}>
      <Droppable droppableId="questions">
        {(droppable) => (
          <ol ref={droppable.innerRef} {...droppable.droppableProps} className="cm-lessons cm-questions" aria-label="Questions, in quiz order">
            {questions.map((question, index) => (
              <Draggable key={question._id} draggableId={question._id} index={index} isDragDisabled={locked}>
                {(draggable, drag) =>
                  renderQuestion({
                    provided: draggable,
                    dragging: drag.isDragging,
                    question,
                    number: index + 1,
                    count,
                    selected: question._id === selectedId,
                    taughtIn: question.taught ? lessonTitle(question.taught.lessonId) : null,
                    onEdit: () => onEdit(question),
                    onDelete: () => onDelete(question),
                  })
                }
              </Draggable>
            ))}
            {droppable.placeholder}
          </ol>
        )}
      </Droppable>
    </DragDropContext>
  );
}

interface QuestionItemProps {
  provided: DraggableProvided;
  dragging: boolean;
  question: Question;
  number: number;
  count: number;
  selected: boolean;
  taughtIn: string | null;
  onEdit: () => void;
  onDelete: () => void;
}

/** A render function for dnd's render prop rather than a component, as the props it spreads carry dnd's refs. */
function renderQuestion({ provided, dragging, question, number, count, selected, taughtIn, onEdit, onDelete }: QuestionItemProps): ReactElement {
  return (
    <li
      ref={provided.innerRef}
      {...provided.draggableProps}
      className={['cm-lesson', 'cm-question', dragging && 'cm-lesson--dragging', selected && 'cm-lesson--selected'].filter(Boolean).join(' ')}
    >
      <div
        {...provided.dragHandleProps}
        className="cm-handle cm-handle--small"
        aria-label={`Move question ${number}, position ${number} of ${count}`}
        title="Drag to reorder"
      >
        <span aria-hidden="true">⠿</span>
      </div>
      <div className="cm-lesson__main">
        <span className="cm-lesson__title">
          {number}. {promptLine(question.prompt)}
        </span>
        <span className="cm-lesson__facts">
          <span className="cm-badge">{KIND_BADGES[question.kind]}</span>
          <span className="cm-badge">{question.points === 1 ? '1 point' : `${question.points} points`}</span>
          {question.taught && (
            <span className="cm-badge cm-badge--preview cm-question__taught">
              Taught at {momentText(question.taught)}
              {taughtIn ? ` in ${taughtIn}` : ''}
            </span>
          )}
        </span>
      </div>
      <span className="cm-question__actions">
        <Button variant="quiet" className="button--small" aria-label={`Edit question ${number}`} aria-pressed={selected} onClick={onEdit}>
          Edit
        </Button>
        <Button variant="quiet" className="button--small" aria-label={`Delete question ${number}`} onClick={onDelete}>
          Delete
        </Button>
      </span>
    </li>
  );
}
