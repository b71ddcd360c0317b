// A question as the editor holds it (CONTRACT §8 "Content"), and what a save sends. The draft keeps
// the options and the accepted answers both, so that trying another kind and coming back loses
// nothing; a save sends the kind's own list. Marks are never changed behind the admin's back: a
// multiple-choice question with two right options turned single-choice keeps both, and the server's
// refusal says why beside the options.
import { QUIZ_LIMITS, type Question, type QuestionKind, type Taught } from '@shared/quiz';

export interface OptionDraft {
  /** React's key: the option's _id once saved, else a key of its own. */
  key: string;
  _id?: string;
  text: string;
  correct: boolean;
}

export interface AnswerDraft {
  key: string;
  text: string;
}

export interface QuestionDraft {
  kind: QuestionKind;
  prompt: string;
  options: OptionDraft[];
  answers: AnswerDraft[];
  explanation: string;
  /** As typed: the field may be empty for a moment. */
  points: string;
  taught: Taught | null;
}

/** What create and update send besides the id. */
export interface QuestionInput {
  kind: QuestionKind;
  prompt: string;
  options: Array<{ _id?: string; text: string; correct: boolean }>;
  answers: string[];
  explanation: string;
  points: number;
  taught: Taught | null;
}

let lastKey = 0;
const newKey = () => `new-${++lastKey}`;

const blankOption = (): OptionDraft => ({ key: newKey(), text: '', correct: false });
const blankAnswer = (): AnswerDraft => ({ key: newKey(), text: '' });

/** A new question: single choice, two empty options, one accepted answer ready should it become a text question. */
export function newQuestionDraft(): QuestionDraft {
  return { kind: 'single', prompt: '', options: [blankOption(), blankOption()], answers: [blankAnswer()], explanation: '', points: '1', taught: null };
}

export function questionDraftOf(question: Question): QuestionDraft {
  return {
    kind: question.kind,
    prompt: question.prompt,
    options: question.options.length > 0 ? question.options.map((option) => ({ key: option._id, ...option })) : [blankOption(), blankOption()],
    answers: question.answers.length > 0 ? question.answers.map((text) => ({ key: newKey(), text })) : [blankAnswer()],
    explanation: question.explanation,
    points: String(question.points),
    taught: question.taught,
  };
}

export function questionInput(draft: QuestionDraft): QuestionInput {
  const text = draft.kind === 'text';
  return {
    kind: draft.kind,
    prompt: draft.prompt,
    options: text ? [] : draft.options.map(({ _id, text: optionText, correct }) => ({ ...(_id === undefined ? {} : { _id }), text: optionText, correct })),
    answers: text ? draft.answers.map((answer) => answer.text) : [],
    explanation: draft.explanation,
    // Empty or unreadable goes as NaN (JSON's null), which the server refuses in its own words.
    points: draft.points.trim() === '' ? Number.NaN : Number(draft.points),
    taught: draft.taught,
  };
}

/** The option at `index` marked right or not; for a single-choice question marking it right unmarks the others. */
export function markOption(draft: QuestionDraft, index: number, correct: boolean): QuestionDraft {
  const options = draft.options.map((option, at) => {
    if (at === index) return { ...option, correct };
    return draft.kind === 'single' && correct ? { ...option, correct: false } : option;
  });
  return { ...draft, options };
}

export const canAddOption = (draft: QuestionDraft) => draft.options.length < QUIZ_LIMITS.options.max;
export const canRemoveOption = (draft: QuestionDraft) => draft.options.length > QUIZ_LIMITS.options.min;
export const canAddAnswer = (draft: QuestionDraft) => draft.answers.length < QUIZ_LIMITS.answers.max;
export const canRemoveAnswer = (draft: QuestionDraft) => draft.answers.length > QUIZ_LIMITS.answers.min;

export const addOption = (draft: QuestionDraft): QuestionDraft => (canAddOption(draft) ? { ...draft, options: [...draft.options, blankOption()] } : draft);
export const removeOption = (draft: QuestionDraft, index: number): QuestionDraft =>
  canRemoveOption(draft) ? { ...draft, options: draft.options.filter((_, at) => at !== index) } : draft;
export const addAnswer = (draft: QuestionDraft): QuestionDraft => (canAddAnswer(draft) ? { ...draft, answers: [...draft.answers, blankAnswer()] } : draft);
export const removeAnswer = (draft: QuestionDraft, index: number): QuestionDraft =>
  canRemoveAnswer(draft) ? { ...draft, answers: draft.answers.filter((_, at) => at !== index) } : draft;

/** The prompt as one plain line, for a list or a sentence: Markdown's marks left in, lines joined. */
export function promptLine(prompt: string, max = 120): string {
  const line = prompt.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
