// The stream room's test helpers: the transcode job run by hand as the queue would run it, and
// ffprobe. Its sources of a given size are media-clips.ts's sourceClip.
import { execFile } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { promisify } from 'node:util';
import type { JobContext } from '../../server/jobs/job-handler';
import { transcodeJob } from '../../server/course/stream/transcode-job';
import type { AdminApp } from './admin-app';

const run = promisify(execFile);

/** A context as the queue gives one: try `attempt` of 3, stopped by `signal`. */
export function jobContext(site: AdminApp, options: { attempt?: number; signal?: AbortSignal } = {}): JobContext {
  return { jobId: 'test-job', attempt: options.attempt ?? 1, maxAttempts: 3, signal: options.signal ?? new AbortController().signal, log: site.t.app.log };
}

/** The transcode handler over the test app's database and COURSE_FILES_ROOT (its real path, as app.ts gives it). */
export function transcodeHandler(site: AdminApp) {
  return transcodeJob({ db: site.db.db, config: site.t.config, courseFiles: { root: courseFilesRoot(site), urls: undefined as never } });
}

export const courseFilesRoot = (site: AdminApp) => realpathSync(site.t.config.courseFilesRoot);

/** ffprobe's JSON of a file, for the entries asked. */
export async function ffprobe(file: string, args: string[]): Promise<Record<string, unknown>> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-of', 'json', ...args, file], { maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(stdout) as Record<string, unknown>;
}
