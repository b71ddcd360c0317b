// The tus 1.0.0 server of the Course Manager's resumable uploads (CONTRACT §7), @tus/server over
// CourseUploadStore (tus-store.ts). tus-route.ts checks who calls and what before a request
// reaches it, and hands it the upload's record through `callers`; here are the protocol's hooks:
// the record becomes the upload's metadata at creation (the owner from the session, never from the
// client), and the last PATCH attaches the file as the multipart call does (attach-upload.ts).
import { MemoryLocker, Server, type ServerOptions } from '@tus/server';
import type { Locker, Upload } from '@tus/utils';
import type { FastifyBaseLogger } from 'fastify';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { AppDeps } from '../../app-deps';
import type { SessionUser } from '../../trpc/context';
import { findLesson } from '../content/content-data';
import { admitFile, attachUpload, noSuchLesson } from './attach-upload';
import { CourseUploadStore, recordOf, toMetadata, tusRefusal, type UploadRecord } from './tus-store';

export const UPLOADS_PATH = '/api/admin/course/uploads';

/** How long a request waits for an upload's lock (another PATCH or HEAD of it) before a 423. */
export const LOCK_WAIT_MS = 5000;

/** Who sent a request tus is handling, and, at creation, the record its upload gets. */
export interface Caller {
  admin: SessionUser;
  log: FastifyBaseLogger;
  record?: UploadRecord;
}

export interface CourseUploads {
  tus: Server;
  store: CourseUploadStore;
  /** Set by tus-route.ts for each request before tus sees it. */
  callers: WeakMap<Request, Caller>;
}

export function createCourseUploads(deps: AppDeps, locker: Locker = new MemoryLocker({ acquireLockTimeout: LOCK_WAIT_MS })): CourseUploads {
  const store = new CourseUploadStore(deps.courseFiles.root);
  const callers = new WeakMap<Request, Caller>();
  const callerOf = (req: Request) => {
    const caller = callers.get(req);
    // tus-route.ts sets one for every request it hands over.
    if (!caller) throw new Error('an upload request reached tus without its caller');
    return caller;
  };
  const options: ServerOptions & { datastore: CourseUploadStore } = {
    path: UPLOADS_PATH,
    datastore: store,
    locker,
    // Location: /api/admin/course/uploads/{id}, whatever host or proxy the request came through.
    relativeLocation: true,
    // A creation's own limit is the role's, checked before (tus-route.ts); this is the largest any role takes.
    maxSize: deps.config.courseFileMaxBytes,
    // A request waiting for the lock asks the holder to stop, and gives it this long to let go.
    lockDrainTimeout: 1000,
    namingFunction: () => crypto.randomUUID(),
    onUploadCreate: async (req) => {
      const { record } = callerOf(req);
      if (!record) throw new Error('an upload was created without its record');
      return { metadata: toMetadata(record) };
    },
    // A fault (an Error, not one of tus's or the site's refusals) is logged; its answer says only Internal Server Error (tus-route.ts).
    onResponseError: (req, error) => {
      if (!('status_code' in error)) callers.get(req)?.log.error({ err: error }, 'a resumable upload request failed');
      return undefined;
    },
    onUploadFinish: async (req, upload) => {
      await finish(deps, store, callerOf(req), upload);
      return {};
    },
  };
  return { tus: new Server(options), store, callers };
}

/**
 * The last byte is in: the file is checked and attached, and what tus kept of it goes, whether the
 * file was taken (its bytes now have their stored name) or refused. A fault of the server (a 500)
 * keeps it, so that the client's retry of the last PATCH finishes it.
 */
async function finish(deps: AppDeps, store: CourseUploadStore, caller: Caller, upload: Upload) {
  const record = recordOf(upload);
  if (!record) throw tusRefusal(404, 'No upload with that id');
  try {
    const fields = { role: record.role, lang: record.lang, label: record.label };
    // The lesson may have gone, or changed its kind, since the upload began.
    const lesson = await findLesson(deps.db, record.lessonId);
    if (!lesson) throw noSuchLesson(record.lessonId);
    await attachUpload(deps, {
      admin: caller.admin,
      lessonId: lesson._id,
      fields,
      admitted: admitFile(lesson, fields, record.filename),
      received: store.dataPath(upload.id),
      log: caller.log,
    });
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    const status = getHTTPStatusCodeFromError(error);
    if (status >= 500) throw error;
    await store.remove(upload.id).catch(() => {});
    throw tusRefusal(status, error.message);
  }
  await store
    .remove(upload.id)
    .catch((error: unknown) => caller.log.warn({ err: error, uploadId: upload.id }, 'a finished upload’s leftovers were not removed'));
}
