// Each answer is saved as it is given (CONTRACT §8: a reload or a second tab shows it). A choice is
// sent at once; typing is sent once the member pauses (or leaves the field), not at each key.
// Saves of one question go one after another, so the server keeps the last answer given, never an
// older one that overtook it. A save that failed on the way is sent again by flush(), which Submit
// awaits: an attempt is never scored without an answer the member gave.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Answer } from '@shared/quiz';
import { httpStatusOf } from '@/lib/server-message';

/** How long typing pauses before the text is saved. */
export const TYPING_PAUSE_MS = 700;

export type SaveAnswer = (questionId: string, answer: Answer) => Promise<unknown>;
/** Saves in a request that outlives the page (fetch's keepalive). */
export type SaveAsPageLeaves = (questionId: string, answer: Answer) => void;

export interface AnswerSaver {
  /** Saves the answer: at once, or once typing pauses when `typing`. */
  give: (questionId: string, answer: Answer, typing?: boolean) => void;
  /** Sends the question's typed answer now if it waits for a pause (the member left the field). */
  settle: (questionId: string) => void;
  /** Sends what waits and what failed; answers whether every answer is saved. */
  flush: () => Promise<boolean>;
  /** The last save's failure, until a save succeeds again. */
  failure: unknown;
}

export function useAnswerSaver(save: SaveAnswer, saveAsPageLeaves: SaveAsPageLeaves): AnswerSaver {
  const chains = useRef(new Map<string, Promise<void>>());
  const waiting = useRef(new Map<string, { timer: ReturnType<typeof setTimeout>; answer: Answer }>());
  const failed = useRef(new Map<string, Answer>());
  const [failure, setFailure] = useState<unknown>(null);
  // The latest `save`, for the sends and the leaving below: a new one never cuts a pause short.
  const saveRef = useRef(save);
  const leavingRef = useRef(saveAsPageLeaves);
  useLayoutEffect(() => {
    saveRef.current = save;
    leavingRef.current = saveAsPageLeaves;
  });

  const send = useCallback((questionId: string, answer: Answer) => {
    const waitingOne = waiting.current.get(questionId);
    if (waitingOne) clearTimeout(waitingOne.timer);
    waiting.current.delete(questionId);
    failed.current.delete(questionId);
    const previous = chains.current.get(questionId) ?? Promise.resolve();
    const next = previous.then(() =>
      saveRef.current(questionId, answer).then(
        () => {
          if (failed.current.size === 0) setFailure(null);
        },
        (error: unknown) => {
          // Owed, and sent again, only if asking again may help (offline, a 5xx), and only if no
          // newer answer was given meanwhile. A refusal (the attempt submitted in another tab,
          // say) is only shown: Submit then goes ahead and gets the server's word on the attempt.
          const status = httpStatusOf(error);
          const refused = status !== undefined && status < 500;
          if (!refused && !waiting.current.has(questionId)) failed.current.set(questionId, answer);
          setFailure(error);
        },
      ),
    );
    chains.current.set(questionId, next);
    return next;
  }, []);

  const give = useCallback(
    (questionId: string, answer: Answer, typing = false) => {
      if (!typing) {
        void send(questionId, answer);
        return;
      }
      const waitingOne = waiting.current.get(questionId);
      if (waitingOne) clearTimeout(waitingOne.timer);
      waiting.current.set(questionId, { answer, timer: setTimeout(() => void send(questionId, answer), TYPING_PAUSE_MS) });
    },
    [send],
  );

  const settle = useCallback(
    (questionId: string) => {
      const waitingOne = waiting.current.get(questionId);
      if (waitingOne) void send(questionId, waitingOne.answer);
    },
    [send],
  );

  const flush = useCallback(async () => {
    const owed = new Map([...failed.current, ...[...waiting.current].map(([id, { answer }]) => [id, answer] as const)]);
    for (const [questionId, answer] of owed) void send(questionId, answer);
    await Promise.all(chains.current.values());
    return failed.current.size === 0 && waiting.current.size === 0;
  }, [send]);

  // Leaving mid-typing still saves what was typed: leaving the attempt (its view unmounts) by the
  // usual call; leaving the page (a reload, a closed tab) by one that outlives it.
  useEffect(() => {
    const pending = waiting.current;
    const sendAll = (send: SaveAsPageLeaves) => {
      for (const [questionId, { timer, answer }] of pending) {
        clearTimeout(timer);
        send(questionId, answer);
      }
      pending.clear();
    };
    const onPageHide = () => sendAll((questionId, answer) => leavingRef.current(questionId, answer));
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      sendAll((questionId, answer) => void saveRef.current(questionId, answer).catch(() => {}));
    };
  }, []);

  return { give, settle, flush, failure };
}
