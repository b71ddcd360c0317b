// The one access rule of the course (CONTRACT §4 "Who sees what"; DESIGN "The course"): a pure
// function of the viewer, the lesson, its module and the time. The outline, the lesson call and
// the admin's preview ask it, and so do the progress, search and file routes. None decides alone.
import { COURSE_MESSAGES, type LockReason } from '../../shared/course';
import { DAY_MS, type MembershipTier, type Role } from '../../shared/constants';

/** Who looks: a signed-in, active user as the database has them now. A visitor is null. */
export interface CourseViewer {
  role: Role;
  tier: MembershipTier;
  /** Milliseconds: when the tier last became paid; null while free. */
  paidSince: number | null;
}

export interface AccessModule {
  published: boolean;
  opensAfterDays: number;
}

export interface AccessLesson {
  published: boolean;
  freePreview: boolean;
}

export type LessonAccess =
  | { state: 'open' }
  /** A draft, or a lesson of a draft module: for everyone but admins it does not exist (404). */
  | { state: 'hidden' }
  | { state: 'locked'; reason: Exclude<LockReason, 'opens'> }
  /** `opensAt`: the day it opens, YYYY-MM-DD (UTC). */
  | { state: 'locked'; reason: 'opens'; opensAt: string };

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * When a module opens for an Architect, in milliseconds: at the start (UTC) of the day that falls
 * `opensAfterDays` days after the day they became one. Whole days, so that "opens on YYYY-MM-DD"
 * is true from that day's first moment. A paid member without a paidSince (none should be: the
 * migration and every upgrade set it) counts from today.
 */
function opensAtMs(viewer: CourseViewer, module: AccessModule, now: number): number {
  const since = viewer.paidSince ?? now;
  return since - (since % DAY_MS) + module.opensAfterDays * DAY_MS;
}

/** The day (YYYY-MM-DD, UTC) the module opens for this viewer: an Architect who is not an admin; null for anyone else. */
export function moduleOpensAt(viewer: CourseViewer | null, module: AccessModule, now: number): string | null {
  if (!viewer || viewer.role === 'admin' || viewer.tier !== 'paid') return null;
  return utcDay(opensAtMs(viewer, module, now));
}

export function lessonAccess(viewer: CourseViewer | null, lesson: AccessLesson, module: AccessModule, now: number): LessonAccess {
  // Admins see everything, drafts included, and drip does not apply to them.
  if (viewer?.role === 'admin') return { state: 'open' };
  if (!module.published || !lesson.published) return { state: 'hidden' };
  if (!viewer) return { state: 'locked', reason: 'sign-in' };
  // A free preview is open to every member: an Architect never sees less than an Explorer, drip or not.
  if (lesson.freePreview) return { state: 'open' };
  if (viewer.tier !== 'paid') return { state: 'locked', reason: 'architect' };
  const opensAt = opensAtMs(viewer, module, now);
  return now < opensAt ? { state: 'locked', reason: 'opens', opensAt: utcDay(opensAt) } : { state: 'open' };
}

/** The refusal's words for a locked lesson (403), as CONTRACT §4 writes them. */
export function lockedMessage(access: Extract<LessonAccess, { state: 'locked' }>): string {
  if (access.reason === 'opens') return COURSE_MESSAGES.opensOn(access.opensAt);
  return COURSE_MESSAGES.forArchitects;
}
