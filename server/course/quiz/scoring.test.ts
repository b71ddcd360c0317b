// CONTRACT §8's scoring held to its formula with any questions and answers (fast-check, as the
// course insights are): the percent stays in 0 to 100, ticking every option never earns full marks
// on a question with a wrong option, answering exactly the right options always does, and a text
// answer matches whatever its spaces and case.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Answer, Question } from '../../../shared/quiz';
import { earnedPoints, normalizedText, scoreOf } from './scoring';

const choiceQuestion: fc.Arbitrary<Question> = fc
  .record({
    kind: fc.constantFrom('single' as const, 'multiple' as const),
    correct: fc.array(fc.boolean(), { minLength: 2, maxLength: 10 }),
    points: fc.integer({ min: 1, max: 10 }),
    id: fc.uuid(),
  })
  .map(({ kind, correct, points, id }) => {
    // single: exactly one right option; multiple: at least one.
    const flags = kind === 'single' ? correct.map((_, i) => i === 0) : correct.some(Boolean) ? correct : [true, ...correct.slice(1)];
    return {
      _id: id,
      kind,
      prompt: 'p',
      options: flags.map((flag, i) => ({ _id: `o${i}`, text: `option ${i}`, correct: flag })),
      answers: [],
      explanation: '',
      points,
      taught: null,
    };
  });

const textQuestion: fc.Arbitrary<Question> = fc
  .record({
    answers: fc.array(fc.string({ minLength: 1, maxLength: 20 }), { minLength: 1, maxLength: 10 }),
    points: fc.integer({ min: 1, max: 10 }),
    id: fc.uuid(),
  })
  .map(({ answers, points, id }) => ({ _id: id, kind: 'text', prompt: 'p', options: [], answers, explanation: '', points, taught: null }));

const question = fc.oneof(choiceQuestion, textQuestion);

/** Any answer a member could send to `q`: options of it (a single takes one at most) or a text. */
const anyAnswer = (q: Question): fc.Arbitrary<Answer | undefined> =>
  q.kind === 'text'
    ? fc.option(
        fc.oneof(fc.constantFrom(...q.answers), fc.string()).map((text) => ({ text })),
        { nil: undefined },
      )
    : fc.option(
        fc
          .subarray(
            q.options.map((option) => option._id),
            { minLength: 0, maxLength: q.kind === 'single' ? 1 : q.options.length },
          )
          .map((optionIds) => ({ optionIds })),
        { nil: undefined },
      );

const quizWithAnswers = fc
  .array(question, { minLength: 1, maxLength: 12 })
  .chain((questions) => fc.tuple(fc.constant(questions), fc.tuple(...questions.map(anyAnswer))))
  .map(([questions, answers]) => ({
    questions,
    answers: Object.fromEntries(questions.flatMap((q, i) => (answers[i] ? [[q._id, answers[i]]] : []))) as Record<string, Answer>,
  }));

const rightAnswer = (q: Question): Answer =>
  q.kind === 'text' ? { text: q.answers[0]! } : { optionIds: q.options.filter((o) => o.correct).map((o) => o._id) };

describe('scoring', () => {
  it('gives a whole percent from 0 to 100, the floor of 100 × earned ÷ total', () => {
    fc.assert(
      fc.property(quizWithAnswers, ({ questions, answers }) => {
        const { percent, earned, total } = scoreOf(questions, answers);
        expect(Number.isInteger(percent)).toBe(true);
        expect(percent).toBeGreaterThanOrEqual(0);
        expect(percent).toBeLessThanOrEqual(100);
        expect(earned).toBeLessThanOrEqual(total + 1e-9);
        expect(percent).toBe(Math.min(100, Math.floor((100 * earned) / total + 1e-9)));
      }),
    );
  });

  it('never gives full marks for ticking every option of a question with a wrong option', () => {
    fc.assert(
      fc.property(
        choiceQuestion.filter((q) => q.kind === 'multiple' && q.options.some((o) => !o.correct)),
        (q) => {
          expect(earnedPoints(q, { optionIds: q.options.map((o) => o._id) })).toBeLessThan(q.points);
        },
      ),
    );
  });

  it('always gives full marks, and 100 %, for exactly the right answers', () => {
    fc.assert(
      fc.property(fc.array(question, { minLength: 1, maxLength: 12 }), (questions) => {
        const answers = Object.fromEntries(questions.map((q) => [q._id, rightAnswer(q)]));
        for (const q of questions) expect(earnedPoints(q, answers[q._id])).toBe(q.points);
        expect(scoreOf(questions, answers).percent).toBe(100);
      }),
    );
  });

  it('earns points × max(0, right picks − wrong picks) ÷ right options on a multiple-choice question', () => {
    fc.assert(
      fc.property(
        choiceQuestion.filter((q) => q.kind === 'multiple').chain((q) => fc.tuple(fc.constant(q), fc.subarray(q.options))),
        ([q, picked]) => {
          const rightPicks = picked.filter((o) => o.correct).length;
          const wrongPicks = picked.length - rightPicks;
          const rightCount = q.options.filter((o) => o.correct).length;
          expect(earnedPoints(q, { optionIds: picked.map((o) => o._id) })).toBeCloseTo((q.points * Math.max(0, rightPicks - wrongPicks)) / rightCount, 9);
        },
      ),
    );
  });

  it('matches a text answer after trimming, collapsing spaces, NFC and ignoring case', () => {
    fc.assert(
      fc.property(textQuestion, fc.integer({ min: 1, max: 3 }), (q, spaces) => {
        const accepted = q.answers[0]!;
        const typed = `${' '.repeat(spaces)}${accepted.toUpperCase().replace(/ /g, ' '.repeat(spaces))}\t`;
        expect(normalizedText(typed)).toBe(normalizedText(accepted.toUpperCase()));
      }),
    );
    const q: Question = { _id: 'q', kind: 'text', prompt: 'p', options: [], answers: ['Café  Schrödinger'], explanation: '', points: 3, taught: null };
    // "é" typed as e + combining acute (NFD), in capitals, with spaces around and between.
    expect(earnedPoints(q, { text: '  CAFE\u0301 schrödinger ' })).toBe(3);
    expect(earnedPoints(q, { text: 'Cafe Schrodinger' })).toBe(0);
    expect(earnedPoints(q, { optionIds: [] })).toBe(0);
  });

  it('takes one option on a single-choice question: the right one earns its points, nothing else does', () => {
    fc.assert(
      fc.property(
        choiceQuestion.filter((q) => q.kind === 'single'),
        (q) => {
          for (const option of q.options) expect(earnedPoints(q, { optionIds: [option._id] })).toBe(option.correct ? q.points : 0);
          expect(earnedPoints(q, { optionIds: [] })).toBe(0);
        },
      ),
    );
  });
});
