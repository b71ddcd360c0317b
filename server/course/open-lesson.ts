// The refusals of every call about one lesson (the lesson, its progress), from the one access rule:
// a lesson that is missing or hidden from the caller is a 404, a locked one a 403 in its own words.
import { TRPCError } from '@trpc/server';
import { lessonAccess, lockedMessage, type AccessLesson, type AccessModule, type CourseViewer } from './access';

export const noSuchLesson = (id: string) => new TRPCError({ code: 'NOT_FOUND', message: `No lesson with id '${id}'` });

/** Throws unless the viewer may open the lesson; `found` undefined: there is no such lesson. */
export function requireOpen(viewer: CourseViewer, id: string, found: { lesson: AccessLesson; module: AccessModule } | undefined, now: number): void {
  const access = found ? lessonAccess(viewer, found.lesson, found.module, now) : { state: 'hidden' as const };
  if (access.state === 'hidden') throw noSuchLesson(id);
  if (access.state === 'locked') throw new TRPCError({ code: 'FORBIDDEN', message: lockedMessage(access) });
}
