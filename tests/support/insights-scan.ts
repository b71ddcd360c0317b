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
    members: { started: new Set([...rows.map((row) => row.userId), ...certificates.map((c) => c.userId)]).size, completed: certificates.length },
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

/**
 * Statements (in the SQL both dialects read) that give an install from before the running totals
 * some progress to back-fill: drafts, a text lesson, a row played past its lesson's duration, a
 * certificate. The modules are the ten every install has (course-seed.ts).
 */
export function progressBeforeInsights(firstModuleId: string, secondModuleId: string): string[] {
  const user = (id: string) =>
    `insert into users (id, name, email, role, membership_tier, status, password_hash, password_changed_at, created_at, updated_at) values ('${id}', '${id}', '${id}@example.com', 'user', 'paid', 'active', 'x', 0, 1, 1)`;
  const lesson = (id: string, moduleId: string, position: number, published: boolean, kind: string, duration: number | null) =>
    `insert into course_lessons (id, module_id, title, summary, position, published, free_preview, kind, duration_seconds, body, created_at, updated_at) values ('${id}', '${moduleId}', '${id}', '', ${position}, ${published}, false, '${kind}', ${duration ?? 'null'}, '', 1, 1)`;
  const row = (userId: string, lessonId: string, played: number, completed: boolean) =>
    `insert into course_progress (user_id, lesson_id, position_seconds, played_seconds, completed_at, updated_at) values ('${userId}', '${lessonId}', 0, ${played}, ${completed ? 5 : 'null'}, 5)`;
  return [
    user('u1'),
    user('u2'),
    user('u3'),
    lesson('l1', firstModuleId, 0, true, 'video', 100),
    lesson('l2', firstModuleId, 1, true, 'text', null),
    lesson('l3', firstModuleId, 2, false, 'text', null),
    lesson('l4', secondModuleId, 0, true, 'audio', 200),
    row('u1', 'l1', 100, true),
    row('u1', 'l2', 0, true),
    row('u2', 'l1', 40, false),
    // Played past the duration: a media file replaced by a shorter one.
    row('u2', 'l4', 300, false),
    row('u3', 'l3', 0, true),
    `insert into course_certificates (id, user_id, name, completed_at, created_at) values ('c1', 'u1', 'u1', 5, 5)`,
  ];
}
