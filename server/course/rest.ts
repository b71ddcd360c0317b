// The course over REST (CONTRACT §2 and §4), each row calling its procedure of courseRouter, which
// merges the rooms' procedures: what members call, and the Course Manager's calls. The file upload
// and the signed file route are routes of their own (files/).
import {
  adminCourseSchema,
  certificateLinkSchema,
  certificateSchema,
  courseInsightsSchema,
  courseProgressSchema,
  courseSearchSchema,
  lessonProgressSchema,
  courseOutlineSchema,
  lessonAnswer,
  lessonReadingSchema,
  lessonsAnswer,
  moduleAnswer,
  modulesAnswer,
  messageAnswer,
  transcodeAnswer,
} from '../../shared/answer-schemas';
import {
  certificateIdInput,
  courseSearchInput,
  courseFileIdInput,
  coursePreviewInput,
  progressSaveInput,
  lessonCreateInput,
  lessonIdInput,
  lessonOrderInput,
  lessonUpdateInput,
  moduleCreateInput,
  moduleIdInput,
  moduleOrderInput,
  moduleUpdateInput,
} from '../../shared/course-schemas';
import { COURSE_MESSAGES } from '../../shared/course';
import { QUIZ_MESSAGES, type Attempt } from '../../shared/quiz';
import { attemptAnswer, questionAnswer, questionsAnswer, quizInsightsSchema, savedAnswer } from '../../shared/quiz-answer-schemas';
import { answerSaveInput, attemptIdInput, questionCreateInput, questionIdInput, questionOrderInput, questionUpdateInput } from '../../shared/quiz-schemas';
import { asIs, type Answer } from '../http/answers';
import { restRowsOf, type RestSection } from '../http/rest-rows';
import { createCallerFactory } from '../trpc/init';
import { courseRouter } from './router';
import { TRANSCODE_MESSAGES } from './stream/stream-router';

const { row, noInputRow } = restRowsOf(createCallerFactory(courseRouter));

/** `{attempt}` of a start's result, which also says whether it started one (the status: 201 or 200). */
const attemptOnly: Answer<{ attempt: Attempt; started: boolean }> = { schema: attemptAnswer, body: ({ attempt }) => ({ attempt }), successFlag: false };

export const courseRest: RestSection = {
  tag: 'Course',
  rows: [
    noInputRow({
      method: 'GET',
      url: '/api/course',
      access: 'public',
      summary: 'The published modules and lessons, each lesson marked locked or not for the caller',
      description:
        "The bearer token is optional: without one, or with one that stands for no active member, the answer is the visitor's. " +
        "reason is sign-in (a visitor), architect (an Explorer, not a free preview) or opens (an Architect before the module's opening day, opensAt).",
      answer: asIs(courseOutlineSchema),
      procedure: (c) => c.outline,
    }),
    row({
      method: 'GET',
      url: '/api/course/lessons/:id',
      access: 'member',
      summary: 'A lesson the caller may open: its body rendered to HTML, and the lessons before and after it that the caller may open',
      description:
        'A draft, or a lesson of a draft module, is a 404 for everyone but admins; drip does not apply to admins. ' +
        "media.url is the signed original file; media.stream is null until the media's transcode into HLS is done, then the signed master " +
        'playlist (url) and poster (null for audio), under a signed prefix that lives as long as a file URL (COURSE_URL_TTL).',
      input: lessonIdInput,
      answer: asIs(lessonReadingSchema),
      refusals: {
        403: `An Explorer and a lesson that is not a free preview: "${COURSE_MESSAGES.forArchitects}"; an Architect before the module opens: "This module opens on YYYY-MM-DD" (UTC).`,
        404: 'No lesson with that id, or a draft.',
      },
      procedure: (c) => c.lesson,
    }),
    row({
      method: 'PUT',
      url: '/api/course/lessons/:id/progress',
      access: 'member',
      summary: "Save the caller's place in a lesson, and mark it complete or undo that",
      description:
        'Same access rule as reading the lesson. playedSeconds never goes down and never exceeds the duration; a video or audio lesson ' +
        'completes by itself when a save takes playedSeconds to 90 % of durationSeconds. completed: true marks it complete, false undoes that. ' +
        'Seconds are kept whole (rounded down).',
      input: progressSaveInput,
      answer: asIs(lessonProgressSchema),
      refusals: {
        403: `As for reading the lesson: "${COURSE_MESSAGES.forArchitects}", or "This module opens on YYYY-MM-DD" (UTC).`,
        404: 'No lesson with that id, or a draft.',
      },
      procedure: (c) => c.saveProgress,
    }),
    row({
      method: 'POST',
      url: '/api/course/lessons/:id/attempts',
      status: 201,
      statusOf: (result) => (result.started ? 201 : 200),
      access: 'member',
      limited: true,
      summary: 'Start an attempt at a quiz lesson, or get the one already open (200)',
      description:
        'One open attempt per member and quiz, whatever the tabs: a start while one is open answers it with 200. Its questions are a snapshot ' +
        'taken now (chosen and ordered now when the quiz says so), and nothing in them says which option is right. ' +
        'Before the wait after the last attempt is over, 429 "You can try again in 25 minutes" with Retry-After.',
      input: lessonIdInput,
      answer: attemptOnly,
      refusals: {
        403: 'As for reading the lesson.',
        404: 'No lesson with that id, or a draft.',
        409: `No attempts left: "${QUIZ_MESSAGES.noAttemptsLeft}"; a quiz without questions: "${QUIZ_MESSAGES.noQuestions}"; a lesson that is not a quiz: "${QUIZ_MESSAGES.notAQuiz}".`,
      },
      procedure: (c) => c.quiz.start,
    }),
    row({
      method: 'PUT',
      url: '/api/course/attempts/:id/answers/:questionId',
      access: 'member',
      summary: "Save the answer to one question of the caller's open attempt: the options picked, or the text typed",
      description: 'Kept at once: a reload or another tab shows it. A single-choice question takes one option at most.',
      input: answerSaveInput,
      answer: asIs(savedAnswer),
      refusals: {
        400: 'Or the question is not in the attempt, an option is not in the question, or the answer is of the wrong kind.',
        404: 'No attempt of the caller with that id.',
        409: `The attempt is submitted: "${QUIZ_MESSAGES.submitted}".`,
      },
      procedure: (c) => c.quiz.saveAnswer,
    }),
    row({
      method: 'POST',
      url: '/api/course/attempts/:id/submit',
      access: 'member',
      summary: "Submit the caller's attempt: its score, whether it passed, and each question's result",
      description: 'A second submit answers the same result and changes nothing. Passing completes the lesson (any submit does when the quiz is not required).',
      input: attemptIdInput,
      answer: asIs(attemptAnswer),
      refusals: { 404: 'No attempt of the caller with that id.' },
      procedure: (c) => c.quiz.submit,
    }),
    row({
      method: 'GET',
      url: '/api/course/attempts/:id',
      access: 'member',
      summary: "One of the caller's attempts; its results once submitted",
      input: attemptIdInput,
      answer: asIs(attemptAnswer),
      refusals: { 404: "No attempt of the caller with that id (another member's too)." },
      procedure: (c) => c.quiz.attempt,
    }),
    noInputRow({
      method: 'GET',
      url: '/api/course/progress',
      access: 'member',
      summary: "The caller's progress over the published lessons, each module's counts, and where to resume",
      answer: asIs(courseProgressSchema),
      procedure: (c) => c.progress,
    }),
    row({
      method: 'GET',
      url: '/api/course/search',
      access: 'member',
      limited: true,
      summary: 'Search the text and the captions of the lessons the caller may open',
      description:
        'A case-insensitive substring taken literally, in course order, at most 20 results. At most COURSE_SEARCHES_PER_MINUTE (30 unless set) searches a minute per member.',
      input: courseSearchInput,
      answer: asIs(courseSearchSchema),
      procedure: (c) => c.search,
    }),
    noInputRow({
      method: 'GET',
      url: '/api/course/certificate',
      access: 'member',
      summary: "The caller's certificate, issued once every published lesson is complete and kept thereafter",
      answer: asIs(certificateLinkSchema),
      refusals: { 404: `Not every published lesson is complete: "${COURSE_MESSAGES.certificateNotEarned}".` },
      procedure: (c) => c.certificate,
    }),
    row({
      method: 'GET',
      url: '/api/certificates/:id',
      access: 'public',
      summary: "A certificate's public data, for anyone to check: the member's name at issue, the course, and when it was completed",
      input: certificateIdInput,
      answer: asIs(certificateSchema),
      refusals: { 404: 'No certificate with that id.' },
      procedure: (c) => c.publicCertificate,
    }),
  ],
};

export const courseManagerRest: RestSection = {
  tag: 'Course Manager',
  rows: [
    noInputRow({
      method: 'GET',
      url: '/api/admin/course',
      access: 'admin',
      summary: 'Every module and lesson, drafts and Markdown bodies included',
      description:
        'Each media file carries transcode: its transcode into HLS, state queued, running (percent of the duration), done or failed ' +
        "(error: ffmpeg's reason in words, also on a queued try after a failed one); null for captions and attachments.",
      answer: asIs(adminCourseSchema),
      procedure: (c) => c.content,
    }),
    row({
      method: 'GET',
      url: '/api/admin/course/preview',
      access: 'admin',
      summary: 'The outline of GET /api/course as a member of a tier sees it, a number of days after becoming an Architect',
      input: coursePreviewInput,
      answer: asIs(courseOutlineSchema),
      procedure: (c) => c.preview,
    }),
    noInputRow({
      method: 'GET',
      url: '/api/admin/course/insights',
      access: 'admin',
      summary: 'How far members got: who started and finished the course, each published module and each published lesson',
      description:
        'From running totals kept in step with every progress row (decision 032). members.started: members with at least one progress row; ' +
        'members.completed: members holding a certificate. A module: members with a progress row in at least one of its published lessons, ' +
        'and members who completed every published lesson of it. A lesson: members with a row, with a completion, and averagePlayedPercent, ' +
        'over the members who started it, the mean of min(100, playedSeconds / durationSeconds × 100) to one decimal (null for a lesson ' +
        'without a duration). Published modules and lessons only, in course order.',
      answer: asIs(courseInsightsSchema),
      procedure: (c) => c.insights,
    }),
    row({
      method: 'POST',
      url: '/api/admin/course/modules',
      status: 201,
      access: 'admin',
      summary: 'Add a module, placed last (a draft unless published is true)',
      input: moduleCreateInput,
      answer: asIs(moduleAnswer),
      procedure: (c) => c.modules.create,
    }),
    row({
      method: 'PUT',
      url: '/api/admin/course/modules/order',
      access: 'admin',
      summary: 'Put the modules in a new order',
      input: moduleOrderInput,
      answer: asIs(modulesAnswer),
      refusals: { 400: "Or ids is not exactly the modules' ids, each once." },
      procedure: (c) => c.modules.order,
    }),
    row({
      method: 'PUT',
      url: '/api/admin/course/modules/:id',
      access: 'admin',
      summary: 'Change a module: the fields that are given',
      input: moduleUpdateInput,
      answer: asIs(moduleAnswer),
      refusals: { 404: 'No module with that id.' },
      procedure: (c) => c.modules.update,
    }),
    row({
      method: 'DELETE',
      url: '/api/admin/course/modules/:id',
      access: 'admin',
      summary: 'Delete a module that has no lessons',
      input: moduleIdInput,
      answer: asIs(messageAnswer),
      refusals: { 404: 'No module with that id.', 409: `The module still has lessons (drafts too): "${COURSE_MESSAGES.moduleHasLessons}".` },
      procedure: (c) => c.modules.delete,
    }),
    row({
      method: 'PUT',
      url: '/api/admin/course/modules/:id/lessons/order',
      access: 'admin',
      summary: "Put a module's lessons in a new order",
      input: lessonOrderInput,
      answer: asIs(lessonsAnswer),
      refusals: { 400: "Or ids is not exactly the module's lesson ids, each once.", 404: 'No module with that id.' },
      procedure: (c) => c.lessons.order,
    }),
    row({
      method: 'POST',
      url: '/api/admin/course/lessons',
      status: 201,
      access: 'admin',
      summary: 'Add a lesson, placed last in its module (a draft unless published is true)',
      input: lessonCreateInput,
      answer: asIs(lessonAnswer),
      refusals: { 400: 'Or moduleId names no module.' },
      procedure: (c) => c.lessons.create,
    }),
    row({
      method: 'PUT',
      url: '/api/admin/course/lessons/:id',
      access: 'admin',
      summary: 'Change a lesson: the fields that are given; a new moduleId moves it to the end of that module',
      input: lessonUpdateInput,
      answer: asIs(lessonAnswer),
      refusals: { 400: 'Or moduleId names no module.', 404: 'No lesson with that id.' },
      procedure: (c) => c.lessons.update,
    }),
    row({
      method: 'DELETE',
      url: '/api/admin/course/lessons/:id',
      access: 'admin',
      summary: 'Delete a lesson and its files',
      input: lessonIdInput,
      answer: asIs(messageAnswer),
      refusals: { 404: 'No lesson with that id.' },
      procedure: (c) => c.lessons.delete,
    }),
    row({
      method: 'DELETE',
      url: '/api/admin/course/files/:id',
      access: 'admin',
      summary: "Delete a lesson's file (its media, a captions file or an attachment); the answer is the lesson without it",
      description: "Deleting the media also clears the lesson's durationSeconds. Its signed URLs stop working at once.",
      input: courseFileIdInput,
      answer: asIs(lessonAnswer),
      refusals: { 404: 'No file with that id.' },
      procedure: (c) => c.files.delete,
    }),
    row({
      method: 'POST',
      url: '/api/admin/course/files/:id/transcode',
      status: 201,
      access: 'admin',
      summary: "Queue a media file's transcode into HLS again (the Course Manager's Retry)",
      description:
        'The transcode starts over: state queued, percent 0, error null, three tries again. Members get the original file until it is done. ' +
        'A file whose transcode is done may be queued again too (its stream is replaced when the new one is whole).',
      input: courseFileIdInput,
      answer: asIs(transcodeAnswer),
      refusals: {
        404: 'No media file with that id (captions and attachments are never transcoded).',
        409: `Its transcode is already queued or running: "${TRANSCODE_MESSAGES.busy}".`,
      },
      procedure: (c) => c.files.transcode,
    }),
    row({
      method: 'POST',
      url: '/api/admin/course/lessons/:id/questions',
      status: 201,
      access: 'admin',
      summary: 'Add a question to a quiz lesson, placed last',
      input: questionCreateInput,
      answer: asIs(questionAnswer),
      refusals: { 404: 'No lesson with that id.', 409: `The lesson is not a quiz: "${QUIZ_MESSAGES.notAQuiz}".` },
      procedure: (c) => c.quiz.questions.create,
    }),
    row({
      method: 'PUT',
      url: '/api/admin/course/lessons/:id/questions/order',
      access: 'admin',
      summary: "Put a quiz's questions in a new order",
      input: questionOrderInput,
      answer: asIs(questionsAnswer),
      refusals: { 400: "Or ids is not exactly the quiz's question ids, each once.", 404: 'No lesson with that id.' },
      procedure: (c) => c.quiz.questions.order,
    }),
    row({
      method: 'PUT',
      url: '/api/admin/course/questions/:id',
      access: 'admin',
      summary: 'Replace a question; attempts already started keep the question as it was',
      input: questionUpdateInput,
      answer: asIs(questionAnswer),
      refusals: { 404: 'No question with that id.' },
      procedure: (c) => c.quiz.questions.update,
    }),
    row({
      method: 'DELETE',
      url: '/api/admin/course/questions/:id',
      access: 'admin',
      summary: 'Delete a question; attempts already started keep it in their snapshot',
      input: questionIdInput,
      answer: asIs(messageAnswer),
      refusals: { 404: 'No question with that id.' },
      procedure: (c) => c.quiz.questions.delete,
    }),
    row({
      method: 'GET',
      url: '/api/admin/course/lessons/:id/quiz-insights',
      access: 'admin',
      summary:
        'How a quiz goes: its submitted attempts, members and passes, and for each question how often it earns full points and the wrong option picked most',
      input: lessonIdInput,
      answer: asIs(quizInsightsSchema),
      refusals: { 404: 'No lesson with that id.', 409: `The lesson is not a quiz: "${QUIZ_MESSAGES.notAQuiz}".` },
      procedure: (c) => c.quiz.insights,
    }),
  ],
};
