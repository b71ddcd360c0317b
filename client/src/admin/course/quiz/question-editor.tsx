// One question of a quiz, new or saved (issue 35 "A question editor"): its kind, prompt, options
// with the right ones marked (a radio for single choice, a checkbox for multiple), or the accepted
// answers of a text question, the explanation, the points, and where it is taught. A refusal's
// reason appears beside the field it names ("options: a single-choice question has exactly one
// right option").
//
// A single choice's radios share no name: a question turned single from multiple keeps both of its
// marks (question-draft.ts), which one radio group could not show; a click on one still unmarks the
// others.
import { useId, useState, type FormEvent } from 'react';
import { QUESTION_KINDS, QUIZ_LIMITS, type Question, type QuestionKind } from '@shared/quiz';
import type { ShowStatus } from '@/lib/use-timed-status';
import { Button } from '@/ui/button';
import { inputClass } from '@/ui/field';
import { Fieldset } from '@/ui/fieldset';
import { SelectField } from '@/ui/select-field';
import { StatusMessage } from '@/ui/status-message';
import { LimitedField } from '../limited-field';
import { useSaveErrors } from '../use-save-errors';
import { NumberField } from './number-field';
import {
  addAnswer,
  addOption,
  canAddAnswer,
  canAddOption,
  canRemoveAnswer,
  canRemoveOption,
  markOption,
  newQuestionDraft,
  questionDraftOf,
  questionInput,
  removeAnswer,
  removeOption,
  type QuestionDraft,
  type QuestionInput,
} from './question-draft';
import { TaughtPicker, type TeachingLesson } from './taught-picker';

const FIELDS = ['kind', 'prompt', 'options', 'answers', 'explanation', 'points', 'taught'] as const;

export const KIND_WORDS: Record<QuestionKind, string> = {
  single: 'Single choice (one right option)',
  multiple: 'Multiple choice (one or more right options)',
  text: 'Short text answer',
};

interface QuestionEditorProps {
  lessonId: string;
  /** The question edited, or null for a new one. */
  question: Question | null;
  /** Its place in the quiz ("Question 3"); a new one's place is last. */
  number: number;
  teaching: readonly TeachingLesson[];
  calls: {
    createQuestion: (lessonId: string, input: QuestionInput) => Promise<unknown>;
    updateQuestion: (questionId: string, input: QuestionInput) => Promise<unknown>;
  };
  onSaved: () => Promise<unknown>;
  onClose: () => void;
  showStatus: ShowStatus;
}

export function QuestionEditor({ lessonId, question, number, teaching, calls, onSaved, onClose, showStatus }: QuestionEditorProps) {
  const [draft, setDraft] = useState<QuestionDraft>(() => (question ? questionDraftOf(question) : newQuestionDraft()));
  const [busy, setBusy] = useState(false);
  const errors = useSaveErrors(FIELDS);
  const set = <K extends keyof QuestionDraft>(field: K, value: QuestionDraft[K]) => setDraft((current) => ({ ...current, [field]: value }));
  const name = `Question ${number}`;

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    errors.clear();
    try {
      const input = questionInput(draft);
      if (question) await calls.updateQuestion(question._id, input);
      else await calls.createQuestion(lessonId, input);
      showStatus(question ? `${name} saved` : `${name} added`, { tone: 'success' });
      await onSaved();
      onClose();
    } catch (error) {
      errors.fail(error, 'The question could not be saved');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="cm-form cm-question-editor" aria-label={question ? `Edit ${name.toLowerCase()}` : 'New question'} onSubmit={(event) => void save(event)}>
      <SelectField
        label="Question kind"
        options={QUESTION_KINDS}
        optionLabel={(kind) => KIND_WORDS[kind as QuestionKind]}
        value={draft.kind}
        onChange={(event) => set('kind', event.target.value as QuestionKind)}
      />
      {errors.errorFor('kind') && (
        <p className="cm-field-error" role="alert">
          {errors.errorFor('kind')}
        </p>
      )}
      <LimitedField
        label="Question (Markdown)"
        value={draft.prompt}
        max={QUIZ_LIMITS.markdown}
        onChange={(value) => set('prompt', value)}
        error={errors.errorFor('prompt')}
        multiline
        rows={3}
        required
      />
      {draft.kind === 'text' ? (
        <AnswersFields draft={draft} onChange={setDraft} error={errors.errorFor('answers')} />
      ) : (
        <OptionsFields draft={draft} onChange={setDraft} error={errors.errorFor('options') ?? errors.errorFor('answers')} />
      )}
      <LimitedField
        label="Explanation (Markdown, shown once the member submits)"
        value={draft.explanation}
        max={QUIZ_LIMITS.markdown}
        onChange={(value) => set('explanation', value)}
        error={errors.errorFor('explanation')}
        multiline
        rows={2}
      />
      <NumberField
        label="Points"
        className="cm-question-editor__points"
        value={draft.points}
        {...QUIZ_LIMITS.points}
        onChange={(value) => set('points', value)}
        error={errors.errorFor('points')}
      />
      <TaughtPicker lessons={teaching} value={draft.taught} onChange={(taught) => set('taught', taught)} error={errors.errorFor('taught')} />
      {errors.formError && <StatusMessage tone="error">{errors.formError}</StatusMessage>}
      <div className="actions">
        <Button type="submit" variant="primary" busy={busy}>
          {question ? 'Save question' : 'Add question'}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

interface ListFieldsProps {
  draft: QuestionDraft;
  onChange: (update: (draft: QuestionDraft) => QuestionDraft) => void;
  error: string | null;
}

function OptionsFields({ draft, onChange, error }: ListFieldsProps) {
  const errorId = useId();
  const single = draft.kind === 'single';
  const setText = (index: number, text: string) =>
    onChange((current) => ({ ...current, options: current.options.map((option, at) => (at === index ? { ...option, text } : option)) }));
  return (
    <Fieldset
      legend="Options"
      className="cm-question-options"
      note={`${single ? 'Mark the one right option.' : 'Mark every right option.'} From ${QUIZ_LIMITS.options.min} to ${QUIZ_LIMITS.options.max} options.`}
    >
      <ol className="cm-question-options__list">
        {draft.options.map((option, index) => (
          <li key={option.key} className="cm-question-option">
            <label className="cm-checkbox cm-question-option__mark">
              <input
                type={single ? 'radio' : 'checkbox'}
                checked={option.correct}
                aria-label={`Option ${index + 1} is right`}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                // A radio already checked sends no change: a click on it (or Space) still unmarks the others.
                onClick={single ? () => onChange((current) => markOption(current, index, true)) : undefined}
                onChange={(event) => !single && onChange((current) => markOption(current, index, event.target.checked))}
              />
              <span aria-hidden="true">Right</span>
            </label>
            <input
              type="text"
              className={`${inputClass('compact')} cm-question-option__text`}
              aria-label={`Option ${index + 1}`}
              placeholder={`Option ${index + 1}`}
              value={option.text}
              maxLength={QUIZ_LIMITS.optionText}
              required
              onChange={(event) => setText(index, event.target.value)}
            />
            {canRemoveOption(draft) && (
              <Button
                variant="quiet"
                className="button--small"
                aria-label={`Remove option ${index + 1}`}
                onClick={() => onChange((current) => removeOption(current, index))}
              >
                Remove
              </Button>
            )}
          </li>
        ))}
      </ol>
      {error && (
        <p id={errorId} className="cm-field-error" role="alert">
          {error}
        </p>
      )}
      {canAddOption(draft) && (
        <div className="actions">
          <Button variant="secondary" className="button--small" onClick={() => onChange(addOption)}>
            Add an option
          </Button>
        </div>
      )}
    </Fieldset>
  );
}

function AnswersFields({ draft, onChange, error }: ListFieldsProps) {
  const errorId = useId();
  const setText = (index: number, text: string) =>
    onChange((current) => ({ ...current, answers: current.answers.map((answer, at) => (at === index ? { ...answer, text } : answer)) }));
  return (
    <Fieldset
      legend="Accepted answers"
      className="cm-question-options"
      note={`A member's answer counts when it matches one of these, whatever its case and spacing. From ${QUIZ_LIMITS.answers.min} to ${QUIZ_LIMITS.answers.max} answers.`}
    >
      <ol className="cm-question-options__list">
        {draft.answers.map((answer, index) => (
          <li key={answer.key} className="cm-question-option">
            <input
              type="text"
              className={`${inputClass('compact')} cm-question-option__text`}
              aria-label={`Accepted answer ${index + 1}`}
              placeholder={`Accepted answer ${index + 1}`}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              value={answer.text}
              maxLength={QUIZ_LIMITS.answerText}
              required
              onChange={(event) => setText(index, event.target.value)}
            />
            {canRemoveAnswer(draft) && (
              <Button
                variant="quiet"
                className="button--small"
                aria-label={`Remove accepted answer ${index + 1}`}
                onClick={() => onChange((current) => removeAnswer(current, index))}
              >
                Remove
              </Button>
            )}
          </li>
        ))}
      </ol>
      {error && (
        <p id={errorId} className="cm-field-error" role="alert">
          {error}
        </p>
      )}
      {canAddAnswer(draft) && (
        <div className="actions">
          <Button variant="secondary" className="button--small" onClick={() => onChange(addAnswer)}>
            Add an accepted answer
          </Button>
        </div>
      )}
    </Fieldset>
  );
}
