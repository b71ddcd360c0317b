// A lesson's media stream as the lesson call hands it to a member who may open it (CONTRACT §7
// "Delivery"): the signed master playlist and poster once the transcode is done and its output is
// on disk; null until then, and the member gets the original file as before.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { AppDeps } from '../../app-deps';
import { findStream } from './stream-data';
import { streamFolder } from './stream-disk';
import { MASTER_PLAYLIST, POSTER } from './transcoder';

const isFile = (file: string) =>
  stat(file).then(
    (stats) => stats.isFile(),
    () => false,
  );

/** The stream of media file `fileId` for member `memberId` in their session issued at `sessionIssuedAtMs`, or null. */
export async function lessonStream(
  deps: Pick<AppDeps, 'db' | 'courseFiles' | 'courseStreams'>,
  fileId: string,
  memberId: string,
  sessionIssuedAtMs: number,
): Promise<{ url: string; poster: string | null } | null> {
  const stream = await findStream(deps.db, fileId);
  if (stream?.state !== 'done') return null;
  const folder = streamFolder(deps.courseFiles.root, fileId);
  const [master, poster] = await Promise.all([isFile(path.join(folder, MASTER_PLAYLIST)), isFile(path.join(folder, POSTER))]);
  if (!master) return null;
  const prefix = deps.courseStreams.urls.prefixFor(fileId, memberId, sessionIssuedAtMs);
  return { url: `${prefix}${MASTER_PLAYLIST}`, poster: poster ? `${prefix}${POSTER}` : null };
}
