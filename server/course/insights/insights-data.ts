// The course insights (CONTRACT §4 GET /api/admin/course/insights): read from the running totals
// that the triggers of drizzle/0017 and drizzle-pg/0011 keep (decision 032), never from a scan of
// course_progress, so that the answer costs the same with four million rows as with none.
import { and, asc, count, eq, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courseCertificates, courseLessons, courseLessonTotals, courseMemberTotals, courseModules, courseModuleTotals } from '../../db/schema';

export interface LessonTotals {
  _id: string;
  started: number;
  completed: number;
  /** The sum over its rows of min(playedSeconds, durationSeconds). */
  playedSum: number;
  durationSeconds: number | null;
}

export interface InsightTotals {
  members: { started: number; completed: number };
  modules: Array<{ _id: string; started: number; completed: number }>;
  lessons: LessonTotals[];
}

/** The published modules and their published lessons, in course order, with their totals. */
export async function readInsightTotals(db: Db): Promise<InsightTotals> {
  const [[withRows], [withCertificateOnly], [completed], modules, lessons] = await Promise.all([
    db.select({ n: count() }).from(courseMemberTotals),
    // The certificate holders with no row left: their lessons have all been deleted since.
    db
      .select({ n: count() })
      .from(courseCertificates)
      .where(
        notExists(
          db
            .select({ one: sql`1` })
            .from(courseMemberTotals)
            .where(eq(courseMemberTotals.userId, courseCertificates.userId)),
        ),
      ),
    db.select({ n: count() }).from(courseCertificates),
    db
      .select({ _id: courseModules.id, started: courseModuleTotals.started, completed: courseModuleTotals.completed })
      .from(courseModules)
      .innerJoin(courseModuleTotals, eq(courseModuleTotals.moduleId, courseModules.id))
      .where(eq(courseModules.published, true))
      .orderBy(asc(courseModules.position), asc(courseModules.id)),
    db
      .select({
        _id: courseLessons.id,
        started: courseLessonTotals.started,
        completed: courseLessonTotals.completed,
        playedSum: courseLessonTotals.playedSum,
        durationSeconds: courseLessons.durationSeconds,
      })
      .from(courseLessons)
      .innerJoin(courseModules, eq(courseModules.id, courseLessons.moduleId))
      .innerJoin(courseLessonTotals, eq(courseLessonTotals.lessonId, courseLessons.id))
      .where(and(eq(courseModules.published, true), eq(courseLessons.published, true)))
      .orderBy(asc(courseModules.position), asc(courseModules.id), asc(courseLessons.position), asc(courseLessons.id)),
  ]);
  return { members: { started: withRows!.n + withCertificateOnly!.n, completed: completed!.n }, modules, lessons };
}
