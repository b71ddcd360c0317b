// The course's modules and lessons (CONTRACT §4 "Content"): the only code that touches their
// tables. Every write runs in its caller's transaction and publishes 'course-changed' there, so
// every process rebuilds its outline once the change has committed (outline-cache.ts).
//
// Positions count from 0 within their list. A write that leaves a gap (a lesson deleted or moved
// away) renumbers the list it left in the same transaction, and a reorder rewrites the whole list
// after checking that it names exactly the list's members: the transaction makes two admins'
// reorders one after the other, never a mix.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, max, sql } from 'drizzle-orm';
import type { LessonKind } from '../../../shared/course';
import type { Db, Tx } from '../../db/client';
import { preparedAs, preparedPerDatabase } from '../../db/prepared';
import { courseLessons, courseModules } from '../../db/schema';
import type { PendingEvents } from '../../events/after-commit';
import { writeLessonText } from '../search/lesson-text';

/** A module as the admin's calls answer it. */
export interface CourseModule {
  _id: string;
  title: string;
  summary: string;
  position: number;
  published: boolean;
  opensAfterDays: number;
}

/** A lesson as the admin's calls answer it, its Markdown body included. */
export interface CourseLesson {
  _id: string;
  moduleId: string;
  title: string;
  summary: string;
  position: number;
  published: boolean;
  freePreview: boolean;
  kind: LessonKind;
  durationSeconds: number | null;
  body: string;
}

/** A lesson without its body: what the outline is built from. */
export type LessonHead = Omit<CourseLesson, 'body'>;

/** The whole course, drafts included, in course order, without the lessons' bodies. */
export interface CourseTree {
  modules: Array<CourseModule & { lessons: LessonHead[] }>;
}

/** The lesson and its module, from the course tree; undefined: no such lesson. */
export function lessonInTree(tree: CourseTree, id: string): { lesson: LessonHead; module: CourseModule } | undefined {
  for (const module of tree.modules) {
    const lesson = module.lessons.find((candidate) => candidate._id === id);
    if (lesson) return { lesson, module };
  }
  return undefined;
}

const moduleColumns = {
  id: courseModules.id,
  title: courseModules.title,
  summary: courseModules.summary,
  position: courseModules.position,
  published: courseModules.published,
  opensAfterDays: courseModules.opensAfterDays,
};

const lessonHeadColumns = {
  id: courseLessons.id,
  moduleId: courseLessons.moduleId,
  title: courseLessons.title,
  summary: courseLessons.summary,
  position: courseLessons.position,
  published: courseLessons.published,
  freePreview: courseLessons.freePreview,
  kind: courseLessons.kind,
  durationSeconds: courseLessons.durationSeconds,
};

const lessonColumns = { ...lessonHeadColumns, body: courseLessons.body };

const withUnderscoreId = <T extends { id: string }>({ id, ...rest }: T): Omit<T, 'id'> & { _id: string } => ({ _id: id, ...rest });
const toModule = (row: { id: string } & Omit<CourseModule, '_id'>): CourseModule => withUnderscoreId(row);
const toLesson = (row: { id: string } & Omit<CourseLesson, '_id'>): CourseLesson => withUnderscoreId(row);

async function modulesInOrder(db: Pick<Db, 'select'>): Promise<CourseModule[]> {
  const rows = await db.select(moduleColumns).from(courseModules).orderBy(asc(courseModules.position), asc(courseModules.id));
  return rows.map(toModule);
}

function groupLessons<L extends { moduleId: string }>(modules: CourseModule[], lessons: L[]): Array<CourseModule & { lessons: L[] }> {
  const byModule = new Map<string, L[]>(modules.map((module) => [module._id, []]));
  for (const lesson of lessons) byModule.get(lesson.moduleId)?.push(lesson);
  return modules.map((module) => ({ ...module, lessons: byModule.get(module._id)! }));
}

const lessonOrder = [asc(courseLessons.moduleId), asc(courseLessons.position), asc(courseLessons.id)];

export async function readCourseTree(db: Db): Promise<CourseTree> {
  const modules = await modulesInOrder(db);
  const lessons = await db
    .select(lessonHeadColumns)
    .from(courseLessons)
    .orderBy(...lessonOrder);
  return {
    modules: groupLessons(
      modules,
      lessons.map((row) => withUnderscoreId(row)),
    ),
  };
}

/** Everything, bodies and drafts included: the admin's view (GET /api/admin/course). */
export async function readFullCourse(db: Db): Promise<Array<CourseModule & { lessons: CourseLesson[] }>> {
  const modules = await modulesInOrder(db);
  const lessons = await db
    .select(lessonColumns)
    .from(courseLessons)
    .orderBy(...lessonOrder);
  return groupLessons(modules, lessons.map(toLesson));
}

export async function findModule(db: Pick<Db, 'select'>, id: string): Promise<CourseModule | undefined> {
  const [row] = await db.select(moduleColumns).from(courseModules).where(eq(courseModules.id, id));
  return row && toModule(row);
}

export async function findLesson(db: Pick<Db, 'select'>, id: string): Promise<CourseLesson | undefined> {
  const [row] = await db.select(lessonColumns).from(courseLessons).where(eq(courseLessons.id, id));
  return row && toLesson(row);
}

// Every call about a lesson (the lesson, its progress, quiz and discussion) reads it with its module
// for the access rule: prepared once per database (db/prepared.ts).
const lessonWithModuleQuery = preparedPerDatabase((db) =>
  preparedAs(
    db
      .select({ lesson: lessonColumns, module: moduleColumns })
      .from(courseLessons)
      .innerJoin(courseModules, eq(courseModules.id, courseLessons.moduleId))
      .where(eq(courseLessons.id, sql.placeholder('id'))),
    'lesson-with-module',
  ),
);

/** A lesson with the module it belongs to: what the access rule needs, in one query. */
export async function findLessonWithModule(db: Db, id: string): Promise<{ lesson: CourseLesson; module: CourseModule } | undefined> {
  const [row] = await lessonWithModuleQuery(db, '').execute({ id });
  return row && { lesson: toLesson(row.lesson), module: toModule(row.module) };
}

async function nextModulePosition(tx: Tx): Promise<number> {
  const [row] = await tx.select({ last: max(courseModules.position) }).from(courseModules);
  return (row?.last ?? -1) + 1;
}

async function nextLessonPosition(tx: Tx, moduleId: string): Promise<number> {
  const [row] = await tx
    .select({ last: max(courseLessons.position) })
    .from(courseLessons)
    .where(eq(courseLessons.moduleId, moduleId));
  return (row?.last ?? -1) + 1;
}

async function lessonsOf(db: Pick<Db, 'select'>, moduleId: string): Promise<CourseLesson[]> {
  const rows = await db
    .select(lessonColumns)
    .from(courseLessons)
    .where(eq(courseLessons.moduleId, moduleId))
    .orderBy(asc(courseLessons.position), asc(courseLessons.id));
  return rows.map(toLesson);
}

/** Writes positions 0, 1, 2… in the order of `ids` (each a row of the list), leaving the others. */
async function writeLessonPositions(tx: Tx, moduleId: string, ids: readonly string[], at: number): Promise<void> {
  for (const [position, id] of ids.entries()) {
    await tx
      .update(courseLessons)
      .set({ position, updatedAt: at })
      .where(and(eq(courseLessons.id, id), eq(courseLessons.moduleId, moduleId)));
  }
}

/** Closes the gaps a lesson leaves behind, keeping the order. */
async function renumberLessons(tx: Tx, moduleId: string, at: number): Promise<void> {
  const lessons = await lessonsOf(tx, moduleId);
  const out = lessons.filter((lesson, i) => lesson.position !== i);
  if (out.length > 0)
    await writeLessonPositions(
      tx,
      moduleId,
      lessons.map((lesson) => lesson._id),
      at,
    );
}

/** Whether `ids` holds each of `expected` exactly once, and nothing else. */
function isExactlyTheSet(ids: readonly string[], expected: readonly string[]): boolean {
  const given = new Set(ids);
  return given.size === ids.length && ids.length === expected.length && expected.every((id) => given.has(id));
}

export interface ModuleFields {
  title: string;
  summary?: string | undefined;
  opensAfterDays?: number | undefined;
  published?: boolean | undefined;
}

/** A new module, placed last. */
export async function createModule(tx: Tx, events: PendingEvents, fields: ModuleFields, at = Date.now()): Promise<CourseModule> {
  const [row] = await tx
    .insert(courseModules)
    .values({
      id: randomUUID(),
      title: fields.title,
      summary: fields.summary ?? '',
      position: await nextModulePosition(tx),
      published: fields.published ?? false,
      opensAfterDays: fields.opensAfterDays ?? 0,
      createdAt: at,
      updatedAt: at,
    })
    .returning(moduleColumns);
  events.publish('course-changed');
  return toModule(row!);
}

const given = <T extends object>(changes: T) => Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<T>;

/** Undefined: no such module. */
export async function updateModule(
  tx: Tx,
  events: PendingEvents,
  id: string,
  changes: Partial<ModuleFields>,
  at = Date.now(),
): Promise<CourseModule | undefined> {
  const [row] = await tx
    .update(courseModules)
    .set({ ...given(changes), updatedAt: at })
    .where(eq(courseModules.id, id))
    .returning(moduleColumns);
  if (!row) return undefined;
  events.publish('course-changed');
  return toModule(row);
}

/** The deleted module; 'has-lessons' while it holds any (drafts too); undefined: no such module. */
export async function deleteModule(tx: Tx, events: PendingEvents, id: string): Promise<CourseModule | 'has-lessons' | undefined> {
  const module = await findModule(tx, id);
  if (!module) return undefined;
  const [lesson] = await tx.select({ id: courseLessons.id }).from(courseLessons).where(eq(courseLessons.moduleId, id)).limit(1);
  if (lesson) return 'has-lessons';
  await tx.delete(courseModules).where(eq(courseModules.id, id));
  const rest = await modulesInOrder(tx);
  for (const [position, other] of rest.entries()) {
    if (other.position !== position) await tx.update(courseModules).set({ position }).where(eq(courseModules.id, other._id));
  }
  events.publish('course-changed');
  return module;
}

/** Every module, in the order of `ids`; 'mismatch' unless `ids` is exactly the modules' ids, each once. */
export async function reorderModules(tx: Tx, events: PendingEvents, ids: readonly string[], at = Date.now()): Promise<CourseModule[] | 'mismatch'> {
  const modules = await modulesInOrder(tx);
  if (
    !isExactlyTheSet(
      ids,
      modules.map((module) => module._id),
    )
  ) {
    return 'mismatch';
  }
  for (const [position, id] of ids.entries()) {
    await tx.update(courseModules).set({ position, updatedAt: at }).where(eq(courseModules.id, id));
  }
  events.publish('course-changed');
  return modulesInOrder(tx);
}

export interface LessonFields {
  moduleId: string;
  title: string;
  kind: LessonKind;
  summary?: string | undefined;
  body?: string | undefined;
  freePreview?: boolean | undefined;
  published?: boolean | undefined;
}

/** A new lesson, placed last in its module; 'no-module' if there is no such module. */
export async function createLesson(tx: Tx, events: PendingEvents, fields: LessonFields, at = Date.now()): Promise<CourseLesson | 'no-module'> {
  if (!(await findModule(tx, fields.moduleId))) return 'no-module';
  const [row] = await tx
    .insert(courseLessons)
    .values({
      id: randomUUID(),
      moduleId: fields.moduleId,
      title: fields.title,
      summary: fields.summary ?? '',
      position: await nextLessonPosition(tx, fields.moduleId),
      published: fields.published ?? false,
      freePreview: fields.freePreview ?? false,
      kind: fields.kind,
      durationSeconds: null,
      body: fields.body ?? '',
      createdAt: at,
      updatedAt: at,
    })
    .returning(lessonColumns);
  const lesson = toLesson(row!);
  await writeLessonText(tx, lesson);
  events.publish('course-changed');
  return lesson;
}

/**
 * Undefined: no such lesson; 'no-module': the new moduleId names no module. A new moduleId moves
 * the lesson to the end of that module, and the module it left closes its gap.
 */
export async function updateLesson(
  tx: Tx,
  events: PendingEvents,
  id: string,
  changes: Partial<LessonFields>,
  at = Date.now(),
): Promise<CourseLesson | 'no-module' | undefined> {
  const before = await findLesson(tx, id);
  if (!before) return undefined;
  const moving = changes.moduleId !== undefined && changes.moduleId !== before.moduleId;
  if (moving && !(await findModule(tx, changes.moduleId!))) return 'no-module';
  const position = moving ? await nextLessonPosition(tx, changes.moduleId!) : before.position;
  const [row] = await tx
    .update(courseLessons)
    .set({ ...given(changes), position, updatedAt: at })
    .where(eq(courseLessons.id, id))
    .returning(lessonColumns);
  if (moving) await renumberLessons(tx, before.moduleId, at);
  const lesson = toLesson(row!);
  await writeLessonText(tx, lesson);
  events.publish('course-changed');
  return lesson;
}

/** The deleted lesson; undefined: no such lesson. Its module closes the gap. */
export async function deleteLesson(tx: Tx, events: PendingEvents, id: string, at = Date.now()): Promise<CourseLesson | undefined> {
  const [row] = await tx.delete(courseLessons).where(eq(courseLessons.id, id)).returning(lessonColumns);
  if (!row) return undefined;
  await renumberLessons(tx, row.moduleId, at);
  events.publish('course-changed');
  return toLesson(row);
}

/**
 * The module's lessons in the order of `ids`; 'no-module' if there is no such module, 'mismatch'
 * unless `ids` is exactly its lessons' ids, each once.
 */
export async function reorderLessons(
  tx: Tx,
  events: PendingEvents,
  moduleId: string,
  ids: readonly string[],
  at = Date.now(),
): Promise<CourseLesson[] | 'no-module' | 'mismatch'> {
  if (!(await findModule(tx, moduleId))) return 'no-module';
  const lessons = await lessonsOf(tx, moduleId);
  if (
    !isExactlyTheSet(
      ids,
      lessons.map((lesson) => lesson._id),
    )
  ) {
    return 'mismatch';
  }
  await writeLessonPositions(tx, moduleId, ids, at);
  events.publish('course-changed');
  return lessonsOf(tx, moduleId);
}
