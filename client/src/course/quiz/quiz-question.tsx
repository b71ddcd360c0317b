// One question of an attempt: a fieldset named by its prompt, with real radio buttons (one right
// option), checkboxes (several) or a text field, so that the keyboard and screen readers work as
// they do in any form. Prompts are Markdown written by the admin; here they are plain text with
// their line breaks (React escapes them), never HTML.
import { useId } from 'react';
import type { Answer, AttemptQuestion } from '@shared/quiz';
import { QUIZ_LIMITS } from '@shared/quiz';

interface Props {
  question: AttemptQuestion;
  number: number;
  total: number;
  answer: Answer | undefined;
  /** `typing`: the text changed under the member's fingers; save once they pause. */
  onAnswer: (answer: Answer, typing?: boolean) => void;
  /** The member left the text field: what they typed is saved now. */
  onLeave: () => void;
}

export function QuizQuestion({ question, number, total, answer, onAnswer, onLeave }: Props) {
  const id = useId();
  const picked = answer && 'optionIds' in answer ? answer.optionIds : [];
  const text = answer && 'text' in answer ? answer.text : '';
  const hint = question.kind === 'multiple' ? 'Choose every answer that is right.' : null;

  function toggle(optionId: string, checked: boolean) {
    if (question.kind === 'single') onAnswer({ optionIds: [optionId] });
    else onAnswer({ optionIds: checked ? [...picked, optionId] : picked.filter((other) => other !== optionId) });
  }

  return (
    <fieldset className="quiz-question" aria-describedby={`${id}-about`}>
      <legend className="quiz-question__legend">
        <span className="quiz-question__number">
          Question {number} of {total}
        </span>
        <span className="quiz-text">{question.prompt}</span>
      </legend>
      <p className="quiz-question__about" id={`${id}-about`}>
        {question.points === 1 ? '1 point' : `${question.points} points`}
        {hint && `. ${hint}`}
      </p>
      {question.kind === 'text' ? (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-text`}>
            Your answer
          </label>
          <input
            id={`${id}-text`}
            className="input"
            type="text"
            autoComplete="off"
            maxLength={QUIZ_LIMITS.answerText}
            value={text}
            onChange={(event) => onAnswer({ text: event.target.value }, true)}
            onBlur={onLeave}
          />
        </div>
      ) : (
        <ul className="quiz-question__options">
          {question.options.map((option) => (
            <li key={option._id}>
              <label className="quiz-option">
                <input
                  type={question.kind === 'single' ? 'radio' : 'checkbox'}
                  name={`${id}-options`}
                  value={option._id}
                  checked={picked.includes(option._id)}
                  onChange={(event) => toggle(option._id, event.target.checked)}
                />
                <span className="quiz-text">{option.text}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
