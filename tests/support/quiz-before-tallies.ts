// An install upgraded with quiz attempts already in it (decision 054): the rows, as SQL both
// dialects take, and what the quiz insights must say of them once the migration back-filled the
// running totals, then once a member is deleted (the triggers take their marks back).
import type { Question } from '../../shared/quiz';

const choice = (id: string, kind: 'single' | 'multiple', options: Array<[string, boolean]>): Question => ({
  _id: id,
  kind,
  prompt: id,
  options: options.map(([optionId, correct]) => ({ _id: optionId, text: optionId, correct })),
  answers: [],
  explanation: '',
  points: 1,
  taught: null,
});

export const QUIZ_QUESTIONS: Question[] = [
  choice('qa', 'single', [
    ['oa', true],
    ['ob', false],
  ]),
  choice('qb', 'multiple', [
    ['oc', true],
    ['od', true],
    ['oe', false],
  ]),
];

export function attemptsBeforeTallies(moduleId: string): string[] {
  const user = (id: string) =>
    `insert into users (id, name, email, role, membership_tier, status, password_hash, password_changed_at, created_at, updated_at) values ('${id}', '${id}', '${id}@example.com', 'user', 'paid', 'active', 'x', 0, 1, 1)`;
  const results = (qa: boolean, qb: boolean) =>
    JSON.stringify([
      { questionId: 'qa', earned: qa ? 1 : 0, points: 1, correct: qa, correctOptionIds: ['oa'], explanation: '', taught: null },
      { questionId: 'qb', earned: qb ? 1 : 0, points: 1, correct: qb, correctOptionIds: ['oc', 'od'], explanation: '', taught: null },
    ]);
  const attempt = (id: string, userId: string, number: number, scored: { qa: boolean; qb: boolean; passed: boolean } | null) =>
    `insert into course_attempts (id, user_id, lesson_id, number, started_at, submitted_at, questions, percent, passed, results) values ('${id}', '${userId}', 'quiz', ${number}, 1, ${
      scored ? 2 : 'null'
    }, '[]', ${scored ? (scored.passed ? 100 : 0) : 'null'}, ${scored ? scored.passed : 'null'}, ${scored ? `'${results(scored.qa, scored.qb)}'` : 'null'})`;
  const answer = (attemptId: string, questionId: string, optionIds: string[]) =>
    `insert into course_attempt_answers (attempt_id, question_id, answer, updated_at) values ('${attemptId}', '${questionId}', '${JSON.stringify({ optionIds })}', 2)`;
  return [
    user('u1'),
    user('u2'),
    `insert into course_lessons (id, module_id, title, summary, position, published, free_preview, kind, duration_seconds, body, created_at, updated_at) values ('quiz', '${moduleId}', 'Quiz', '', 0, true, false, 'quiz', null, '', 1, 1)`,
    attempt('a1', 'u1', 1, { qa: false, qb: false, passed: false }),
    answer('a1', 'qa', ['ob']),
    answer('a1', 'qb', ['oc', 'oe']),
    attempt('a2', 'u1', 2, { qa: true, qb: true, passed: true }),
    answer('a2', 'qa', ['oa']),
    answer('a2', 'qb', ['oc', 'od']),
    attempt('a3', 'u2', 1, { qa: false, qb: false, passed: false }),
    answer('a3', 'qa', ['ob']),
    // Open: counts for nothing.
    attempt('a4', 'u2', 2, null),
    answer('a4', 'qa', ['ob']),
  ];
}

/** The insights of the rows above, back-filled. */
export const INSIGHTS_AFTER_UPGRADE = {
  attempts: 3,
  members: 2,
  passed: 1,
  questions: [
    { _id: 'qa', answered: 3, correctPercent: 33, commonWrongOptionId: 'ob' },
    { _id: 'qb', answered: 3, correctPercent: 33, commonWrongOptionId: 'oe' },
  ],
};

/** ...and once u1 is deleted. */
export const INSIGHTS_AFTER_U1_DELETED = {
  attempts: 1,
  members: 1,
  passed: 0,
  questions: [
    { _id: 'qa', answered: 1, correctPercent: 0, commonWrongOptionId: 'ob' },
    { _id: 'qb', answered: 1, correctPercent: 0, commonWrongOptionId: null },
  ],
};
