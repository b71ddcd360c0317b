// Where a resumable upload's bytes wait until its last PATCH (CONTRACT §7 "Resumable uploads"):
// @tus/file-store's FileStore in COURSE_FILES_ROOT/.tus/, one data file and one .json of its
// metadata per upload. A folder inside the root, so that the finished file is given its stored
// name by a hard link on the same file system, never copied; the orphan sweep
// (orphan-sweep.ts) looks at the root's own regular files only, never into a folder.
//
// What this store adds to FileStore: the leading-bytes check of the multipart call, as soon as the
// bytes it reads are in (a mismatch removes the upload with its bytes: 415), and only the
// extensions the site serves (no deferred length: the role's limit is checked on Upload-Length at
// creation; expiry is counted from the last byte by tus-expiry.ts, not from the creation).
import { FileStore } from '@tus/file-store';
import type { Upload } from '@tus/utils';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { COURSE_FILE_ROLES, type CourseFileRole } from '../../../shared/course';
import { contentMatchesExtension, leadingBytes, SIGNATURE_BYTES } from '../../media/signatures';
import { wrongContentMessage } from './file-types';

export const TUS_FOLDER = '.tus';

/** What the site keeps in an upload's metadata, set by the server at creation (tus-uploads.ts), never taken as the client sent it. */
export interface UploadRecord {
  /** The admin who created it: the only one who may touch it. */
  owner: string;
  lessonId: string;
  role: CourseFileRole;
  /** The client's name, sanitised (media/file-names.ts). */
  filename: string;
  extension: string;
  lang?: string | undefined;
  label?: string | undefined;
}

export function toMetadata(record: UploadRecord): Record<string, string> {
  const { lang, label, ...rest } = record;
  return { ...rest, ...(lang === undefined ? {} : { lang }), ...(label === undefined ? {} : { label }) };
}

/** The record of an upload this site created; null for anything else (a .json put there by hand, a half-written one). */
export function recordOf(upload: Upload): UploadRecord | null {
  const m = upload.metadata ?? {};
  const { owner, lessonId, role, filename, extension } = m;
  if (!owner || !lessonId || !filename || !extension || !COURSE_FILE_ROLES.includes(role as CourseFileRole)) return null;
  return { owner, lessonId, role: role as CourseFileRole, filename, extension, lang: m.lang ?? undefined, label: m.label ?? undefined };
}

/** A tus error: @tus/server answers with its status and body. */
export const tusRefusal = (status_code: number, body: string) => ({ status_code, body });

export class CourseUploadStore extends FileStore {
  constructor(root: string) {
    super({ directory: path.join(root, TUS_FOLDER), expirationPeriodInMilliseconds: 0 });
    this.extensions = ['creation', 'creation-with-upload', 'termination'];
  }

  /** Where an upload's bytes are (only ever an id tus-route.ts has checked, or one this server named). */
  dataPath(id: string): string {
    return path.join(this.directory, id);
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    const written = await super.write(readable, id, offset);
    if (offset < SIGNATURE_BYTES && written > offset) await this.checkLeadingBytes(id, written);
    return written;
  }

  /** Once the bytes the check reads are in (or the whole of a shorter file): a mismatch removes the upload. */
  private async checkLeadingBytes(id: string, written: number) {
    const upload = await this.getUpload(id);
    if (written < Math.min(SIGNATURE_BYTES, upload.size ?? SIGNATURE_BYTES)) return;
    const record = recordOf(upload);
    if (record && contentMatchesExtension(record.extension, await leadingBytes(this.dataPath(id)))) return;
    await this.remove(id);
    throw tusRefusal(415, wrongContentMessage(record?.filename ?? 'the file', record?.extension ?? ''));
  }
}
