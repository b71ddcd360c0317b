// "Preview the quiz as a member" (issue 35 "What admins get"): the member's own attempt and result
// views, over calls that keep the answers in the page and have the server score them as a submit
// would (course.quiz.preview), recording nothing: no attempt, no insights, no audit entry.
import { useId, useMemo, useRef, useState } from 'react';
import type { Answer, Attempt } from '@shared/quiz';
import { MESSAGES } from '@shared/messages';
import { serverMessage } from '@/lib/server-message';
import { QuizAttempt } from '@/course/quiz/quiz-attempt';
import type { QuizCalls } from '@/course/quiz/quiz-calls';
import { QuizResult } from '@/course/quiz/quiz-result';
import { Button } from '@/ui/button';
import { StatusMessage } from '@/ui/status-message';
import type { useQuizCalls } from './quiz-calls';
import '@/course/quiz/quiz-panel.css';

type View = { shows: 'closed' } | { shows: 'attempt'; attempt: Attempt } | { shows: 'result'; attempt: Attempt };

interface QuizPreviewProps {
  lessonId: string;
  passPercent: number;
  calls: Pick<ReturnType<typeof useQuizCalls>, 'previewStart' | 'previewScore'>;
}

export function QuizPreview({ lessonId, passPercent, calls }: QuizPreviewProps) {
  const headingId = useId();
  const [view, setView] = useState<View>({ shows: 'closed' });
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  // The answers of the preview on screen, by question: kept here, never sent until it is scored.
  const answers = useRef(new Map<string, Answer>());

  const memberCalls = useMemo<QuizCalls>(
    () => ({
      start: () => calls.previewStart(lessonId),
      save: (_attemptId, questionId, answer) => {
        answers.current.set(questionId, answer);
        return Promise.resolve();
      },
      saveAsPageLeaves: () => undefined,
      submit: async () => {
        if (view.shows !== 'attempt') throw new Error('No preview is open');
        const shown = view.attempt.questions.map((question) => question._id);
        const given = [...answers.current].map(([questionId, answer]) => ({ questionId, ...answer }));
        // The result keeps the order of options the preview showed (the server scores the quiz's own).
        return { ...(await calls.previewScore(lessonId, shown, given)), questions: view.attempt.questions };
      },
    }),
    [calls, lessonId, view],
  );

  async function start() {
    setStarting(true);
    setError(null);
    answers.current = new Map();
    try {
      setView({ shows: 'attempt', attempt: await memberCalls.start() });
    } catch (failure) {
      setError(serverMessage(failure, MESSAGES.somethingWentWrong));
    } finally {
      setStarting(false);
    }
  }

  function close() {
    setView({ shows: 'closed' });
    // The views that held focus are gone: the keyboard goes on from the button that opens them.
    requestAnimationFrame(() => opener.current?.focus());
  }

  const again = (
    <div className="actions">
      <Button busy={starting} onClick={() => void start()}>
        Preview again
      </Button>
      <Button variant="secondary" onClick={close}>
        Close the preview
      </Button>
    </div>
  );

  return (
    <section className="cm-quiz-preview" aria-labelledby={headingId}>
      <h4 id={headingId} className="cm-quiz__heading">
        Try the quiz as a member
      </h4>
      {view.shows === 'closed' && (
        <>
          <p className="cm-intro">Take the quiz as a member would, scoring included. Nothing is recorded: no attempt, nothing in the insights.</p>
          <div className="actions">
            <Button ref={opener} variant="secondary" busy={starting} onClick={() => void start()}>
              Preview the quiz
            </Button>
          </div>
        </>
      )}
      {error !== null && <StatusMessage tone="error">{error}</StatusMessage>}
      {view.shows === 'attempt' && (
        <div className="quiz">
          <QuizAttempt
            key={view.attempt._id}
            attempt={view.attempt}
            calls={memberCalls}
            onSubmitted={(attempt) => setView({ shows: 'result', attempt })}
            preview
          />
          <div className="actions">
            <Button variant="secondary" onClick={close}>
              Close the preview
            </Button>
          </div>
        </div>
      )}
      {view.shows === 'result' && (
        <div className="quiz">
          <QuizResult attempt={view.attempt} passPercent={passPercent} next={again} />
        </div>
      )}
    </section>
  );
}
