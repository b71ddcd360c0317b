// The lesson editor's live preview: the body as typed, rendered by the server's own renderer
// (course.lessons.render), never by a second one in the browser. Asked 400 ms after the typing
// stops; an answer to an older body than the latest asked is dropped. With the lesson's id, the
// lesson's own images show; `filesKey` changes when its files do, so an image just uploaded appears.
import { useEffect, useRef, useState } from 'react';
import { serverMessage } from '@/lib/server-message';
import { trpc } from '@/lib/trpc';

export const PREVIEW_DELAY_MS = 400;

export function useBodyPreview(body: string, lessonId?: string, filesKey = '') {
  const utils = trpc.useUtils();
  const [shown, setShown] = useState<{ body: string; html: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const asked = useRef(0);

  useEffect(() => {
    const ask = ++asked.current;
    // The first rendering at once; later ones once the typing pauses.
    const timer = setTimeout(
      () => {
        utils.client.course.lessons.render.mutate({ body, lessonId }).then(
          ({ html }) => {
            if (ask !== asked.current) return;
            setShown({ body, html });
            setError(null);
          },
          (failure: unknown) => {
            if (ask === asked.current) setError(serverMessage(failure, 'The preview could not be rendered'));
          },
        );
      },
      ask === 1 ? 0 : PREVIEW_DELAY_MS,
    );
    return () => clearTimeout(timer);
    // filesKey: not read, but a change of the files renders again.
  }, [body, lessonId, filesKey, utils]);

  return { html: shown?.html ?? null, current: shown?.body === body, error };
}
