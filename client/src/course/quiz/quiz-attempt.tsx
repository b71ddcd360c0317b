// An attempt in progress: every question on one page (decision 050), each answer saved as it is
// given, a progress line that stays in sight with Submit, and a confirmation only when questions
// are still unanswered.
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { Answer, Attempt } from '@shared/quiz';
import { MESSAGES } from '@shared/messages';
import { serverMessage } from '@/lib/server-message';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { StatusMessage } from '@/ui/status-message';
import type { QuizCalls } from './quiz-calls';
import { QuizQuestion } from './quiz-question';
import { answeredWords, isAnswered } from './quiz-words';
import { useAnswerSaver } from './use-answer-saver';

interface Props {
  attempt: Attempt;
  calls: QuizCalls;
  onSubmitted: (attempt: Attempt) => void;
  /** The admin's preview of the quiz (nothing of it is kept), not a member's attempt. */
  preview?: boolean;
}

const NOT_SAVED = 'Your answer could not be saved. Check your connection; it is sent again when you submit.';
const NOT_SUBMITTED = 'Some answers could not be saved, so the quiz was not submitted. Check your connection and submit again.';

export function QuizAttempt({ attempt, calls, onSubmitted, preview = false }: Props) {
  const [answers, setAnswers] = useState<Record<string, Answer>>(attempt.answers);
  const [confirming, setConfirming] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const save = useCallback((questionId: string, answer: Answer) => calls.save(attempt._id, questionId, answer), [calls, attempt._id]);
  const leave = useCallback((questionId: string, answer: Answer) => calls.saveAsPageLeaves(attempt._id, questionId, answer), [calls, attempt._id]);
  const saver = useAnswerSaver(save, leave);
  const heading = useRef<HTMLHeadingElement>(null);

  // The Start or Continue button pressed is gone: the keyboard goes on from the attempt's heading.
  // Focus moves in the commit that shows it, as the modal's does: no frame has it lost.
  useLayoutEffect(() => heading.current?.focus(), []);

  const total = attempt.questions.length;
  const unanswered = attempt.questions.flatMap((question, index) => (isAnswered(answers[question._id]) ? [] : [index + 1]));

  function answer(questionId: string, given: Answer, typing?: boolean) {
    setAnswers((before) => ({ ...before, [questionId]: given }));
    saver.give(questionId, given, typing);
  }

  async function submit() {
    setConfirming(false);
    setSubmitting(true);
    setSubmitError(null);
    try {
      if (!(await saver.flush())) {
        setSubmitError(NOT_SUBMITTED);
        return;
      }
      onSubmitted(await calls.submit(attempt._id));
    } catch (error) {
      setSubmitError(serverMessage(error, MESSAGES.somethingWentWrong));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <div className="quiz-attempt">
      <h2 className="quiz__title" ref={heading} tabIndex={-1}>
        {preview ? 'Preview' : `Attempt ${attempt.number}`}
      </h2>
      <p className="muted">
        {preview
          ? 'Answer as a member would: the preview is scored the same way, and nothing of it is kept.'
          : 'Your answers are saved as you give them: you can leave and continue later.'}
      </p>
      <ol className="quiz-attempt__questions">
        {attempt.questions.map((question, index) => (
          <li key={question._id}>
            <QuizQuestion
              question={question}
              number={index + 1}
              total={total}
              answer={answers[question._id]}
              onAnswer={(given, typing) => answer(question._id, given, typing)}
              onLeave={() => saver.settle(question._id)}
            />
          </li>
        ))}
      </ol>
      {saver.failure !== null && !submitError && <StatusMessage tone="error">{serverMessage(saver.failure, NOT_SAVED)}</StatusMessage>}
      {submitError !== null && <StatusMessage tone="error">{submitError}</StatusMessage>}
      <div className="quiz-attempt__bar">
        <p className="quiz-attempt__progress">{answeredWords(total - unanswered.length, total)}</p>
        <Button busy={submitting} onClick={() => (unanswered.length > 0 ? setConfirming(true) : void submit())}>
          Submit
        </Button>
      </div>
      {confirming && (
        <ConfirmDialog
          title="Submit with questions unanswered?"
          message={`${unanswered.length} of ${total} ${total === 1 ? 'question' : 'questions'} ${unanswered.length === 1 ? 'has' : 'have'} no answer yet, and an unanswered question earns no points.`}
          detail={
            <p>
              Unanswered: {unanswered.length === 1 ? 'question' : 'questions'} {unanswered.join(', ')}.
            </p>
          }
          confirmLabel="Submit anyway"
          onConfirm={() => void submit()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </div>
  );
}
