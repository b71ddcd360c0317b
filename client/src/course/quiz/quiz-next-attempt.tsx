// What comes next, under the quiz's facts and under a result: Continue the open attempt, Start (or
// Try again), or why not: no attempts left, or a wait ("You can try again at 14:30", in the
// member's own time). When the wait is over, the button comes back by itself.
import { useEffect, useState } from 'react';
import type { MemberQuiz } from '@shared/quiz';
import { Button } from '@/ui/button';
import { StatusMessage } from '@/ui/status-message';
import { attemptsLeft, retryWords } from './quiz-words';

interface Props {
  quiz: MemberQuiz;
  startLabel: 'Start' | 'Try again';
  onStart: () => void;
  onContinue: () => void;
  starting: boolean;
  /** Why the last Start was refused, in the server's words. */
  startError: string | null;
}

export function QuizNextAttempt({ quiz, startLabel, onStart, onContinue, starting, startError }: Props) {
  const waitOver = useWaitOver(quiz.retryAt);
  const [now] = useState(() => new Date());
  let next;
  if (quiz.open) {
    next = <Button onClick={onContinue}>Continue</Button>;
  } else if (attemptsLeft(quiz) === 0) {
    next = <p className="quiz__notice">You have no attempts left.</p>;
  } else if (quiz.retryAt !== null && !waitOver) {
    next = <p className="quiz__notice">{retryWords(new Date(quiz.retryAt), now)}</p>;
  } else {
    next = (
      <Button busy={starting} onClick={onStart}>
        {startLabel}
      </Button>
    );
  }
  return (
    <div className="quiz__next">
      {next}
      {startError && <StatusMessage tone="error">{startError}</StatusMessage>}
    </div>
  );
}

/** Whether the time `retryAt` names has come (a timer, so the page changes when it does). */
function useWaitOver(retryAt: string | null): boolean {
  const [over, setOver] = useState<string | null>(null);
  useEffect(() => {
    if (retryAt === null) return;
    // A timer runs at most 2^31 - 1 ms (24.8 days); a wait is at most a week.
    const timer = setTimeout(() => setOver(retryAt), Math.max(0, new Date(retryAt).getTime() - Date.now()));
    return () => clearTimeout(timer);
  }, [retryAt]);
  return retryAt !== null && over === retryAt;
}
