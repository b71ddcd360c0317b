// A submitted attempt (CONTRACT §8 results): the score and whether it passed, announced by moving
// focus to its heading, then each question with its right answer, its explanation and, for a miss,
// the Rewatch link to the passage that teaches it. Prompts and explanations are Markdown written by
// the admin; here they are plain text with their line breaks (React escapes them), never HTML.
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Answer, Attempt, AttemptQuestion, QuestionResult } from '@shared/quiz';
import { formatClock } from '../format-time';
import { lessonAddress } from '../lesson-address';

interface Props {
  attempt: Attempt;
  passPercent: number;
  /** What comes next: Try again, or why not. */
  next: ReactNode;
}

export function QuizResult({ attempt, passPercent, next }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The score is announced by moving focus to it, in the commit that shows it (as in quiz-attempt.tsx).
  useLayoutEffect(() => heading.current?.focus(), []);
  const results = new Map((attempt.results ?? []).map((result) => [result.questionId, result]));
  return (
    <div className="quiz-result">
      <h2 className="quiz__title" ref={heading} tabIndex={-1}>
        {attempt.passed ? `You passed with ${attempt.percent} %` : `You scored ${attempt.percent} %: not a pass this time`}
      </h2>
      <p>The pass mark is {passPercent} %.</p>
      {next}
      <ol className="quiz-result__questions">
        {attempt.questions.map((question, index) => {
          const result = results.get(question._id);
          return result && <QuestionOutcome key={question._id} number={index + 1} question={question} result={result} answer={attempt.answers[question._id]} />;
        })}
      </ol>
    </div>
  );
}

/** Points as people write them: 2, 1.5, 0.67. */
const points = (value: number) => String(Math.round(value * 100) / 100);

function verdict(result: QuestionResult): string {
  const score = `${points(result.earned)} of ${points(result.points)} ${result.points === 1 ? 'point' : 'points'}`;
  if (result.correct) return `right, ${score}`;
  return result.earned > 0 ? `partly right, ${score}` : `wrong, ${score}`;
}

function QuestionOutcome({
  number,
  question,
  result,
  answer,
}: {
  number: number;
  question: AttemptQuestion;
  result: QuestionResult;
  answer: Answer | undefined;
}) {
  const picked = answer && 'optionIds' in answer ? answer.optionIds : [];
  const right = result.correctOptionIds ?? [];
  const taught = result.taught;
  return (
    <li className={result.correct ? 'quiz-result__question' : 'quiz-result__question quiz-result__question--missed'}>
      <h3 className="quiz-result__verdict">
        Question {number}: {verdict(result)}
      </h3>
      <p className="quiz-text">{question.prompt}</p>
      {question.kind === 'text' ? (
        <dl className="quiz-result__texts">
          <dt>Your answer</dt>
          <dd>{answer && 'text' in answer && answer.text.trim() !== '' ? answer.text : 'No answer'}</dd>
          <dt>{(result.answers ?? []).length === 1 ? 'The right answer' : 'Answers accepted'}</dt>
          <dd>{(result.answers ?? []).join(' · ')}</dd>
        </dl>
      ) : (
        <ul className="quiz-result__options">
          {question.options.map((option) => (
            <li key={option._id} className={right.includes(option._id) ? 'quiz-result__option quiz-result__option--right' : 'quiz-result__option'}>
              <span className="quiz-text">{option.text}</span>
              {right.includes(option._id) && <span className="quiz-result__tag quiz-result__tag--right">Right answer</span>}
              {picked.includes(option._id) && <span className="quiz-result__tag">Your answer</span>}
            </li>
          ))}
        </ul>
      )}
      {result.explanation && <p className="quiz-text quiz-result__explanation">{result.explanation}</p>}
      {!result.correct && taught && (
        <p>
          <Link to={lessonAddress(taught.lessonId, taught.startSeconds, taught.endSeconds)}>
            Rewatch {formatClock(taught.startSeconds)}–{formatClock(taught.endSeconds)} in {taught.lessonTitle}
          </Link>
        </p>
      )}
    </li>
  );
}
