// The quiz of a quiz lesson (issue 35 "What members get"), where other lessons have their player:
// first its facts (pass mark, attempts left, best score) and Start or Continue, then the attempt,
// then its result. What the member may do next always comes from the lesson's data (`quiz`),
// which the calls refresh after a submit.
import { useState } from 'react';
import type { Attempt, MemberQuiz } from '@shared/quiz';
import { MESSAGES } from '@shared/messages';
import { serverMessage } from '@/lib/server-message';
import type { QuizCalls } from './quiz-calls';
import { QuizAttempt } from './quiz-attempt';
import { QuizNextAttempt } from './quiz-next-attempt';
import { QuizResult } from './quiz-result';
import { attemptsLeftWords, bestWords } from './quiz-words';
import './quiz-panel.css';

type View = { shows: 'facts' } | { shows: 'attempt'; attempt: Attempt } | { shows: 'result'; attempt: Attempt };

interface Props {
  quiz: MemberQuiz;
  calls: QuizCalls;
}

export function QuizPanel({ quiz, calls }: Props) {
  const [view, setView] = useState<View>({ shows: 'facts' });
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);

  async function start() {
    setStarting(true);
    setStartError(null);
    try {
      setView({ shows: 'attempt', attempt: await calls.start() });
    } catch (error) {
      setStartError(serverMessage(error, MESSAGES.somethingWentWrong));
    } finally {
      setStarting(false);
    }
  }

  const next = (startLabel: 'Start' | 'Try again') => (
    <QuizNextAttempt
      quiz={quiz}
      startLabel={startLabel}
      onStart={() => void start()}
      onContinue={() => quiz.open && setView({ shows: 'attempt', attempt: quiz.open })}
      starting={starting}
      startError={startError}
    />
  );

  return (
    <section className="quiz" aria-label="Quiz">
      {view.shows === 'facts' && (
        <>
          <h2 className="quiz__title">The quiz</h2>
          <dl className="quiz__facts">
            <div>
              <dt>Pass mark</dt>
              <dd>{quiz.passPercent} %</dd>
            </div>
            <div>
              <dt>Attempts left</dt>
              <dd>{attemptsLeftWords(quiz)}</dd>
            </div>
            <div>
              <dt>Best score so far</dt>
              <dd>{bestWords(quiz.best)}</dd>
            </div>
          </dl>
          {next('Start')}
        </>
      )}
      {view.shows === 'attempt' && (
        <QuizAttempt key={view.attempt._id} attempt={view.attempt} calls={calls} onSubmitted={(attempt) => setView({ shows: 'result', attempt })} />
      )}
      {view.shows === 'result' && <QuizResult key={view.attempt._id} attempt={view.attempt} passPercent={quiz.passPercent} next={next('Try again')} />}
    </section>
  );
}
