// A quiz lesson's own part of the lesson editor (issue 35 "What admins get"): its settings, its
// questions (reordered by drag and drop, edited one at a time, deleted after a confirmation), a
// preview as a member would take it, and its insights. Every change reads the course again, as the
// rest of the Course Manager does.
import { useId, useState } from 'react';
import type { Question } from '@shared/quiz';
import { moveItem } from '@/lib/move-item';
import { serverMessage } from '@/lib/server-message';
import type { ShowStatus } from '@/lib/use-timed-status';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import type { AdminLesson, AdminModule } from '../course-types';
import { promptLine } from './question-draft';
import { QuestionEditor } from './question-editor';
import { QuestionList } from './question-list';
import { useQuizCalls } from './quiz-calls';
import { QuizInsightsPanel } from './quiz-insights';
import { QuizPreview } from './quiz-preview';
import { QuizSettingsForm } from './quiz-settings-form';
import { teachingLessons } from './taught-picker';
import './quiz-editor.css';

interface QuizPanelProps {
  lesson: AdminLesson;
  modules: readonly AdminModule[];
  onChanged: () => Promise<unknown>;
  showStatus: ShowStatus;
}

export function QuizPanel({ lesson, modules, onChanged, showStatus }: QuizPanelProps) {
  const settingsId = useId();
  const questionsId = useId();
  const calls = useQuizCalls();
  const { quiz, questions: saved } = lesson;
  /** 'new', a question's id, or nothing open. */
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Question | null>(null);
  const [busy, setBusy] = useState(false);
  // While a new order is being saved: the list as dropped, so it does not jump back meanwhile.
  const [ordered, setOrdered] = useState<Question[] | null>(null);
  const questions = ordered ?? saved;
  const teaching = teachingLessons(modules);
  const lessonTitle = (id: string) => modules.flatMap((module) => module.lessons).find((candidate) => candidate._id === id)?.title ?? null;
  const open = editing === 'new' ? null : (questions.find((question) => question._id === editing) ?? null);

  async function move(from: number, to: number) {
    const next = moveItem(questions, from, to);
    setOrdered(next);
    try {
      await calls.orderQuestions(
        lesson._id,
        next.map((question) => question._id),
      );
      await onChanged();
      showStatus('Question order saved', { tone: 'success' });
    } catch (error) {
      // Whatever happened, the list shows the server's order again.
      await onChanged();
      showStatus(`The new order was not saved: ${serverMessage(error, 'the server did not answer')}`, { tone: 'error', durationMs: 6000 });
    } finally {
      setOrdered(null);
    }
  }

  async function remove(question: Question) {
    setBusy(true);
    try {
      await calls.deleteQuestion(question._id);
      showStatus('Question deleted', { tone: 'success' });
      if (editing === question._id) setEditing(null);
      await onChanged();
    } catch (error) {
      showStatus(`The question was not deleted: ${serverMessage(error, 'the server did not answer')}`, { tone: 'error' });
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  }

  return (
    <div className="cm-quiz">
      <section aria-labelledby={settingsId}>
        <h4 id={settingsId} className="cm-quiz__heading">
          Quiz settings
        </h4>
        <QuizSettingsForm lessonId={lesson._id} quiz={quiz} calls={calls} onChanged={onChanged} showStatus={showStatus} />
      </section>
      <section aria-labelledby={questionsId} className="cm-quiz__questions">
        <h4 id={questionsId} className="cm-quiz__heading">
          Questions
        </h4>
        <p className="cm-intro">
          Drag the handles (⠿) to reorder the questions, or focus one and press Space, the arrow keys, then Space. Members see them in this order unless the
          quiz shuffles them.
        </p>
        <QuestionList
          questions={questions}
          selectedId={editing}
          locked={ordered !== null}
          lessonTitle={lessonTitle}
          onEdit={(question) => setEditing(question._id)}
          onDelete={setDeleting}
          onMove={(from, to) => void move(from, to)}
        />
        {editing === null && (
          <div className="actions">
            <Button variant="secondary" onClick={() => setEditing('new')}>
              Add a question
            </Button>
          </div>
        )}
        {editing !== null && (editing === 'new' || open) && (
          <QuestionEditor
            key={editing}
            lessonId={lesson._id}
            question={open}
            number={open ? questions.indexOf(open) + 1 : questions.length + 1}
            teaching={teaching}
            calls={calls}
            onSaved={onChanged}
            onClose={() => setEditing(null)}
            showStatus={showStatus}
          />
        )}
      </section>
      {quiz && saved.length > 0 && <QuizPreview lessonId={lesson._id} passPercent={quiz.passPercent} calls={calls} />}
      <QuizInsightsPanel lessonId={lesson._id} questions={questions} lessonTitle={lessonTitle} />
      {deleting && (
        <ConfirmDialog
          title="Delete this question?"
          message={`Question ${questions.indexOf(deleting) + 1} will be deleted from the quiz.`}
          detail={promptLine(deleting.prompt)}
          confirmLabel="Delete question"
          busy={busy}
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
