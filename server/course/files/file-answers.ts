// A lesson's files as the lesson call hands them to a member who may open it (CONTRACT §4 "Member
// calls"): each with a signed URL for that member alone (file-urls.ts). Called only past the
// access rule, so a locked lesson never carries one.
import type { AppDeps } from '../../app-deps';
import type { CourseFileRow } from './files-data';
import type { LessonImage, LessonImages } from '../content/markdown';

export interface LessonMedia {
  url: string;
  type: string;
  captions: Array<{ lang: string; label: string; url: string }>;
  /** CONTRACT §7: the HLS stream once transcoded; null until then (url is the original). */
  stream: { url: string; poster: string | null } | null;
}

export interface LessonAttachment {
  name: string;
  size: number;
  url: string;
}

/** A signed URL of one file for the member the answer is for. */
type FileUrl = (fileId: string) => string;

/** URLs for the member in their session issued at `sessionIssuedAtMs`: they end when it does with all the member's others. */
export const fileUrlFor =
  (deps: Pick<AppDeps, 'courseFiles'>, memberId: string, sessionIssuedAtMs: number): FileUrl =>
  (fileId) =>
    deps.courseFiles.urls.urlFor(fileId, memberId, sessionIssuedAtMs);

/** `stream`: the media's HLS stream for this member, once transcoded (stream/stream-answers.ts). */
export function lessonFileUrls(
  files: readonly CourseFileRow[],
  url: FileUrl,
  stream: LessonMedia['stream'] = null,
): { media: LessonMedia | null; attachments: LessonAttachment[] } {
  const media = files.find((file) => file.role === 'media');
  return {
    // Captions belong to the media they caption: without one there is nothing to play them over.
    media: media
      ? {
          url: url(media.id),
          type: media.contentType,
          stream,
          captions: files.filter((file) => file.role === 'captions').map((file) => ({ lang: file.lang ?? '', label: file.label ?? '', url: url(file.id) })),
        }
      : null,
    attachments: files.filter((file) => file.role === 'attachment').map((file) => ({ name: file.name, size: file.size, url: url(file.id) })),
  };
}

// What an <img> may show: raster types whose content the upload checked. Never SVG (it can carry
// script), which no role accepts anyway.
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);

// Names match whatever their case: the upload lowercases the extension ('Plan.PNG' is kept as
// 'Plan.png'), and authors name files as their desktop shows them.
const nameKey = (name: string) => name.normalize('NFC').toLowerCase();

/**
 * The lesson's image attachments, by name, for its body (markdown.ts): the first uploaded wins
 * when two share a name. A URL is signed only for an image the body shows, and once however often
 * it shows it (a long table may show one in every row).
 */
export function lessonImages(files: readonly CourseFileRow[], url: FileUrl): LessonImages {
  const byName = new Map<string, CourseFileRow>();
  for (const file of files) {
    const key = nameKey(file.name);
    if (file.role === 'attachment' && IMAGE_TYPES.has(file.contentType) && !byName.has(key)) byName.set(key, file);
  }
  const shown = new Map<string, LessonImage>();
  return (name) => {
    const file = byName.get(nameKey(name));
    if (file === undefined) return undefined;
    let image = shown.get(file.id);
    if (image === undefined) {
      image = { src: url(file.id), width: file.width, height: file.height };
      shown.set(file.id, image);
    }
    return image;
  };
}
