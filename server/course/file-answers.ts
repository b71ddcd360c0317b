// A lesson's files as the lesson call hands them to a member who may open it (CONTRACT §4 "Member
// calls"): each with a signed URL for that member alone (file-urls.ts). Called only past the
// access rule, so a locked lesson never carries one.
import type { AppDeps } from '../app-deps';
import { listLessonFiles } from './files-data';

export interface LessonMedia {
  url: string;
  type: string;
  captions: Array<{ lang: string; label: string; url: string }>;
}

export interface LessonAttachment {
  name: string;
  size: number;
  url: string;
}

export async function lessonFileUrls(
  deps: Pick<AppDeps, 'db' | 'courseFiles'>,
  lessonId: string,
  memberId: string,
): Promise<{ media: LessonMedia | null; attachments: LessonAttachment[] }> {
  const files = await listLessonFiles(deps.db, lessonId);
  const url = (fileId: string) => deps.courseFiles.urls.urlFor(fileId, memberId);
  const media = files.find((file) => file.role === 'media');
  return {
    // Captions belong to the media they caption: without one there is nothing to play them over.
    media: media
      ? {
          url: url(media.id),
          type: media.contentType,
          captions: files.filter((file) => file.role === 'captions').map((file) => ({ lang: file.lang ?? '', label: file.label ?? '', url: url(file.id) })),
        }
      : null,
    attachments: files.filter((file) => file.role === 'attachment').map((file) => ({ name: file.name, size: file.size, url: url(file.id) })),
  };
}
