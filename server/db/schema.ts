// The tables the data functions use: this process's dialect's (dialect.ts). They are typed as the
// SQLite tables; pg-schema.ts declares every column with the same name, nullability and JS type,
// and db-schemas.test.ts holds the two to that, so the type is true of either.
import { dialect } from './dialect';
import type * as sqliteSchema from './sqlite-schema';

export type Schema = typeof sqliteSchema;

// Only this dialect's schema is loaded: an SQLite site does not evaluate Drizzle's pg-core at start.
export const schema = (dialect === 'postgres' ? await import('./pg-schema') : await import('./sqlite-schema')) as unknown as Schema;

export const {
  users,
  passwordResets,
  accountTokens,
  revokedTokens,
  twoFactor,
  recoveryCodes,
  loginChallenges,
  userSearchGrams,
  mediaScans,
  sliderConfig,
  playlists,
  auditEntries,
  courseModules,
  courseLessons,
  courseProgress,
  courseCertificates,
  courseLessonTotals,
  courseModuleTotals,
  courseMemberModules,
  courseMemberTotals,
  courseLessonTexts,
  courseLessonGrams,
  courseFiles,
  courseCaptionCues,
  courseStreams,
  courseQuizzes,
  courseQuestions,
  courseAttempts,
  courseAttemptAnswers,
  courseAttemptMarks,
  courseAttemptWrongPicks,
  courseQuestionTallies,
  courseWrongPickTallies,
  courseQuizMembers,
  jobs,
  mailOutbox,
  mailDayCounts,
  mailPreferences,
  stripeEvents,
  stripePayments,
  stripeRefunds,
  comments,
  commentReports,
  commentMembers,
} = schema;
