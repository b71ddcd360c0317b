// CONTRACT §8 through the REST façade, on a real database (SQLite, and PostgreSQL in the postgres
// project): the admin's quiz calls, a member's attempts and their rules, and each bug the issue
// names from other platforms' trackers as a test of its own.
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { QUIZ_MESSAGES, type Attempt, type MemberQuiz, type Question } from '../../../shared/quiz';
import { closeAdminApp, startAdminApp, type AdminApp } from '../../../tests/support/admin-app';
import { courseSite, type CourseSite } from '../../../tests/support/course-site';
import { auditEntries, courseAttempts } from '../../db/schema';

let site: AdminApp;
let course: CourseSite;
let ahead = 0;
const clock = () => Date.now() + ahead;

beforeEach(async () => {
  ahead = 0;
  site = await startAdminApp({ build: { clock } });
  course = courseSite(site);
});
afterEach(async () => {
  await closeAdminApp(site);
});

const api: CourseSite['api'] = (...call) => course.api(...call);

/** The right answers of the questions below: none of these texts may reach a member before a submit. */
const SECRET_TEXT = 'observer-effect-secret';

async function quizLesson(settings: Record<string, unknown> = {}) {
  const module = await course.createModule({ title: 'Foundations', published: true });
  const video = await course.createLesson({ moduleId: module._id, title: 'The Observer Is The Operator', kind: 'video' });
  const quiz = await course.createLesson({ moduleId: module._id, title: 'Check-in', kind: 'quiz' });
  const res = await api('PUT', `/api/admin/course/lessons/${quiz._id}`, { quiz: { passPercent: 60, ...settings } });
  expect(res.status, res.raw).toBe(200);
  const add = async (body: Record<string, unknown>) => {
    const created = await api('POST', `/api/admin/course/lessons/${quiz._id}/questions`, body);
    expect(created.status, created.raw).toBe(201);
    return (created.body as { question: Question }).question;
  };
  const single = await add({
    kind: 'single',
    prompt: 'Who collapses the wave?',
    options: [
      { text: 'The observer', correct: true },
      { text: 'The wave', correct: false },
    ],
    explanation: 'Attention chooses.',
    taught: { lessonId: video._id, startSeconds: 252, endSeconds: 280 },
  });
  const multiple = await add({
    kind: 'multiple',
    prompt: 'Which are practices?',
    points: 2,
    options: [
      { text: 'Breath', correct: true },
      { text: 'Stillness', correct: true },
      { text: 'Scrolling', correct: false },
    ],
  });
  const text = await add({ kind: 'text', prompt: 'Name the effect', answers: [SECRET_TEXT] });
  return { module, video, quiz, single, multiple, text };
}

const right = (question: Question) => question.options.filter((option) => option.correct).map((option) => option._id);
const wrong = (question: Question) => question.options.filter((option) => !option.correct).map((option) => option._id);

async function start(lessonId: string, token: string, status = 201) {
  const res = await api('POST', `/api/course/lessons/${lessonId}/attempts`, {}, token);
  expect(res.status, res.raw).toBe(status);
  return (res.body as { attempt: Attempt }).attempt;
}
const answer = (attemptId: string, questionId: string, body: Record<string, unknown>, token: string) =>
  api('PUT', `/api/course/attempts/${attemptId}/answers/${questionId}`, body, token);
async function submit(attemptId: string, token: string) {
  const res = await api('POST', `/api/course/attempts/${attemptId}/submit`, {}, token);
  expect(res.status, res.raw).toBe(200);
  return (res.body as { attempt: Attempt }).attempt;
}

describe('the admin', () => {
  it('sets the quiz, writes questions with errors that name the field, reorders them, and is audited', async () => {
    const { module, quiz, single, multiple, text } = await quizLesson({ attemptsAllowed: 3 });
    const tree = (await api('GET', '/api/admin/course')).body as { modules: Array<{ lessons: Array<{ _id: string; quiz: unknown; questions: Question[] }> }> };
    const lesson = tree.modules.flatMap((module) => module.lessons).find((candidate) => candidate._id === quiz._id)!;
    expect(lesson.quiz).toEqual({
      passPercent: 60,
      attemptsAllowed: 3,
      retryAfterMinutes: 0,
      questionsPerAttempt: null,
      shuffle: false,
      requiredToComplete: true,
    });
    expect(lesson.questions.map((question) => question._id)).toEqual([single._id, multiple._id, text._id]);

    const twoRight = await api('POST', `/api/admin/course/lessons/${quiz._id}/questions`, {
      kind: 'single',
      prompt: 'Two right?',
      options: [
        { text: 'a', correct: true },
        { text: 'b', correct: true },
      ],
    });
    expect(twoRight.status).toBe(400);
    expect(twoRight.body.message).toContain('options: a single-choice question has exactly one right option');
    const badPass = await api('PUT', `/api/admin/course/lessons/${quiz._id}`, { quiz: { passPercent: 101 } });
    expect(badPass.status).toBe(400);
    expect(badPass.body.message).toContain('quiz.passPercent must be a whole number from 0 to 100');
    const textLesson = await course.createLesson({ moduleId: module._id, title: 'Plain' });
    expect((await api('PUT', `/api/admin/course/lessons/${textLesson._id}`, { quiz: { passPercent: 50 } })).body.message).toBe(
      'quiz: a text lesson has no quiz settings',
    );
    expect((await api('POST', `/api/admin/course/lessons/${textLesson._id}/questions`, { kind: 'text', prompt: 'x', answers: ['y'] })).status).toBe(409);

    const order = [text._id, single._id, multiple._id];
    const reordered = await api('PUT', `/api/admin/course/lessons/${quiz._id}/questions/order`, { ids: order });
    expect(reordered.status, reordered.raw).toBe(200);
    expect((reordered.body.questions as Question[]).map((question) => question._id)).toEqual(order);
    expect((await api('PUT', `/api/admin/course/lessons/${quiz._id}/questions/order`, { ids: order.slice(1) })).status).toBe(400);

    const edited = await api('PUT', `/api/admin/course/questions/${single._id}`, { ...single, _id: undefined, prompt: 'Who chooses?' });
    expect(edited.status, edited.raw).toBe(200);
    // Options keep their ids through an edit.
    expect((edited.body.question as Question).options.map((option) => option._id)).toEqual(single.options.map((option) => option._id));
    expect((await api('DELETE', `/api/admin/course/questions/${multiple._id}`)).body).toEqual({ message: QUIZ_MESSAGES.questionDeleted });
    expect((await api('DELETE', `/api/admin/course/questions/${multiple._id}`)).status).toBe(404);

    const actions = (await site.db.db.select({ action: auditEntries.action }).from(auditEntries))
      .map((entry) => entry.action)
      .filter((action) => action.startsWith('course.quiz.'));
    expect(actions.sort()).toEqual(
      [
        'course.quiz.update',
        'course.quiz.question.create',
        'course.quiz.question.create',
        'course.quiz.question.create',
        'course.quiz.question.reorder',
        'course.quiz.question.update',
        'course.quiz.question.delete',
      ].sort(),
    );
  });
});

describe('a member', () => {
  it('never receives a right answer before submitting, then gets each result with its explanation and moment', async () => {
    const { quiz, single, multiple, text } = await quizLesson();
    const member = await course.member('architect@example.com', true);
    const before = await api('GET', `/api/course/lessons/${quiz._id}`, undefined, member.token);
    expect(before.body.quiz).toEqual({ passPercent: 60, attemptsAllowed: null, attemptsUsed: 0, retryAt: null, best: null, open: null });
    const started = await api('POST', `/api/course/lessons/${quiz._id}/attempts`, {}, member.token);
    const attemptId = (started.body as { attempt: Attempt }).attempt._id;
    const saved = await answer(attemptId, single._id, { optionIds: [right(single)[0]] }, member.token);
    const reading = await api('GET', `/api/course/lessons/${quiz._id}`, undefined, member.token);
    const attempt = await api('GET', `/api/course/attempts/${attemptId}`, undefined, member.token);
    for (const res of [before, started, saved, reading, attempt]) {
      expect(res.raw).not.toContain(SECRET_TEXT);
      expect(res.raw).not.toContain('"correct"');
      expect(res.raw).not.toContain('Attention chooses');
    }
    // A reload shows the answer given.
    expect((reading.body.quiz as { open: Attempt }).open.answers).toEqual({ [single._id]: { optionIds: [right(single)[0]] } });

    await answer(attemptId, multiple._id, { optionIds: right(multiple) }, member.token);
    await answer(attemptId, text._id, { text: `  ${SECRET_TEXT.toUpperCase()}  ` }, member.token);
    const result = await submit(attemptId, member.token);
    expect(result.percent).toBe(100);
    expect(result.passed).toBe(true);
    expect(result.results![0]).toEqual({
      questionId: single._id,
      earned: 1,
      points: 1,
      correct: true,
      correctOptionIds: right(single),
      explanation: 'Attention chooses.',
      taught: { lessonId: single.taught!.lessonId, startSeconds: 252, endSeconds: 280, lessonTitle: 'The Observer Is The Operator' },
    });
    expect(result.results![2]).toMatchObject({ questionId: text._id, correct: true, answers: [SECRET_TEXT] });
  });

  it('refuses answers of the wrong shape with a 400 naming the field, and another member sees a 404', async () => {
    const { quiz, single, text } = await quizLesson();
    const member = await course.member('architect@example.com', true);
    const other = await course.member('other@example.com', true);
    const attempt = await start(quiz._id, member.token);
    const tooMany = await answer(attempt._id, single._id, { optionIds: single.options.map((option) => option._id) }, member.token);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe('optionIds: this question takes one option');
    expect((await answer(attempt._id, single._id, { optionIds: ['nope'] }, member.token)).body.message).toBe(
      "optionIds: no option with id 'nope' in this question",
    );
    expect((await answer(attempt._id, text._id, { optionIds: [] }, member.token)).status).toBe(400);
    expect((await answer(attempt._id, 'missing', { text: 'x' }, member.token)).body.message).toBe(QUIZ_MESSAGES.noSuchQuestionInAttempt('missing'));
    expect((await answer(attempt._id, text._id, { text: 'x', optionIds: [] }, member.token)).status).toBe(400);
    expect((await api('GET', `/api/course/attempts/${attempt._id}`, undefined, other.token)).status).toBe(404);
    expect((await answer(attempt._id, text._id, { text: 'x' }, other.token)).status).toBe(404);
    expect((await api('POST', `/api/course/attempts/${attempt._id}/submit`, {}, other.token)).status).toBe(404);
  });

  it('an Explorer is refused a paid quiz as any lesson, and a quiz is never completed by a mark', async () => {
    const { quiz } = await quizLesson();
    const explorer = await course.member('explorer@example.com');
    const refused = await api('POST', `/api/course/lessons/${quiz._id}/attempts`, {}, explorer.token);
    expect(refused.status).toBe(403);
    const architect = await course.member('architect@example.com', true);
    const mark = await api('PUT', `/api/course/lessons/${quiz._id}/progress`, { positionSeconds: 0, completed: true }, architect.token);
    expect(mark.status).toBe(409);
    expect(mark.body).toEqual({ message: QUIZ_MESSAGES.passToComplete });
  });
});

describe("the other platforms' bugs", () => {
  it('a second browser tab does not get around the attempt limit (frappe/lms #1314): 20 parallel starts make one attempt', async () => {
    const { quiz } = await quizLesson({ attemptsAllowed: 1 });
    const member = await course.member('architect@example.com', true);
    const starts = await Promise.all(Array.from({ length: 20 }, () => api('POST', `/api/course/lessons/${quiz._id}/attempts`, {}, member.token)));
    expect(starts.map((res) => res.status).sort(), starts.map((res) => res.raw).join('\n')).toEqual([...Array<number>(19).fill(200), 201]);
    const ids = starts.map((res) => (res.body as { attempt: Attempt }).attempt._id);
    expect(new Set(ids).size).toBe(1);
    await submit(ids[0]!, member.token);
    const again = await Promise.all(Array.from({ length: 20 }, () => api('POST', `/api/course/lessons/${quiz._id}/attempts`, {}, member.token)));
    expect(again.map((res) => res.status)).toEqual(Array<number>(20).fill(409));
    expect(again[0]!.body).toEqual({ message: QUIZ_MESSAGES.noAttemptsLeft });
    expect(await site.db.db.select({ id: courseAttempts.id }).from(courseAttempts).where(eq(courseAttempts.lessonId, quiz._id))).toHaveLength(1);
  });

  it('"Try again" does not show the previous attempt (frappe/lms #398)', async () => {
    const { quiz, single } = await quizLesson();
    const member = await course.member('architect@example.com', true);
    const first = await start(quiz._id, member.token);
    await answer(first._id, single._id, { optionIds: wrong(single) }, member.token);
    await submit(first._id, member.token);
    const second = await start(quiz._id, member.token);
    expect(second._id).not.toBe(first._id);
    expect(second.number).toBe(2);
    expect(second.answers).toEqual({});
    expect(second.results).toBeNull();
  });

  it('a score never passes 100 % after a reload or a second submit (frappe/lms #806)', async () => {
    const { quiz, single, multiple, text } = await quizLesson();
    const member = await course.member('architect@example.com', true);
    const attempt = await start(quiz._id, member.token);
    await answer(attempt._id, single._id, { optionIds: right(single) }, member.token);
    await answer(attempt._id, multiple._id, { optionIds: right(multiple) }, member.token);
    await answer(attempt._id, text._id, { text: SECRET_TEXT }, member.token);
    const first = await submit(attempt._id, member.token);
    const again = await submit(attempt._id, member.token);
    expect(again).toEqual(first);
    expect(first.percent).toBe(100);
    const late = await answer(attempt._id, single._id, { optionIds: wrong(single) }, member.token);
    expect(late.status).toBe(409);
    expect((await api('GET', `/api/course/attempts/${attempt._id}`, undefined, member.token)).body.attempt).toEqual(first);
  });

  it('a lesson does not count as complete without a pass (WordPress/Learn #2667), and a pass earns the certificate', async () => {
    const { quiz, video, single } = await quizLesson();
    const member = await course.member('architect@example.com', true);
    // The video is the course's other lesson: complete it, so that the quiz is all that is left.
    await api('PUT', `/api/course/lessons/${video._id}/progress`, { positionSeconds: 0, completed: true }, member.token);
    const failed = await start(quiz._id, member.token);
    await answer(failed._id, single._id, { optionIds: right(single) }, member.token);
    expect((await submit(failed._id, member.token)).passed).toBe(false);
    expect((await lessonProgress(quiz._id, member.token)).completedAt).toBeNull();
    expect((await api('GET', '/api/course/certificate', undefined, member.token)).status).toBe(404);
    const passed = await start(quiz._id, member.token);
    for (const question of passed.questions) {
      const body = question.kind === 'text' ? { text: SECRET_TEXT } : { optionIds: right((await questionsOf(quiz._id)).find((q) => q._id === question._id)!) };
      await answer(passed._id, question._id, body, member.token);
    }
    expect((await submit(passed._id, member.token)).passed).toBe(true);
    expect((await lessonProgress(quiz._id, member.token)).completedAt).not.toBeNull();
    expect((await api('GET', '/api/course/certificate', undefined, member.token)).status).toBe(200);
  });

  it('a retake updates the grade (WordPress/Learn #3359): the best attempt counts', async () => {
    const { quiz, single, multiple } = await quizLesson();
    const member = await course.member('architect@example.com', true);
    const first = await start(quiz._id, member.token);
    await answer(first._id, single._id, { optionIds: right(single) }, member.token);
    await submit(first._id, member.token);
    expect((await memberQuiz(quiz._id, member.token)).best).toEqual({ percent: 25, passed: false });
    const second = await start(quiz._id, member.token);
    await answer(second._id, single._id, { optionIds: right(single) }, member.token);
    await answer(second._id, multiple._id, { optionIds: right(multiple) }, member.token);
    await submit(second._id, member.token);
    expect(await memberQuiz(quiz._id, member.token)).toMatchObject({ attemptsUsed: 2, best: { percent: 75, passed: true } });
    // A worse third attempt leaves the best as it was.
    const third = await start(quiz._id, member.token);
    await submit(third._id, member.token);
    expect((await memberQuiz(quiz._id, member.token)).best).toEqual({ percent: 75, passed: true });
  });

  it('the best attempt is a pass before a higher percent that failed, as when the pass mark rose between them', async () => {
    const { quiz, single, multiple } = await quizLesson({ passPercent: 20 });
    const member = await course.member('architect@example.com', true);
    const low = await start(quiz._id, member.token);
    await answer(low._id, single._id, { optionIds: right(single) }, member.token);
    expect(await submit(low._id, member.token)).toMatchObject({ percent: 25, passed: true });
    expect((await api('PUT', `/api/admin/course/lessons/${quiz._id}`, { quiz: { passPercent: 100 } })).status).toBe(200);
    const high = await start(quiz._id, member.token);
    await answer(high._id, single._id, { optionIds: right(single) }, member.token);
    await answer(high._id, multiple._id, { optionIds: right(multiple) }, member.token);
    expect(await submit(high._id, member.token)).toMatchObject({ percent: 75, passed: false });
    expect(await memberQuiz(quiz._id, member.token)).toMatchObject({ attemptsUsed: 2, best: { percent: 25, passed: true } });
  });

  it('ticking every option does not earn full marks (CourseLit): wrong picks cost', async () => {
    const { quiz, multiple } = await quizLesson();
    const member = await course.member('architect@example.com', true);
    const attempt = await start(quiz._id, member.token);
    await answer(attempt._id, multiple._id, { optionIds: multiple.options.map((option) => option._id) }, member.token);
    const result = await submit(attempt._id, member.token);
    // 2 right picks − 1 wrong pick, of 2 right options: half of its 2 points, 1 of 4 in all.
    expect(result.results!.find((entry) => entry.questionId === multiple._id)).toMatchObject({ earned: 1, points: 2, correct: false });
    expect(result.percent).toBe(25);
  });
});

describe('the rules of attempts', () => {
  it("are in the member's data export, and go with their account", async () => {
    const { quiz, single } = await quizLesson();
    const member = await course.member('architect@example.com', true);
    const attempt = await start(quiz._id, member.token);
    await answer(attempt._id, single._id, { optionIds: right(single) }, member.token);
    const exported = await site.t.app.inject({ method: 'GET', url: '/api/account/export', headers: { authorization: `Bearer ${member.token}` } });
    const file = exported.json<{ quizAttempts: Array<Attempt & { lessonId: string }> }>();
    expect(file.quizAttempts).toEqual([{ ...attempt, lessonId: quiz._id, answers: { [single._id]: { optionIds: right(single) } } }]);
    expect(exported.body).not.toContain(SECRET_TEXT);
    const deleted = await api('DELETE', '/api/account', { password: 'member password', confirm: 'DELETE' }, member.token);
    expect(deleted.status, deleted.raw).toBe(200);
    expect(await site.db.db.select({ id: courseAttempts.id }).from(courseAttempts)).toEqual([]);
  });

  it("keeps an attempt's questions as they were when it started, whatever the admin edits", async () => {
    const { quiz, single } = await quizLesson();
    const member = await course.member('architect@example.com', true);
    const attempt = await start(quiz._id, member.token);
    const flipped = single.options.map((option) => ({ ...option, correct: !option.correct }));
    expect((await api('PUT', `/api/admin/course/questions/${single._id}`, { ...single, _id: undefined, prompt: 'Changed', options: flipped })).status).toBe(
      200,
    );
    await answer(attempt._id, single._id, { optionIds: right(single) }, member.token);
    const result = await submit(attempt._id, member.token);
    expect(result.questions.find((question) => question._id === single._id)!.prompt).toBe('Who collapses the wave?');
    expect(result.results!.find((entry) => entry.questionId === single._id)).toMatchObject({ correct: true });
  });

  it('waits the retry time after a submit, with Retry-After and the wait in words', async () => {
    const { quiz } = await quizLesson({ retryAfterMinutes: 30 });
    const member = await course.member('architect@example.com', true);
    await submit((await start(quiz._id, member.token))._id, member.token);
    const early = await api('POST', `/api/course/lessons/${quiz._id}/attempts`, {}, member.token);
    expect(early.status).toBe(429);
    expect(early.body).toEqual({ message: 'You can try again in 30 minutes' });
    expect(early.headers['retry-after']).toBe('1800');
    expect((await memberQuiz(quiz._id, member.token)).retryAt).not.toBeNull();
    ahead = 31 * 60_000;
    await start(quiz._id, member.token);
  });

  it('chooses and shuffles questions per attempt when the quiz says so, and a quiz without questions cannot start', async () => {
    const { quiz } = await quizLesson({ questionsPerAttempt: 2, shuffle: true });
    const member = await course.member('architect@example.com', true);
    const attempt = await start(quiz._id, member.token);
    expect(attempt.questions).toHaveLength(2);
    const module = await course.createModule({ title: 'Empty', published: true });
    const empty = await course.createLesson({ moduleId: module._id, title: 'Empty quiz', kind: 'quiz' });
    const res = await api('POST', `/api/course/lessons/${empty._id}/attempts`, {}, member.token);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: QUIZ_MESSAGES.noQuestions });
  });
});

const memberQuiz = async (lessonId: string, token: string) => (await api('GET', `/api/course/lessons/${lessonId}`, undefined, token)).body.quiz as MemberQuiz;
const lessonProgress = async (lessonId: string, token: string) =>
  (await api('GET', `/api/course/lessons/${lessonId}`, undefined, token)).body.progress as { completedAt: string | null };

describe('the quiz insights', () => {
  it('count submitted attempts, members and passes, and per question the percent right and the wrong option picked most', async () => {
    const { quiz, single, multiple, text } = await quizLesson();
    const ann = await course.member('ann@example.com', true);
    const bob = await course.member('bob@example.com', true);
    // Ann: two attempts, the second passes; Bob: one, which picks the wrong option of the single.
    const first = await start(quiz._id, ann.token);
    await answer(first._id, single._id, { optionIds: wrong(single) }, ann.token);
    await submit(first._id, ann.token);
    const second = await start(quiz._id, ann.token);
    await answer(second._id, single._id, { optionIds: right(single) }, ann.token);
    await answer(second._id, multiple._id, { optionIds: right(multiple) }, ann.token);
    await submit(second._id, ann.token);
    const bobs = await start(quiz._id, bob.token);
    await answer(bobs._id, single._id, { optionIds: wrong(single) }, bob.token);
    await answer(bobs._id, multiple._id, { optionIds: [...right(multiple), ...wrong(multiple)] }, bob.token);
    await submit(bobs._id, bob.token);
    // An open attempt counts for nothing.
    await start(quiz._id, bob.token);
    const res = await api('GET', `/api/admin/course/lessons/${quiz._id}/quiz-insights`);
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toEqual({
      attempts: 3,
      members: 2,
      passed: 1,
      questions: [
        { _id: single._id, answered: 3, correctPercent: 33, commonWrongOptionId: wrong(single)[0] },
        { _id: multiple._id, answered: 3, correctPercent: 33, commonWrongOptionId: wrong(multiple)[0] },
        { _id: text._id, answered: 3, correctPercent: 0, commonWrongOptionId: null },
      ],
    });
    expect((await api('GET', `/api/admin/course/lessons/${quiz._id}/quiz-insights`, undefined, ann.token)).status).toBe(403);
  });
});

async function questionsOf(lessonId: string): Promise<Question[]> {
  const tree = (await api('GET', '/api/admin/course')).body as { modules: Array<{ lessons: Array<{ _id: string; questions: Question[] }> }> };
  return tree.modules.flatMap((module) => module.lessons).find((lesson) => lesson._id === lessonId)!.questions;
}

describe("the admin's preview", () => {
  /** A tRPC mutation of the preview (it has no REST route: it changes nothing and is the Course Manager's own). */
  async function preview(call: 'start' | 'score', input: unknown, token = site.adminToken) {
    const res = await site.t.app.inject({
      method: 'POST',
      url: `/trpc/course.quiz.preview.${call}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify(input),
    });
    const body = res.json<{ result?: { data: { attempt: Attempt } }; error?: { message: string } }>();
    return { status: res.statusCode, attempt: body.result?.data.attempt, message: body.error?.message };
  }

  it('scores as an attempt would, with the right answers only after, and records nothing', async () => {
    const { quiz, single, multiple, text } = await quizLesson();
    const shown = await preview('start', { id: quiz._id });
    expect(shown.status).toBe(200);
    expect(shown.attempt!.questions.map((question) => question._id)).toEqual([single._id, multiple._id, text._id]);
    expect(JSON.stringify(shown.attempt)).not.toContain(SECRET_TEXT);
    expect(JSON.stringify(shown.attempt)).not.toContain('"correct"');

    const scored = await preview('score', {
      id: quiz._id,
      questionIds: [single._id, multiple._id, text._id],
      answers: [
        { questionId: single._id, optionIds: right(single) },
        { questionId: multiple._id, optionIds: [...right(multiple), ...wrong(multiple)] },
        { questionId: text._id, text: `  ${SECRET_TEXT.toUpperCase()} ` },
      ],
    });
    expect(scored.status).toBe(200);
    // 1 + 2 × (2 − 1) ÷ 2 + 1 of 4 points: 75 %, a pass at 60 %.
    expect(scored.attempt).toMatchObject({ percent: 75, passed: true });
    expect(scored.attempt!.results!.find((result) => result.questionId === single._id)!.taught).toMatchObject({
      lessonTitle: 'The Observer Is The Operator',
      startSeconds: 252,
    });
    expect(await site.db.db.select({ id: courseAttempts.id }).from(courseAttempts)).toEqual([]);
    const insights = await api('GET', `/api/admin/course/lessons/${quiz._id}/quiz-insights`);
    expect(insights.body).toMatchObject({ attempts: 0, members: 0 });
  });

  it('refuses answers of the wrong shape, a question deleted meanwhile, and anyone but an admin', async () => {
    const { quiz, single, text } = await quizLesson();
    const ids = [single._id, text._id];
    const twoPicks = await preview('score', {
      id: quiz._id,
      questionIds: ids,
      answers: [{ questionId: single._id, optionIds: single.options.map((option) => option._id) }],
    });
    expect(twoPicks).toMatchObject({ status: 400, message: 'optionIds: this question takes one option' });
    const twice = await preview('score', { id: quiz._id, questionIds: [single._id, single._id], answers: [] });
    expect(twice.status).toBe(400);
    expect(twice.message).toContain('questionIds must name each question once');
    expect((await api('DELETE', `/api/admin/course/questions/${text._id}`)).status).toBe(200);
    expect(await preview('score', { id: quiz._id, questionIds: ids, answers: [] })).toMatchObject({ status: 409, message: QUIZ_MESSAGES.previewOutdated });
    const member = await course.member('architect@example.com', true);
    expect((await preview('start', { id: quiz._id }, member.token)).status).toBe(403);
  });
});
