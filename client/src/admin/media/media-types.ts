// The shapes the media screen trades in, taken from the server's router types (never its code).
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/trpc/router';

type MediaOutputs = inferRouterOutputs<AppRouter>['media'];

export type ScanSummary = NonNullable<MediaOutputs['lastScan']>;
export type LibraryFile = MediaOutputs['files']['files'][number];

/** POST /api/media/upload's answer (CONTRACT "Media (admin)"). */
export interface UploadAnswer {
  success: true;
  uploadedCount: number;
  files: LibraryFile[];
}
