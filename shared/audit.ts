// The audit trail's words (CONTRACT §3 "Operators"), shared by the server and the admin panel.

/** Every action an entry can record, in the order the panel's filter offers them. */
export const AUDIT_ACTIONS = [
  'user.create',
  'user.update',
  'user.delete',
  'user.export',
  'media.upload',
  'media.delete',
  'media.scan',
  'slider.config.update',
  'playlist.create',
  'playlist.update',
  'playlist.delete',
  'course.module.create',
  'course.module.update',
  'course.module.delete',
  'course.module.reorder',
  'course.lesson.create',
  'course.lesson.update',
  'course.lesson.delete',
  'course.lesson.reorder',
  'course.file.upload',
  'course.file.delete',
  'course.file.transcode',
  'course.quiz.update',
  'course.quiz.question.create',
  'course.quiz.question.update',
  'course.quiz.question.delete',
  'course.quiz.question.reorder',
  'comment.update',
  'comment.delete',
  'comment.ban',
  'billing.upgrade',
  'billing.refund',
  'auth.lockout',
  'auth.password-reset',
  'auth.2fa.enable',
  'auth.2fa.disable',
  'account.profile.update',
  'account.email.change',
  'account.password.change',
  'account.delete',
  'account.export',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * What an entry is about. Its id is a user's, a playlist's, a course module's, a lesson's or a comment's id, the
 * media library's base path, or `config` for the slideshow's one settings record. A reorder of the
 * modules names the course (`course`); a reorder of a module's lessons names that module.
 */
export const AUDIT_TARGET_TYPES = ['user', 'playlist', 'media', 'slider', 'course', 'module', 'lesson', 'comment'] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

export const AUDIT_PAGE_SIZE = 20;

/**
 * One entry as GET /api/admin/audit answers it. The actor's id and email are null when nobody
 * signed in acted (a sign-in guesser's lockout, the first admin made by the server).
 */
export interface AuditEntry {
  _id: string;
  at: string;
  actor: { id: string | null; email: string | null };
  action: AuditAction;
  target: { type: AuditTargetType; id: string };
  summary: string;
}
