// A media file's transcode into HLS (CONTRACT §7) as the Course Manager says it, and whether the
// course tree is worth reading again soon: only while a transcode is queued or running.
import type { AdminFile, AdminModule } from './course-types';

export type Transcode = NonNullable<AdminFile['transcode']>;

/** How often the tree is read again while a transcode is under way: often enough for a live percent. */
export const TRANSCODE_POLL_MS = 2000;

export function transcodeWords(transcode: Transcode): string {
  switch (transcode.state) {
    case 'queued':
      return 'Preparing the stream: queued';
    case 'running':
      return `Preparing the stream: ${transcode.percent} %`;
    case 'done':
      return 'Streaming ready';
    case 'failed':
      return transcode.error ? `The stream failed: ${transcode.error}` : 'The stream failed, without a reason from ffmpeg.';
  }
}

export const isUnderWay = (transcode: AdminFile['transcode']) => transcode?.state === 'queued' || transcode?.state === 'running';

export function transcodesUnderWay(modules: readonly AdminModule[] | undefined): boolean {
  return (modules ?? []).some((module) => module.lessons.some((lesson) => lesson.files.some((file) => isUnderWay(file.transcode))));
}
