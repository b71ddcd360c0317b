// A lesson's file uploads (issue 26 "Files"; CONTRACT §7 "Resumable uploads"): each chosen file is
// a resumable upload (resumable-upload.ts, tus), sent one after another, each with its own
// progress bar, its speed and time left, and Pause and Resume. A paused file lets the next one go;
// a refused file says why in the server's words and the next one still goes. A file picked again
// after a reload resumes where the server says it stands.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CourseFileRole } from '@shared/course';
import { startResumableUpload, type ResumableUpload } from './resumable-upload';
import { describeSpeed, SpeedMeter } from './upload-speed';

export interface UploadRow {
  id: number;
  name: string;
  /** 0 to 1. */
  fraction: number;
  state: 'waiting' | 'sending' | 'paused' | 'done' | 'refused';
  reason?: string;
  /** "2.4 MB/s · 1 min 20 s left" while it goes and the speed is known. */
  speed?: string | null;
  /** A refusal that sending again may get past (a lost connection): Resume is offered. */
  retryable?: boolean;
}

export interface UploadFields {
  role: CourseFileRole;
  lang?: string;
  label?: string;
}

type Ending = 'done' | 'refused' | 'paused';

interface Running {
  upload?: ResumableUpload;
  meter: SpeedMeter;
  /** Settles the wait of whoever started or resumed it. */
  settle?: (ending: Ending) => void;
}

export function useLessonUploads(lessonId: string, onUploaded: () => Promise<unknown>) {
  const [rows, setRows] = useState<UploadRow[]>([]);
  const [sending, setSending] = useState(false);
  const nextId = useRef(1);
  const running = useRef(new Map<number, Running>());
  // Uploads still running when the editor closes are paused, not left to go on unseen: the server keeps what it has, for a resume.
  useEffect(() => {
    const all = running.current;
    return () => {
      for (const entry of all.values()) void entry.upload?.pause();
    };
  }, []);

  const update = (id: number, change: Partial<UploadRow>) => setRows((current) => current.map((row) => (row.id === id ? { ...row, ...change } : row)));

  /** Waits for the upload `id` to end: sent, refused or paused. */
  const ending = (entry: Running) => new Promise<Ending>((resolve) => (entry.settle = resolve));

  const send = useCallback(
    async (id: number, file: File, fields: UploadFields): Promise<Ending> => {
      const entry: Running = { meter: new SpeedMeter() };
      running.current.set(id, entry);
      update(id, { state: 'sending', reason: undefined, retryable: false });
      const ended = ending(entry);
      entry.upload = await startResumableUpload(
        file,
        { lessonId, ...fields },
        {
          onProgress: (sent, total) => {
            entry.meter.add(performance.now(), sent);
            update(id, { fraction: total > 0 ? sent / total : 1, speed: describeSpeed(entry.meter.bytesPerSecond(), total - sent) });
          },
          onSuccess: () => {
            update(id, { state: 'done', fraction: 1, speed: null });
            running.current.delete(id);
            entry.settle?.('done');
          },
          onError: ({ reason, retryable }) => {
            update(id, { state: 'refused', reason, retryable, speed: null });
            entry.settle?.('refused');
          },
        },
      );
      return ended;
    },
    [lessonId],
  );

  const upload = useCallback(
    async (files: readonly File[], fields: UploadFields) => {
      if (files.length === 0) return;
      const queued = files.map((file) => ({ id: nextId.current++, file }));
      setRows((current) => [
        ...current.filter((row) => row.state !== 'done'),
        ...queued.map(({ id, file }) => ({ id, name: file.name, fraction: 0, state: 'waiting' as const })),
      ]);
      setSending(true);
      let uploaded = 0;
      for (const { id, file } of queued) if ((await send(id, file, fields)) === 'done') uploaded += 1;
      setSending(false);
      if (uploaded > 0) await onUploaded();
    },
    [send, onUploaded],
  );

  const pause = useCallback(async (id: number) => {
    const entry = running.current.get(id);
    if (!entry?.upload) return;
    await entry.upload.pause();
    update(id, { state: 'paused', speed: null });
    entry.settle?.('paused');
  }, []);

  const resume = useCallback(
    async (id: number) => {
      const entry = running.current.get(id);
      if (!entry?.upload) return;
      entry.meter.reset();
      update(id, { state: 'sending', reason: undefined, retryable: false });
      const ended = ending(entry);
      entry.upload.resume();
      if ((await ended) === 'done') await onUploaded();
    },
    [onUploaded],
  );

  return { rows, sending, upload, pause, resume };
}
