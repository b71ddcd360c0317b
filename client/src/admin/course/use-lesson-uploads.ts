// A lesson's file uploads (issue 26 "Files"): each chosen file is one request to
// POST /api/admin/course/lessons/{id}/files (the route takes one file), sent one after another,
// each with its own progress bar from XMLHttpRequest's upload progress, as the Media Manager's
// uploads do (lib/request.ts). A refused file says why and the next one still goes.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CourseFileRole } from '@shared/course';
import { failureReason, uploadFiles } from '@/lib/request';

export interface UploadRow {
  id: number;
  name: string;
  /** 0 to 1. */
  fraction: number;
  state: 'waiting' | 'sending' | 'done' | 'refused';
  reason?: string;
}

export interface UploadFields {
  role: CourseFileRole;
  lang?: string;
  label?: string;
}

export const lessonFilesPath = (lessonId: string) => `/api/admin/course/lessons/${encodeURIComponent(lessonId)}/files`;

export function useLessonUploads(lessonId: string, onUploaded: () => Promise<unknown>) {
  const [rows, setRows] = useState<UploadRow[]>([]);
  const [sending, setSending] = useState(false);
  const nextId = useRef(1);
  // Uploads still running when the editor closes are cancelled, not left to finish unseen.
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const update = (id: number, change: Partial<UploadRow>) => setRows((current) => current.map((row) => (row.id === id ? { ...row, ...change } : row)));

  const upload = useCallback(
    async (files: readonly File[], fields: UploadFields) => {
      if (files.length === 0) return;
      const queued = files.map((file) => ({ id: nextId.current++, file }));
      setRows((current) => [
        ...current.filter((row) => row.state !== 'done'),
        ...queued.map(({ id, file }) => ({ id, name: file.name, fraction: 0, state: 'waiting' as const })),
      ]);
      const controller = new AbortController();
      abort.current = controller;
      setSending(true);
      // The role first, then lang and label for captions: the route reads the fields before the file.
      const form: Record<string, string> = { role: fields.role };
      if (fields.role === 'captions') Object.assign(form, { lang: fields.lang ?? '', label: fields.label ?? '' });
      let uploaded = 0;
      for (const { id, file } of queued) {
        if (controller.signal.aborted) return;
        update(id, { state: 'sending' });
        try {
          await uploadFiles(lessonFilesPath(lessonId), [file], {
            fields: form,
            fileField: 'file',
            signal: controller.signal,
            onProgress: (progress) => update(id, { fraction: progress.files[0] ?? progress.overall }),
          });
          uploaded += 1;
          update(id, { state: 'done', fraction: 1 });
        } catch (error) {
          if (controller.signal.aborted) return;
          update(id, { state: 'refused', reason: failureReason(error, 'Upload failed') });
        }
      }
      abort.current = null;
      setSending(false);
      if (uploaded > 0) await onUploaded();
    },
    [lessonId, onUploaded],
  );

  return { rows, sending, upload };
}
