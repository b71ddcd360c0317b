// Members submitting the same quiz at once (issue 35 "Figures": 2,000 members within 60 s), on
// SQLite and PostgreSQL: every one gets their result, and the insights count each once. On
// PostgreSQL every submit adds to the same tally rows; before submits took turns (decision 054),
// 13 of 40 such submits ran out of tries on "could not serialize access" and answered 500. Now
// (decision 059) submits run side by side, read committed, each after the saves in flight on its attempt.
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Attempt, Question } from '../../../shared/quiz';
import { closeAdminApp, startAdminApp, type AdminApp } from '../../../tests/support/admin-app';
import { courseSite, type CourseSite } from '../../../tests/support/course-site';

const MEMBERS = 40;

let site: AdminApp;
let course: CourseSite;
beforeEach(async () => {
  site = await startAdminApp({ env: { REGISTRATIONS_PER_HOUR: String(MEMBERS) } });
  course = courseSite(site);
});
afterEach(async () => {
  await closeAdminApp(site);
});

it(`${MEMBERS} members submitting one quiz at once all get their result, and the insights count each`, async () => {
  const module = await course.createModule({ title: 'Foundations', published: true });
  const quiz = await course.createLesson({ moduleId: module._id, title: 'Check-in', kind: 'quiz' });
  expect((await course.api('PUT', `/api/admin/course/lessons/${quiz._id}`, { quiz: { passPercent: 50 } })).status).toBe(200);
  const created = await course.api('POST', `/api/admin/course/lessons/${quiz._id}/questions`, {
    kind: 'single',
    prompt: 'Who collapses the wave?',
    options: [
      { text: 'The observer', correct: true },
      { text: 'The wave', correct: false },
    ],
  });
  const question = created.body.question as Question;
  const members: Array<{ token: string; id: string }> = [];
  for (let i = 0; i < MEMBERS; i++) members.push(await course.member(`member${i}@example.com`, true));
  const attempts = await Promise.all(
    members.map(async (member) => (await course.api('POST', `/api/course/lessons/${quiz._id}/attempts`, {}, member.token)).body.attempt as Attempt),
  );
  // Half right, half wrong.
  await Promise.all(
    attempts.map((attempt, i) =>
      course.api('PUT', `/api/course/attempts/${attempt._id}/answers/${question._id}`, { optionIds: [question.options[i % 2]!._id] }, members[i]!.token),
    ),
  );
  const submitted = await Promise.all(attempts.map((attempt, i) => course.api('POST', `/api/course/attempts/${attempt._id}/submit`, {}, members[i]!.token)));
  expect(submitted.map((res) => res.status)).toEqual(members.map(() => 200));
  const insights = await course.api('GET', `/api/admin/course/lessons/${quiz._id}/quiz-insights`);
  expect(insights.body).toEqual({
    attempts: MEMBERS,
    members: MEMBERS,
    passed: MEMBERS / 2,
    questions: [{ _id: question._id, answered: MEMBERS, correctPercent: 50, commonWrongOptionId: question.options[1]!._id }],
  });
});

it('an answer saved while its attempt is submitted is either in the result or refused with 409, never saved and left out', async () => {
  const module = await course.createModule({ title: 'Foundations', published: true });
  const quiz = await course.createLesson({ moduleId: module._id, title: 'Check-in', kind: 'quiz' });
  const questions: Question[] = [];
  for (let n = 0; n < 4; n++) {
    const created = await course.api('POST', `/api/admin/course/lessons/${quiz._id}/questions`, {
      kind: 'single',
      prompt: `Question ${n + 1}`,
      options: [
        { text: 'Right', correct: true },
        { text: 'Wrong', correct: false },
      ],
    });
    questions.push(created.body.question as Question);
  }
  const members: Array<{ token: string; id: string }> = [];
  for (let i = 0; i < 10; i++) members.push(await course.member(`racer${i}@example.com`, true));
  await Promise.all(
    members.map(async (member) => {
      const attempt = (await course.api('POST', `/api/course/lessons/${quiz._id}/attempts`, {}, member.token)).body.attempt as Attempt;
      const saveAnswers = questions.map((question) =>
        course.api('PUT', `/api/course/attempts/${attempt._id}/answers/${question._id}`, { optionIds: [question.options[0]!._id] }, member.token),
      );
      const [submitted, ...saved] = await Promise.all([course.api('POST', `/api/course/attempts/${attempt._id}/submit`, {}, member.token), ...saveAnswers]);
      expect(submitted.status).toBe(200);
      const result = submitted.body.attempt as Attempt;
      for (const [n, save] of saved.entries()) {
        expect([200, 409]).toContain(save.status);
        expect(questions[n]!._id in result.answers).toBe(save.status === 200);
        expect(result.results!.find((r) => r.questionId === questions[n]!._id)!.earned).toBe(save.status === 200 ? 1 : 0);
      }
      // What the attempt reads later is what was scored.
      expect((await course.api('GET', `/api/course/attempts/${attempt._id}`, undefined, member.token)).body.attempt).toEqual(result);
    }),
  );
});
