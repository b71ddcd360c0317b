// What the quiz panel asks of the server (CONTRACT §8), as functions: the panel's views take them
// from the lesson page's wiring (use-quiz-calls.ts), and tests may hand in their own.
import type { Answer, Attempt } from '@shared/quiz';

export interface QuizCalls {
  /** Starts an attempt, or answers the open one. */
  start: () => Promise<Attempt>;
  save: (attemptId: string, questionId: string, answer: Answer) => Promise<unknown>;
  /** Saves an answer in a request that outlives the page, which is going away. */
  saveAsPageLeaves: (attemptId: string, questionId: string, answer: Answer) => void;
  /** Submits and answers the scored attempt once the lesson's data (attempts, best, completion) follows. */
  submit: (attemptId: string) => Promise<Attempt>;
}
