// Retry on a failed transcode (CONTRACT §7: POST /api/admin/course/files/{id}/transcode, the tRPC
// mutation course.files.transcode): it queues the file again and answers its transcode. The one
// place the Course Manager calls it.
import { useCallback } from 'react';
import { trpc } from '@/lib/trpc';
import type { Transcode } from './transcode-words';

export function useTranscodeRetry(): (fileId: string) => Promise<Transcode> {
  const utils = trpc.useUtils();
  return useCallback(
    async (fileId: string) => {
      const answer = await utils.client.course.files.transcode.mutate({ id: fileId });
      return answer.transcode;
    },
    [utils],
  );
}
