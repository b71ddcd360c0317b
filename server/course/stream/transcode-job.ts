// The 'course.transcode' job (CONTRACT §7 "Transcoding"; decision 046): one media file into HLS.
// The queue (jobs/) claims it, renews its lease and retries it; this reads the file, runs ffmpeg
// (transcoder.ts), publishes the output whole, and keeps course_streams in step for the Course
// Manager. Idempotent: a try run again after a crash makes the output again and replaces it.
import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { promisify } from 'node:util';
import type { AppDeps } from '../../app-deps';
import type { JobContext, JobHandler } from '../../jobs/job-handler';
import { storedPath } from '../files/files-disk';
import { findFileForServing } from '../files/files-data';
import { TRANSCODE_JOB, TRANSCODE_TRIES, type TranscodePayload } from '../transcode-queue';
import { markDone, markHandedBack, markRunning, markTryFailed } from './stream-data';
import { publishFolder, removeStreamFolder } from './stream-disk';
import { transcodeToFolder } from './transcoder';

/** The percent is written when it has moved this much: a few writes per transcode, not one per ffmpeg report. */
const PERCENT_STEP = 5;
/** Milliseconds before the second and the third try. */
const BACKOFF_MS = [30_000, 120_000] as const;

export const FFMPEG_MISSING = 'ffmpeg was not found: lesson media is served as uploaded, not streamed';

type TranscodeDeps = Pick<AppDeps, 'db' | 'config' | 'courseFiles'>;

/** A failure's reason in words, for the Course Manager. */
const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

const fileStillThere = async (deps: TranscodeDeps, fileId: string) => (await findFileForServing(deps.db, fileId)) !== undefined;

async function run(deps: TranscodeDeps, { fileId }: TranscodePayload, context: JobContext): Promise<void> {
  const found = await findFileForServing(deps.db, fileId);
  // Deleted or replaced since it was queued: nothing to do (its job was cancelled too).
  if (!found || found.file.role !== 'media') return;
  const { file } = found;
  const root = deps.courseFiles.root;
  // Progress writes one after another, and all before the try's last write.
  const saveFailed = (error: unknown) => context.log.warn({ err: error, fileId }, "could not save a transcode's progress");
  let writes: Promise<void> = markRunning(deps.db, fileId, 0).catch(saveFailed);
  let written = 0;
  try {
    const made = await transcodeToFolder({
      input: storedPath(root, file.storedName),
      kind: file.contentType.startsWith('audio/') ? 'audio' : 'video',
      courseFilesRoot: root,
      fileId,
      signal: context.signal,
      onPercent(percent) {
        if (percent < written + PERCENT_STEP) return;
        written = percent;
        writes = writes.then(() => markRunning(deps.db, fileId, percent)).catch(saveFailed);
      },
    });
    await writes;
    // Still ours, and still wanted: else the output goes, unpublished.
    if (context.signal.aborted || !(await fileStillThere(deps, fileId))) {
      await rm(made.folder, { recursive: true, force: true });
      context.signal.throwIfAborted();
      return;
    }
    await publishFolder(root, fileId, made.folder);
    // Deleted between that check and the rename: its deletion removed a folder not there yet, so this removes the one now there.
    if (!(await fileStillThere(deps, fileId))) {
      await removeStreamFolder(root, fileId);
      return;
    }
    await markDone(deps.db, fileId, made.heights);
    context.log.info({ fileId, heights: made.heights }, 'a lesson media file was transcoded into HLS');
  } catch (error) {
    await writes;
    if (context.signal.aborted) {
      await markHandedBack(deps.db, fileId);
      throw error;
    }
    // Deleted meanwhile (its source went with it): nothing was wanted of this try, and nothing is left of it.
    if (!(await fileStillThere(deps, fileId))) return;
    const last = context.attempt >= context.maxAttempts;
    await markTryFailed(deps.db, fileId, reasonOf(error), last);
    context.log.warn(
      { err: error, fileId, attempt: context.attempt },
      last ? 'a transcode failed for the last time' : 'a transcode failed; it will be tried again',
    );
    throw error;
  }
}

/** The handler the composition registers with the queue, where ffmpeg runs (ffmpegRuns). */
export function transcodeJob(deps: TranscodeDeps): JobHandler<TranscodePayload> {
  return {
    type: TRANSCODE_JOB,
    concurrency: deps.config.transcodeConcurrency,
    maxAttempts: TRANSCODE_TRIES,
    backoffMs: (attempt) => BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length) - 1] ?? BACKOFF_MS[0],
    run: (payload, context) => run(deps, payload, context),
    async onGaveUp({ fileId }, error) {
      await markTryFailed(deps.db, fileId, reasonOf(error), true);
    },
  };
}

const exec = promisify(execFile);

const checked = new Map<string, Promise<boolean>>();

/**
 * Whether ffmpeg and ffprobe run on this machine: asked once per process and PATH, since the answer
 * holds for its life and every start would otherwise wait on two child processes (about 100 ms).
 */
export function ffmpegRuns(commands: readonly string[] = ['ffmpeg', 'ffprobe']): Promise<boolean> {
  const key = [process.env.PATH, ...commands].join('\0');
  let answer = checked.get(key);
  if (!answer) {
    answer = Promise.all(commands.map((command) => exec(command, ['-version']))).then(
      () => true,
      () => false,
    );
    checked.set(key, answer);
  }
  return answer;
}
