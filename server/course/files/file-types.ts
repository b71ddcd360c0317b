// What each role of a lesson file takes (CONTRACT §4 "Admin calls"): extensions, the size limit,
// and the Content-Type each extension goes out with. The extension decides, and the content must
// match it (server/media/signatures.ts); the type a browser declares neither admits nor refuses.
import { TRPCError } from '@trpc/server';
import {
  ATTACHMENT_EXTENSIONS,
  ATTACHMENT_MAX_BYTES,
  CAPTIONS_EXTENSIONS,
  CAPTIONS_MAX_BYTES,
  COURSE_MEDIA_EXTENSIONS,
  isPlayed,
  type CourseFileRole,
  type LessonKind,
} from '../../../shared/course';
import { formatBytes } from '../../../shared/media';
import type { FileLimit } from '../../media/upload-body';

const CONTENT_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  wav: 'audio/wav',
  flac: 'audio/flac',
  vtt: 'text/vtt; charset=utf-8',
  pdf: 'application/pdf',
  epub: 'application/epub+zip',
  zip: 'application/zip',
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

export const contentTypeOf = (extension: string) => CONTENT_TYPES[extension] ?? 'application/octet-stream';

/** The extensions a file of `role` may have on a lesson of `kind`; a text lesson has no media. */
export function extensionsFor(role: CourseFileRole, kind: LessonKind): readonly string[] {
  if (role === 'captions') return CAPTIONS_EXTENSIONS;
  if (role === 'attachment') return ATTACHMENT_EXTENSIONS;
  return isPlayed(kind) ? COURSE_MEDIA_EXTENSIONS[kind] : [];
}

const ROLE_WORDS: Record<CourseFileRole, string> = { media: 'media file', captions: 'captions file', attachment: 'attachment' };

/** 415: "Invalid file type: talk.avi. A video lesson's media file must be mp4, m4v, webm or mov." */
export function wrongTypeMessage(name: string, role: CourseFileRole, kind: LessonKind): string {
  const list = extensionsFor(role, kind);
  const owner = role === 'media' ? `A ${kind} lesson's` : 'A lesson’s';
  return `Invalid file type: ${name}. ${owner} ${ROLE_WORDS[role]} must be ${list.slice(0, -1).join(', ')}${list.length > 1 ? ' or ' : ''}${list.at(-1)}.`;
}

export const wrongContentMessage = (name: string, extension: string) => `Invalid file type: ${name}. Its content is not a .${extension} file.`;

/** The limit of one file of `role` (413 past it). */
export function limitFor(role: CourseFileRole, mediaMaxBytes: number): FileLimit {
  const maxBytes = role === 'media' ? mediaMaxBytes : role === 'captions' ? CAPTIONS_MAX_BYTES : ATTACHMENT_MAX_BYTES;
  return {
    maxBytes,
    refusal: (name) =>
      new TRPCError({
        code: 'PAYLOAD_TOO_LARGE',
        message: `File too large (max ${formatBytes(maxBytes)} for ${role === 'attachment' ? 'an' : 'a'} ${ROLE_WORDS[role]}): ${name}`,
      }),
  };
}
