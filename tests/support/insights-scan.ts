// The course insights by brute force, for the tests: every row of the tables read and counted
// here, by the definitions of decision 032, to hold the running totals to.
import type { Db } from '../../server/db/client';
import { courseCertificates, courseLessons, courseModules, courseProgress } from '../../server/db/schema';

export async function insightsByScan(db: Db) {
  const [modules, lessons, rows, certificates] = await Promise.all([
    db.select().from(courseModules),
    db.select().from(courseLessons),
    db.select().from(courseProgress),
    db.select({ userId: courseCertificates.userId }).from(courseCertificates),
  ]);
  const byOrder = <T extends { position: number; id: string }>(a: T, b: T) => a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const shownModules = modules.filter((module) => module.published).sort(byOrder);
  const published = (moduleId: string) => lessons.filter((lesson) => lesson.published && lesson.moduleId === moduleId).sort(byOrder);
  const rowsOf = (lessonId: string) => rows.filter((row) => row.lessonId === lessonId);
  const moduleCounts = (moduleId: string) => {
    const its = published(moduleId);
    const users = new Set(its.flatMap((lesson) => rowsOf(lesson.id).map((row) => row.userId)));
    const done = [...users].filter((user) => its.every((lesson) => rowsOf(lesson.id).some((row) => row.userId === user && row.completedAt !== null)));
    return { started: users.size, completed: its.length === 0 ? 0 : done.length };
  };
  const average = (lesson: (typeof lessons)[number]) => {
    if (!lesson.durationSeconds) return null;
    const its = rowsOf(lesson.id);
    if (its.length === 0) return 0;
    const mean = its.reduce((sum, row) => sum + Math.min(100, (row.playedSeconds / lesson.durationSeconds!) * 100), 0) / its.length;
    return Math.round(mean * 10) / 10;
  };
  return {
    members: { started: new Set(rows.map((row) => row.userId)).size, completed: certificates.length },
    modules: shownModules.map((module) => ({ _id: module.id, ...moduleCounts(module.id) })),
    lessons: shownModules.flatMap((module) =>
      published(module.id).map((lesson) => ({
        _id: lesson.id,
        started: rowsOf(lesson.id).length,
        completed: rowsOf(lesson.id).filter((row) => row.completedAt !== null).length,
        averagePlayedPercent: average(lesson),
      })),
    ),
  };
}
