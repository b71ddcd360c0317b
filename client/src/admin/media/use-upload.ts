// Sending the pending files (spec §4, §8): progress per file and overall while it runs, then the
// list cleared, the library reloaded and a quiet rescan, or the server's reason.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { MediaCategory } from '@shared/media';
import { MESSAGES } from '@shared/messages';
import type { LibraryFile } from '@/lib/media-types';
import { failureReason, uploadFiles, type UploadProgress } from '@/lib/request';
import { trpc } from '@/lib/trpc';
import { invalidateLibrary } from '@/lib/use-library-pages';
import { STATUS_MS, type ShowStatus } from '@/lib/use-timed-status';
import { MEDIA_KINDS } from './media-kinds';
import { NO_BASE_PATH_FOR_UPLOAD, type BasePathState } from './use-base-path';
import type { PendingFile } from './use-pending-files';

const UPLOAD_PATH = '/api/media/upload';

/** POST /api/media/upload's answer (CONTRACT "Media (admin)"). */
interface UploadAnswer {
  success: true;
  uploadedCount: number;
  files: LibraryFile[];
}

interface UseUploadOptions {
  basePath: BasePathState;
  showStatus: ShowStatus;
  onUploaded: () => void;
}

export function useUpload({ basePath, showStatus, onUploaded }: UseUploadOptions) {
  const utils = trpc.useUtils();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const uploading = progress !== null;
  // An upload still running when the section closes is cancelled, not left to finish unseen.
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  const upload = useCallback(
    async (category: MediaCategory, items: readonly PendingFile[]) => {
      if (uploading) return;
      if (items.length === 0) {
        showStatus(MESSAGES.noFilesToUpload);
        return;
      }
      if (basePath === 'missing') {
        showStatus(NO_BASE_PATH_FOR_UPLOAD);
        return;
      }
      const controller = new AbortController();
      abort.current = controller;
      setProgress({ overall: 0, files: items.map(() => 0) });
      try {
        const answer = await uploadFiles<UploadAnswer>(
          UPLOAD_PATH,
          items.map((item) => item.file),
          { fields: { mediaType: category }, fileField: 'files', onProgress: setProgress, signal: controller.signal },
        );
        showStatus(`Successfully uploaded ${answer.uploadedCount} file(s) to ${MEDIA_KINDS[category].word}.`, { durationMs: STATUS_MS.upload.done });
        onUploaded();
        void invalidateLibrary(utils);
      } catch (error) {
        if (controller.signal.aborted) return;
        showStatus(`Upload error: ${failureReason(error, 'Upload failed')}`, { durationMs: STATUS_MS.upload.error });
      } finally {
        if (!controller.signal.aborted) setProgress(null);
        abort.current = null;
      }
    },
    [basePath, onUploaded, showStatus, uploading, utils],
  );

  return { upload, uploading, progress };
}
