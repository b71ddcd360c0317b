// What the audit trail says about the media library (media.upload, media.delete, media.scan). Its
// target is the base path the files are in.
import { count, someOf } from '../audit/summary';
import type { ScanRecord } from './scans';

export const mediaTarget = (basePath: string) => ({ type: 'media', id: basePath }) as const;

/** "uploaded 2 files: image/dawn.png, image/dusk.png" (paths relative to the base path) */
export const uploadedSummary = (paths: readonly string[]) => `uploaded ${count(paths.length, 'file')}: ${someOf(paths)}`;

/** "deleted 2 files: image/dawn.png, video/sea.mp4" */
export const deletedSummary = (paths: readonly string[]) => `deleted ${count(paths.length, 'file')}: ${someOf(paths)}`;

/** "scanned: 12 files (10 images, 2 videos, 0 audio)" */
export function scannedSummary({ discoveries: { total, images, videos, audio } }: ScanRecord): string {
  return `scanned: ${count(total, 'file')} (${count(images, 'image')}, ${count(videos, 'video')}, ${audio} audio)`;
}
